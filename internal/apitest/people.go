package apitest

import "testing"

// NewUser creates an employee who can sign in and returns their token.
func (h *Harness) NewUser(t testing.TB, login string) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/employee", Req{Body: map[string]any{"firstName": "Пётр", "lastName": login,
		"login": login, "password": "long enough pass", "canLogin": true}})
	if r.Status != 200 {
		t.Fatalf("create %s: %d %s", login, r.Status, r.Body)
	}
	return h.SignIn(login, "long enough pass")
}

// Link is a link object {contentType, id} of a request body.
func Link(typ, id string) map[string]any { return map[string]any{"contentType": typ, "id": id} }
