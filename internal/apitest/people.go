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

// Person creates an employee who can sign in and returns their id and a
// bearer token.
func (h *Harness) Person(t testing.TB, first, login, password string) (string, string) {
	t.Helper()
	r := h.Do("POST", "/api/v3/employee", Req{Body: map[string]any{"firstName": first, "lastName": "Тестов",
		"login": login, "password": password, "canLogin": true, "isWorking": true}})
	if r.Status != 200 {
		t.Fatalf("create %s: %s", login, r.Body)
	}
	return r.Obj()["id"].(string), h.SignIn(login, password)
}

// PasswordGrant asks for a token with the OAuth password grant.
func (h *Harness) PasswordGrant(login, password string) *Resp {
	return h.Do("POST", "/api/v3/auth/access_token", Req{NoAuth: true, Form: map[string]string{
		"grant_type": "password", "username": login, "password": password}})
}

// Discussion is an administrator's task with Lev responsible for it and
// Mira, who cannot see it: the cast of the comment and file tests.
type Discussion struct {
	H         *Harness
	Task      string
	Lev, Mira string // tokens
	LevID     string
	TaskPath  string
	ListPath  string // the task's comments
}

// NewDiscussion makes the task and its two people.
func NewDiscussion(t testing.TB, h *Harness) *Discussion {
	w := &Discussion{H: h, Lev: h.NewUser(t, "lev@example.com"), Mira: h.NewUser(t, "mira@example.com")}
	w.LevID = h.Do("GET", "/api/v3/currentUser", Req{Token: w.Lev}).Obj()["id"].(string)
	r := h.Do("POST", "/api/v3/task", Req{Body: map[string]any{"name": "Обсудить отчёт",
		"responsible": map[string]any{"contentType": "Employee", "id": w.LevID}}})
	if r.Status != 200 {
		t.Fatalf("task: %s", r.Body)
	}
	w.Task = r.Obj()["id"].(string)
	w.TaskPath = "/api/v3/task/" + w.Task
	w.ListPath = w.TaskPath + "/comments"
	return w
}

// Post comments on the task as token and returns the comment.
func (w *Discussion) Post(t testing.TB, token string, body map[string]any) map[string]any {
	t.Helper()
	r := w.H.Do("POST", w.ListPath, Req{Token: token, Body: body})
	if r.Status != 200 {
		t.Fatalf("comment: %d %s", r.Status, r.Body)
	}
	return r.Obj()
}

// ExtraField adds an extra field to the type at endpoint (contractorHuman,
// deal…) and returns its name.
func (h *Harness) ExtraField(t testing.TB, endpoint string, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/"+endpoint+"/extraFields", Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("extra field: %d %s", r.Status, r.Body)
	}
	return r.Obj()["name"].(string)
}
