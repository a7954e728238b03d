package knowledge_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// cast is a base owned by Olga, an employee, and the people whose roles
// the tests give: Ivan on his own, Lena through her department, Pavel
// through a group; Nina holds nothing.
type cast struct {
	h                             *apitest.Harness
	olga, ivan, lena, pavel, nina string // tokens
	ivanID, lenaID, pavelID       string
	dept, group                   string
	base                          string
}

func person(t *testing.T, h *apitest.Harness, first, login string, extra map[string]any) (string, string) {
	t.Helper()
	body := map[string]any{"firstName": first, "lastName": "Тестов", "login": login, "password": "password-" + first,
		"canLogin": true, "isWorking": true}
	for k, v := range extra {
		body[k] = v
	}
	r := h.Do("POST", "/api/v3/employee", apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("employee %s: %s", first, r.Body)
	}
	return r.Obj()["id"].(string), h.SignIn(login, "password-"+first)
}

func newCast(t *testing.T, h *apitest.Harness) *cast {
	c := &cast{h: h}
	_, c.olga = person(t, h, "Olga", "olga@example.com", nil)
	c.ivanID, c.ivan = person(t, h, "Ivan", "ivan@example.com", nil)
	c.dept = must(t, h.Do("POST", "/api/v3/department", apitest.Req{Body: map[string]any{"name": "Продажи"}}))["id"].(string)
	c.lenaID, c.lena = person(t, h, "Lena", "lena@example.com", map[string]any{"department": apitest.Link("Department", c.dept)})
	c.pavelID, c.pavel = person(t, h, "Pavel", "pavel@example.com", nil)
	_, c.nina = person(t, h, "Nina", "nina@example.com", nil)
	c.group = must(t, h.Do("POST", "/api/v3/group", apitest.Req{Body: map[string]any{"name": "Поддержка",
		"children": []any{apitest.Link("Employee", c.pavelID)}}}))["id"].(string)
	c.base = must(t, c.do("POST", "/knowledgeBase", c.olga, map[string]any{"name": "Справочник"}))["id"].(string)
	return c
}

// do sends a call under /api/v3 as token.
func (c *cast) do(method, path, token string, body any) *apitest.Resp {
	return c.h.Do(method, "/api/v3"+path, apitest.Req{Token: token, Body: body})
}

// grant gives who a role on the base as Olga.
func (c *cast) grant(t *testing.T, who map[string]any, role string) string {
	t.Helper()
	return must(t, c.do("POST", "/knowledgeBase/"+c.base+"/rights", c.olga, map[string]any{"user": who, "role": role}))["id"].(string)
}

// article makes an article under a base or article path as token.
func (c *cast) article(t *testing.T, under, token, name string) string {
	t.Helper()
	return must(t, c.do("POST", under+"/article", token, map[string]any{"name": name, "content": "<p>" + name + "</p>"}))["id"].(string)
}

// tree is the names of the base's live articles, level by level, each
// level's in tree order, with the parent's name ("" at the root).
func (c *cast) tree(t *testing.T, token string) []string {
	t.Helper()
	list := c.do("GET", "/knowledgeBase/"+c.base+"/articles", token, nil).List()
	names, under := map[string]string{}, map[string][]string{}
	for _, a := range list {
		id, p := a["id"].(string), ""
		if pl, ok := a["parent"].(map[string]any); ok {
			p = pl["id"].(string)
		}
		names[id] = a["name"].(string)
		under[p] = append(under[p], id)
	}
	var out []string
	level := []string{""}
	for len(level) > 0 {
		var next []string
		for _, p := range level {
			for _, id := range under[p] {
				out = append(out, names[p]+"/"+names[id])
				next = append(next, id)
			}
		}
		level = next
	}
	return out
}

func must(t *testing.T, r *apitest.Resp) map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	return r.Obj()
}
