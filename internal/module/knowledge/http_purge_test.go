package knowledge_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Deleting what is in the trash deletes it for good: an article with the
// rows dropped with it (its editors only), a base with all its articles
// (its owners only); neither can be restored afterwards.
func TestPurgeFromTrash(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		b := "/knowledgeBase/" + c.base
		c.grant(t, apitest.Link("Employee", c.ivanID), "editor")
		c.grant(t, apitest.Link("Group", c.group), "reader")
		rules := c.article(t, b, c.olga, "Правила")
		leave := c.article(t, "/knowledgeArticle/"+rules, c.olga, "Отпуск")
		keep := c.article(t, b, c.olga, "Контакты")
		must(t, c.do("DELETE", "/knowledgeArticle/"+rules, c.ivan, nil))
		h.Run(t, []apitest.Scenario{
			{Name: "a reader purges nothing", Method: "DELETE", Path: "/api/v3/knowledgeArticle/" + rules, Status: 403, Req: apitest.Req{Token: c.pavel}},
			{Name: "only the trash item itself", Method: "DELETE", Path: "/api/v3/knowledgeArticle/" + leave, Status: 422,
				Req: apitest.Req{Token: c.ivan}, Contains: []string{"knowledge_not_dropped"}},
		})
		must(t, c.do("DELETE", "/knowledgeArticle/"+rules, c.ivan, nil))
		h.Run(t, []apitest.Scenario{
			{Name: "gone", Method: "GET", Path: "/api/v3/knowledgeArticle/" + rules, Status: 404},
			{Name: "with what went with it", Method: "GET", Path: "/api/v3/knowledgeArticle/" + leave, Status: 404},
			{Name: "no restoring it", Method: "POST", Path: "/api/v3/knowledgeArticle/" + rules + "/recover", Status: 404},
			{Name: "out of the trash", Method: "GET", Path: "/api/v3/knowledgeBase/trash", Status: 200, NotContains: []string{"Правила"}},
			{Name: "the rest stays", Method: "GET", Path: "/api/v3/knowledgeArticle/" + keep, Status: 200},
		})

		// A base: dropped, then deleted for good with its articles.
		must(t, c.do("DELETE", b, c.olga, nil))
		h.Run(t, []apitest.Scenario{
			{Name: "an editor does not purge a base", Method: "DELETE", Path: "/api/v3" + b, Status: 403, Req: apitest.Req{Token: c.ivan}},
		})
		must(t, c.do("DELETE", b, c.olga, nil))
		h.Run(t, []apitest.Scenario{
			{Name: "the base is gone", Method: "GET", Path: "/api/v3" + b, Status: 404},
			{Name: "its articles too", Method: "GET", Path: "/api/v3/knowledgeArticle/" + keep, Status: 404},
			{Name: "and the trash is empty", Method: "GET", Path: "/api/v3/knowledgeBase/trash", Status: 200, NotContains: []string{`"item"`}},
		})
	})
}
