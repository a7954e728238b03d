package doc_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// cast is a root folder owned by Olga, an employee, and the people whose
// rights the tests give: Ivan on his own, Lena through her department,
// Pavel through a group; Nina holds nothing.
type cast struct {
	h                             *apitest.Harness
	olga, ivan, lena, pavel, nina string // tokens
	olgaID, ivanID, lenaID        string
	pavelID, ninaID               string
	dept, group                   string
	root                          string
}

func person(t testing.TB, h *apitest.Harness, first, login string, extra map[string]any) (string, string) {
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

func newCast(t testing.TB, h *apitest.Harness) *cast {
	c := &cast{h: h}
	c.olgaID, c.olga = person(t, h, "Olga", "olga@example.com", nil)
	c.ivanID, c.ivan = person(t, h, "Ivan", "ivan@example.com", nil)
	c.dept = must(t, h.Do("POST", "/api/v3/department", apitest.Req{Body: map[string]any{"name": "Продажи"}}))["id"].(string)
	c.lenaID, c.lena = person(t, h, "Lena", "lena@example.com", map[string]any{"department": apitest.Link("Department", c.dept)})
	c.pavelID, c.pavel = person(t, h, "Pavel", "pavel@example.com", nil)
	c.ninaID, c.nina = person(t, h, "Nina", "nina@example.com", nil)
	c.group = must(t, h.Do("POST", "/api/v3/group", apitest.Req{Body: map[string]any{"name": "Поддержка",
		"children": []any{apitest.Link("Employee", c.pavelID)}}}))["id"].(string)
	c.root = c.folder(t, "", c.olga, "Договоры")
	return c
}

// do sends a call under /api/v3 as token.
func (c *cast) do(method, path, token string, body any) *apitest.Resp {
	return c.h.Do(method, "/api/v3"+path, apitest.Req{Token: token, Body: body})
}

// folder makes a folder under parent ("" for the root) as token.
func (c *cast) folder(t testing.TB, parent, token, name string) string {
	t.Helper()
	body := map[string]any{"name": name}
	if parent != "" {
		body["parent"] = apitest.Link("DocFolder", parent)
	}
	return must(t, c.do("POST", "/docFolder", token, body))["id"].(string)
}

// text makes a text document in a folder as token.
func (c *cast) text(t *testing.T, folder, token, name, content string) string {
	t.Helper()
	return must(t, c.do("POST", "/doc", token, map[string]any{"name": name,
		"folder": apitest.Link("DocFolder", folder), "content": content}))["id"].(string)
}

// give gives who a right on a folder or document as Olga.
func (c *cast) give(t testing.TB, subject, who map[string]any, rights string) string {
	t.Helper()
	return must(t, c.do("POST", "/docRights", c.olga, map[string]any{"subject": subject, "user": who, "rights": rights}))["id"].(string)
}

func must(t testing.TB, r *apitest.Resp) map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	return r.Obj()
}

// seen answers what token may do with a folder or document: "unseen",
// "read" or "edit", by its possibleActions.
func (c *cast) seen(t *testing.T, path, token string) string {
	t.Helper()
	r := c.do("GET", path, token, nil)
	if r.Status == 404 {
		return "unseen"
	}
	acts, _ := must(t, r)["possibleActions"].([]any)
	for _, a := range acts {
		if a == "act_edit" {
			return "edit"
		}
	}
	return "read"
}
