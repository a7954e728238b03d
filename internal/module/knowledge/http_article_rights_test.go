package knowledge_test

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Roles on an article: given any, the article and the sub-articles that
// follow it are closed to the base's readers and editors who hold no
// role on it; the base's owners keep it; a sub-article made later, moved
// in or copied follows; taking the last role away opens it again.
func TestArticleRights(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		c.grant(t, apitest.Link("Employee", c.ivanID), "editor")
		c.grant(t, apitest.Link("Department", c.dept), "reader") // Lena
		b := "/knowledgeBase/" + c.base
		salary := c.article(t, b, c.olga, "Зарплаты")
		open := c.article(t, b, c.olga, "Отпуск")
		s := "/knowledgeArticle/" + salary
		check := func(name, method, path, token string, body any, status int) *apitest.Resp {
			t.Helper()
			r := c.do(method, path, token, body)
			if r.Status != status {
				t.Errorf("%s: %d, want %d: %s", name, r.Status, status, r.Body)
			}
			return r
		}
		seen := func(token string) []string {
			t.Helper()
			var out []string
			for _, a := range c.do("GET", b+"/articles", token, nil).List() {
				out = append(out, a["name"].(string))
			}
			slices.Sort(out)
			return out
		}
		check("a reader lists the article's own roles (none yet)", "GET", s+"/rights", c.lena, nil, 200)
		check("an editor of the base gives no role on an article", "POST", s+"/rights", c.ivan,
			map[string]any{"user": apitest.Link("Employee", c.pavelID), "role": "reader"}, 403)

		// Olga (the base's owner) closes "Зарплаты" to all but Pavel, a reader.
		r := check("an owner gives a role", "POST", s+"/rights", c.olga,
			map[string]any{"user": apitest.Link("Group", c.group), "role": "reader"}, 200)
		right := r.Obj()["id"].(string)
		c.article(t, s, c.olga, "Премии") // made after: follows its parent
		if got := seen(c.lena); !slices.Equal(got, []string{"Отпуск"}) {
			t.Errorf("a base reader without a role on it: %v", got)
		}
		if got := seen(c.ivan); !slices.Equal(got, []string{"Отпуск"}) {
			t.Errorf("a base editor without a role on it: %v", got)
		}
		if got := seen(c.olga); len(got) != 3 {
			t.Errorf("the base's owner sees all: %v", got)
		}
		check("closed to a base editor", "GET", s, c.ivan, nil, 404)
		check("nor written by them", "POST", s, c.ivan, map[string]any{"content": "x"}, 404)
		check("nor given a child by them", "POST", s+"/article", c.ivan, map[string]any{"name": "x"}, 404)
		check("nor its roles read", "GET", s+"/rights", c.ivan, nil, 404)
		// Pavel has no role on the base, yet reads the article through his group.
		if got := seen(c.pavel); !slices.Equal(got, []string{"Премии", "Зарплаты"}) && !slices.Equal(got, []string{"Зарплаты", "Премии"}) {
			t.Errorf("a reader of the article only: %v", got)
		}
		if role := must(t, c.do("GET", s, c.pavel, nil))["accessRole"]; role != "reader" {
			t.Errorf("Pavel's role on the article: %v", role)
		}
		check("a reader of the article writes nothing", "POST", s, c.pavel, map[string]any{"content": "x"}, 403)
		check("and does not see the open one", "GET", "/knowledgeArticle/"+open, c.pavel, nil, 404)

		// Ivan becomes the article's editor: he writes it, not the base's other articles' roles.
		check("multiRights", "POST", s+"/multiRights", c.olga,
			map[string]any{"users": []any{apitest.Link("Employee", c.ivanID)}, "role": "editor"}, 200)
		check("an article editor writes", "POST", s, c.ivan, map[string]any{"content": "<p>Оклад</p>"}, 200)
		if role := must(t, c.do("GET", s, c.ivan, nil))["accessRole"]; role != "editor" {
			t.Errorf("Ivan's role: %v", role)
		}
		// Moving an open article under the closed one closes it.
		check("move in", "POST", "/knowledgeArticle/"+open+"/moveTo", c.olga, apitest.Link("KnowledgeArticle", salary), 200)
		if got := seen(c.lena); len(got) != 0 {
			t.Errorf("moved under a closed article: %v", got)
		}
		// A copy of the closed article is closed to the same people.
		check("copy", "POST", s+"/copy", c.olga, nil, 200)
		if got := seen(c.lena); len(got) != 0 {
			t.Errorf("a copy of a closed article: %v", got)
		}

		bad := []struct {
			name, method, path string
			body               any
			status             int
		}{
			{"a bad role", "POST", s + "/rights", map[string]any{"user": apitest.Link("Employee", c.ivanID), "role": "boss"}, 422},
			{"a bad subject", "POST", s + "/rights", map[string]any{"user": apitest.Link("Task", "1"), "role": "reader"}, 422},
			{"an unknown subject", "POST", s + "/rights", map[string]any{"user": apitest.Link("Employee", "9999"), "role": "reader"}, 422},
			{"an unknown article", "GET", "/knowledgeArticle/9999/rights", nil, 404},
			{"an unknown right", "DELETE", s + "/rights/9999", nil, 404},
		}
		for _, tc := range bad {
			check(tc.name, tc.method, tc.path, c.olga, tc.body, tc.status)
		}
		if n := len(c.do("GET", s+"/rights", c.olga, nil).List()); n != 2 {
			t.Errorf("bad calls changed the roles: %d", n)
		}

		// Taking every role away opens the article to the base again.
		for _, x := range c.do("GET", s+"/rights", c.olga, nil).List() {
			check("revoke", "DELETE", s+"/rights/"+x["id"].(string), c.olga, nil, 200)
		}
		check("a right taken away is gone", "DELETE", s+"/rights/"+right, c.olga, nil, 404)
		// The copy keeps its own roles: still closed.
		if got := seen(c.lena); !slices.Equal(got, []string{"Зарплаты", "Отпуск", "Премии"}) {
			t.Errorf("opened again: %v", got)
		}
		check("Pavel lost it", "GET", s, c.pavel, nil, 404)
	})
}
