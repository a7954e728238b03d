package knowledge_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Malformed bodies and ids answer 4xx with meta.errors, never 500.
func TestBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		art := c.article(t, "/knowledgeBase/"+c.base, c.olga, "Один")
		a := "/api/v3/knowledgeArticle/" + art
		req := func(body any) apitest.Req { return apitest.Req{Token: c.olga, Body: body} }
		h.Run(t, []apitest.Scenario{
			{Name: "sort: a list", Method: "POST", Path: "/api/v3/knowledgeArticle/sort", Req: req("[1]"), Status: 422},
			{Name: "sort: source text", Method: "POST", Path: "/api/v3/knowledgeArticle/sort", Status: 422,
				Req: req(map[string]any{"source": "x", "target": apitest.Link("KnowledgeArticle", art), "position": "after"}), Contains: []string{`"field":"source"`}},
			{Name: "sort: a base as target", Method: "POST", Path: "/api/v3/knowledgeArticle/sort", Status: 422,
				Req: req(map[string]any{"source": apitest.Link("KnowledgeArticle", art), "target": apitest.Link("KnowledgeBase", c.base), "position": "after"})},
			{Name: "moveTo: text", Method: "POST", Path: a + "/moveTo", Req: req(`"x"`), Status: 422},
			{Name: "moveTo: a task", Method: "POST", Path: a + "/moveTo", Req: req(apitest.Link("Task", "1")), Status: 422},
			{Name: "recover: target a number", Method: "POST", Path: a + "/recover", Req: req(map[string]any{"target": 5}), Status: 422},
			{Name: "multiRights: users not a list", Method: "POST", Path: "/api/v3/knowledgeBase/" + c.base + "/multiRights",
				Req: req(map[string]any{"users": "all", "role": "reader"}), Status: 422},
			{Name: "rights: no role", Method: "POST", Path: "/api/v3/knowledgeBase/" + c.base + "/rights",
				Req: req(map[string]any{"user": apitest.Link("Employee", c.ivanID)}), Status: 422, Contains: []string{`"field":"role"`}},
			{Name: "a missing article", Method: "GET", Path: "/api/v3/knowledgeArticle/999999", Req: req(nil), Status: 404},
			{Name: "a missing base's articles", Method: "GET", Path: "/api/v3/knowledgeBase/999999/articles", Req: req(nil), Status: 404},
			{Name: "a missing version", Method: "POST", Path: a + "/versions/999999/restore", Req: req(nil), Status: 404},
			{Name: "name not text", Method: "POST", Path: a, Req: req(map[string]any{"name": []any{1}}), Status: 422},
			{Name: "an unknown field", Method: "POST", Path: a, Req: req(map[string]any{"colour": "red"}), Status: 422},
		})
		if got := c.tree(t, c.olga); len(got) != 1 || got[0] != "/Один" {
			t.Errorf("the bad calls changed the tree: %v", got)
		}
	})
}
