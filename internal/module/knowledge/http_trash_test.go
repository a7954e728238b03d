package knowledge_test

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// An article goes to the trash with its subtree as one item and comes
// back with exactly what went with it; readers neither see the trash nor
// restore; a base goes and comes back whole.
func TestTrashAndRestore(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		b := "/knowledgeBase/" + c.base
		c.grant(t, apitest.Link("Employee", c.ivanID), "editor")
		c.grant(t, apitest.Link("Group", c.group), "reader")
		rules := c.article(t, b, c.olga, "Правила")
		leave := c.article(t, "/knowledgeArticle/"+rules, c.olga, "Отпуск")
		c.article(t, "/knowledgeArticle/"+leave, c.olga, "Заявление")
		other := c.article(t, b, c.olga, "Контакты")
		sick := c.article(t, "/knowledgeArticle/"+rules, c.olga, "Больничный")
		want := []string{"/Правила", "/Контакты", "Правила/Отпуск", "Правила/Больничный", "Отпуск/Заявление"}
		if got := c.tree(t, c.pavel); !sameSet(got, want) {
			t.Fatalf("the tree: %v", got)
		}
		// Больничный goes on its own first: restoring Правила must not
		// bring it back.
		must(t, c.do("DELETE", "/knowledgeArticle/"+sick, c.ivan, nil))
		must(t, c.do("DELETE", "/knowledgeArticle/"+rules, c.ivan, nil))
		if got := c.tree(t, c.olga); !sameSet(got, []string{"/Контакты"}) {
			t.Errorf("after the drop: %v", got)
		}
		trash := c.do("GET", "/knowledgeBase/trash", c.ivan, nil).List()
		if len(trash) != 2 || trash[0]["item"].(map[string]any)["name"] != "Правила" || trash[0]["parentsCount"] != float64(1) ||
			trash[1]["parentsCount"] != float64(2) {
			t.Errorf("the editor's trash: %v", trash)
		}
		if l := c.do("GET", "/knowledgeBase/trash", c.pavel, nil).List(); len(l) != 0 {
			t.Errorf("a reader's trash: %v", l)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a dropped article is read, not written", Method: "POST", Path: "/api/v3/knowledgeArticle/" + leave, Status: 422,
				Req: apitest.Req{Token: c.ivan, Body: map[string]any{"content": "x"}}, Contains: []string{"knowledge_dropped"}},
			{Name: "no child under a dropped article", Method: "POST", Path: "/api/v3/knowledgeArticle/" + leave + "/article", Status: 422,
				Req: apitest.Req{Token: c.ivan, Body: map[string]any{"name": "x"}}},
			{Name: "a reader restores nothing", Method: "POST", Path: "/api/v3/knowledgeArticle/" + rules + "/recover", Status: 403,
				Req: apitest.Req{Token: c.pavel}},
			{Name: "an outsider does not see it", Method: "POST", Path: "/api/v3/knowledgeArticle/" + rules + "/recover", Status: 404,
				Req: apitest.Req{Token: c.nina}},
			{Name: "only the item itself is restored", Method: "POST", Path: "/api/v3/knowledgeArticle/" + leave + "/recover", Status: 422,
				Req: apitest.Req{Token: c.ivan}, Contains: []string{"knowledge_not_dropped"}},
			{Name: "not into the trash", Method: "POST", Path: "/api/v3/knowledgeArticle/" + rules + "/recover", Status: 422,
				Req: apitest.Req{Token: c.ivan, Body: map[string]any{"target": apitest.Link("KnowledgeArticle", sick)}}},
			{Name: "a bad target", Method: "POST", Path: "/api/v3/knowledgeArticle/" + rules + "/recover", Status: 422,
				Req: apitest.Req{Token: c.ivan, Body: map[string]any{"target": apitest.Link("Task", "1")}}, Contains: []string{`"field":"target"`}},
		})
		r := c.do("POST", "/knowledgeArticle/"+rules+"/recover", c.ivan, map[string]any{})
		if r.Status != 200 || len(r.List()) != 3 {
			t.Fatalf("recover: %s", r.Body)
		}
		if got := c.tree(t, c.pavel); !sameSet(got, []string{"/Контакты", "/Правила", "Правила/Отпуск", "Отпуск/Заявление"}) {
			t.Errorf("restored without what went on its own: %v", got)
		}
		if l := c.do("GET", "/knowledgeBase/trash", c.ivan, nil).List(); len(l) != 1 || l[0]["item"].(map[string]any)["id"] != sick {
			t.Errorf("the trash after: %v", l)
		}
		must(t, c.do("POST", "/knowledgeArticle/"+sick+"/recover", c.ivan, map[string]any{"target": apitest.Link("KnowledgeArticle", other)}))
		if got := c.tree(t, c.pavel); !slices.Contains(got, "Контакты/Больничный") {
			t.Errorf("restored under a target: %v", got)
		}

		h.Run(t, []apitest.Scenario{
			{Name: "an editor drops no base", Method: "DELETE", Path: "/api/v3" + b, Status: 403, Req: apitest.Req{Token: c.ivan}},
			{Name: "the owner drops the base", Method: "DELETE", Path: "/api/v3" + b, Status: 200, Req: apitest.Req{Token: c.olga}},
			{Name: "gone from the list", Method: "GET", Path: "/api/v3/knowledgeBase", Status: 200, Req: apitest.Req{Token: c.olga},
				NotContains: []string{"Справочник"}},
			{Name: "in the owner's trash", Method: "GET", Path: "/api/v3/knowledgeBase/trash", Status: 200, Req: apitest.Req{Token: c.olga},
				Contains: []string{`"contentType":"KnowledgeBase"`}},
			{Name: "not in the editor's", Method: "GET", Path: "/api/v3/knowledgeBase/trash", Status: 200, Req: apitest.Req{Token: c.ivan},
				NotContains: []string{`"contentType":"KnowledgeBase","id"`}},
			{Name: "no article in a dropped base", Method: "POST", Path: "/api/v3" + b + "/article", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"name": "x"}}},
			{Name: "the owner restores it", Method: "POST", Path: "/api/v3" + b + "/recover", Status: 200, Req: apitest.Req{Token: c.olga},
				Contains: []string{`"isDropped":false`}},
			{Name: "restored once", Method: "POST", Path: "/api/v3" + b + "/recover", Status: 422, Req: apitest.Req{Token: c.olga}},
		})
		if got := c.tree(t, c.pavel); len(got) != 5 {
			t.Errorf("the base came back whole: %v", got)
		}
	})
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}
