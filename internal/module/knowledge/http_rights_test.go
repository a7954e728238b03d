package knowledge_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Roles on a base: nobody does not see it, a reader reads, an editor
// writes articles, an owner renames, drops and gives roles; the
// effective role is the strongest of one's own, department's and groups'.
func TestRoles(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		art := c.article(t, "/knowledgeBase/"+c.base, c.olga, "Отпуск")
		b, a := "/knowledgeBase/"+c.base, "/knowledgeArticle/"+art
		check := func(name, method, path, token string, body any, status int) {
			t.Helper()
			if r := c.do(method, path, token, body); r.Status != status {
				t.Errorf("%s: %d, want %d: %s", name, r.Status, status, r.Body)
			}
		}
		role := func(token string) string {
			t.Helper()
			r := c.do("GET", b, token, nil)
			if r.Status == 404 {
				return "unseen"
			}
			return must(t, r)["accessRole"].(string)
		}
		if got := role(c.olga); got != "owner" {
			t.Errorf("the creator: %s", got)
		}
		for _, tok := range []string{c.ivan, c.lena, c.pavel, c.nina} {
			if got := role(tok); got != "unseen" {
				t.Errorf("no role yet: %s", got)
			}
		}
		check("nobody reads an article", "GET", a, c.nina, nil, 404)
		check("nobody lists the articles", "GET", b+"/articles", c.nina, nil, 404)
		if l := c.do("GET", "/knowledgeBase", c.nina, nil).List(); len(l) != 0 {
			t.Errorf("nobody's base list: %v", l)
		}
		ivanRight := c.grant(t, apitest.Link("Employee", c.ivanID), "reader")
		if got := role(c.ivan); got != "reader" {
			t.Errorf("a reader: %s", got)
		}
		check("a reader reads", "GET", a, c.ivan, nil, 200)
		check("a reader reads the rights", "GET", b+"/rights", c.ivan, nil, 200)
		check("a reader writes no article", "POST", b+"/article", c.ivan, map[string]any{"name": "x"}, 403)
		check("a reader writes no article by the generic route", "POST", "/knowledgeArticle", c.ivan,
			map[string]any{"name": "x", "base": apitest.Link("KnowledgeBase", c.base)}, 403)
		check("a reader edits no article", "POST", a, c.ivan, map[string]any{"content": "x"}, 403)
		check("a reader drops no article", "DELETE", a, c.ivan, nil, 403)
		check("a reader renames no base", "POST", b, c.ivan, map[string]any{"name": "x"}, 403)

		c.grant(t, apitest.Link("Employee", c.ivanID), "editor")
		check("an editor writes", "POST", a, c.ivan, map[string]any{"content": "<p>Новый текст</p>"}, 200)
		check("an editor adds", "POST", b+"/article", c.ivan, map[string]any{"name": "График"}, 200)
		check("an editor renames no base", "POST", b, c.ivan, map[string]any{"name": "x"}, 403)
		check("an editor drops no base", "DELETE", b, c.ivan, nil, 403)
		check("an editor gives no roles", "POST", b+"/rights", c.ivan,
			map[string]any{"user": apitest.Link("Employee", c.lenaID), "role": "owner"}, 403)
		check("the owner renames", "POST", b, c.olga, map[string]any{"name": "Справочник сотрудника"}, 200)

		c.grant(t, apitest.Link("Department", c.dept), "editor")
		c.grant(t, apitest.Link("Employee", c.lenaID), "reader")
		if got := role(c.lena); got != "editor" {
			t.Errorf("the department's editor over her own reader: %s", got)
		}
		c.grant(t, apitest.Link("Group", c.group), "reader")
		if got := role(c.pavel); got != "reader" {
			t.Errorf("through the group: %s", got)
		}
		check("a group's reader writes nothing", "POST", a, c.pavel, map[string]any{"content": "x"}, 403)

		c.grant(t, apitest.Link("Employee", c.ivanID), "nobody")
		if got := role(c.ivan); got != "unseen" {
			t.Errorf("nobody again: %s", got)
		}
		check("the right goes", "DELETE", b+"/rights/"+ivanRight, c.olga, nil, 200)
		check("a right that is not there", "DELETE", b+"/rights/"+ivanRight, c.olga, nil, 404)
		if got := role(h.Token); got != "owner" {
			t.Errorf("an administrator: %s", got)
		}
		if len(c.do("GET", "/knowledgeBase/all", c.pavel, nil).List()) != 3 {
			t.Errorf("all for the group's reader: %s", c.do("GET", "/knowledgeBase/all", c.pavel, nil).Body)
		}
	})
}

// Bad rights input answers 422 with meta.errors and changes nothing; a
// base always keeps an owner.
func TestRightsBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		b := "/knowledgeBase/" + c.base
		rights := c.do("GET", b+"/rights", c.olga, nil).List()
		if len(rights) != 1 || rights[0]["role"] != "owner" || rights[0]["isSelf"] != true {
			t.Fatalf("the creator's right: %v", rights)
		}
		own := rights[0]["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "unknown role", Method: "POST", Path: "/api/v3" + b + "/rights", Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"user": apitest.Link("Employee", c.ivanID), "role": "king"}}, Contains: []string{`"field":"role"`}},
			{Name: "a task is no subject", Method: "POST", Path: "/api/v3" + b + "/rights", Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"user": apitest.Link("Task", "1"), "role": "reader"}}, Contains: []string{`"field":"user"`}},
			{Name: "a missing employee", Method: "POST", Path: "/api/v3" + b + "/rights", Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"user": apitest.Link("Employee", "999999"), "role": "reader"}}},
			{Name: "body not JSON", Method: "POST", Path: "/api/v3" + b + "/rights", Status: 400, Req: apitest.Req{Token: c.olga,
				Body: "[1,2"}},
			{Name: "the last owner stays", Method: "DELETE", Path: "/api/v3" + b + "/rights/" + own, Status: 422,
				Req: apitest.Req{Token: c.olga}, Contains: []string{"knowledge_last_owner"}},
			{Name: "the last owner stays a owner", Method: "POST", Path: "/api/v3" + b + "/rights", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"user": apitest.Link("Employee", "2"), "role": "reader"}}},
			{Name: "many at once", Method: "POST", Path: "/api/v3" + b + "/multiRights", Status: 200, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"users": []any{apitest.Link("Employee", c.ivanID), apitest.Link("Group", c.group)}, "role": "reader"}},
				Contains: []string{`"role":"reader"`, `"contentType":"Group"`}},
			{Name: "a base needs a name", Method: "POST", Path: "/api/v3/knowledgeBase", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"name": " "}}, Contains: []string{`"field":"name"`}},
			{Name: "an article needs a base", Method: "POST", Path: "/api/v3/knowledgeArticle", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"name": "x"}}, Contains: []string{`"field":"base"`}},
			{Name: "an unseen base", Method: "POST", Path: "/api/v3" + b + "/article", Status: 404,
				Req: apitest.Req{Token: c.nina, Body: map[string]any{"name": "x"}}},
		})
		if n := len(c.do("GET", b+"/rights", c.olga, nil).List()); n != 3 {
			t.Errorf("rights after the bad calls: %d", n)
		}
	})
}
