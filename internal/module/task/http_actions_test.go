package task_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/task"
)

// taskCast is who takes part in the machine tests: four employees who sign
// in with their own tokens, one per table role, and Boris to delegate to.
// The engine's clock is the test's, so every timestamp is known exactly.
type taskCast struct {
	h     *apitest.Harness
	clock atomic.Int64
	tok   map[task.Role]string
	id    map[task.Role]string
	boris string
}

var taskRoles = []task.Role{task.Owner, task.Responsible, task.Executor, task.Auditor}

func newTaskCast(t *testing.T, h *apitest.Harness) *taskCast {
	c := &taskCast{h: h, tok: map[task.Role]string{}, id: map[task.Role]string{}}
	c.clock.Store(time.Now().Truncate(time.Second).UnixMilli())
	h.Srv.Engine.Now = func() time.Time { return time.UnixMilli(c.clock.Load()) }
	names := map[task.Role]string{task.Owner: "Olga", task.Responsible: "Roman", task.Executor: "Egor", task.Auditor: "Anna", "": "Boris"}
	for role, name := range names {
		login := strings.ToLower(name) + "@example.com"
		r := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": name, "login": login, "password": "password-" + name, "canLogin": true}})
		if r.Status != 200 {
			t.Fatalf("employee %s: %s", name, r.Body)
		}
		if role == "" {
			c.boris = r.Obj()["id"].(string)
			continue
		}
		c.id[role], c.tok[role] = r.Obj()["id"].(string), h.SignIn(login, "password-"+name)
	}
	return c
}

// tick moves the clock on, so an action's timestamps differ from setup's.
func (c *taskCast) tick() { c.clock.Add(int64(time.Minute / time.Millisecond)) }

func endpoint(kind string) string { return "/api/v3/" + strings.ToLower(kind[:1]) + kind[1:] }

var askedDeadline = map[string]any{"contentType": "DateOnly", "year": 2031, "month": 4, "day": 20}

// make creates a kind in a status with the cast in their roles (a created
// task has no responsible yet); pending adds the responsible's (or the
// executor's) request to move the deadline.
func (c *taskCast) make(t *testing.T, kind, status string, pending bool) string {
	t.Helper()
	body := map[string]any{"name": kind + " " + status, "status": status, "isTemplate": status == task.Template,
		"owner": apitest.Link("Employee", c.id[task.Owner]), "executors": []any{apitest.Link("Employee", c.id[task.Executor])},
		"auditors": []any{apitest.Link("Employee", c.id[task.Auditor])}}
	if status != task.Created {
		body["responsible"] = apitest.Link("Employee", c.id[task.Responsible])
	}
	r := c.h.Do("POST", endpoint(kind), apitest.Req{Body: body})
	if r.Status != 200 || r.Obj()["status"] != status {
		t.Fatalf("make %s %s: %s", kind, status, r.Body)
	}
	id := r.Obj()["id"].(string)
	if pending {
		asker := c.tok[task.Responsible]
		if status == task.Created {
			asker = c.tok[task.Executor] // nobody is responsible yet
		}
		r := c.h.Do("POST", endpoint(kind)+"/"+id+"/changeDeadline", apitest.Req{Token: asker,
			Body: map[string]any{"deadline": askedDeadline, "request": "Не успеваю"}})
		if r.Status != 200 || !strings.Contains(string(r.Body), `"deadlineChangeRequest":{"contentType":"DeadlineChangeRequest"`) {
			t.Fatalf("deadline request: %s", r.Body)
		}
	}
	return id
}

func (c *taskCast) get(t *testing.T, kind, id, tok string) map[string]any {
	t.Helper()
	r := c.h.Do("GET", endpoint(kind)+"/"+id, apitest.Req{Token: tok})
	if r.Status != 200 {
		t.Fatalf("get %s %s: %s", kind, id, r.Body)
	}
	return r.Obj()
}

func (c *taskCast) do(kind, id, tok, action string) *apitest.Resp {
	body := map[string]any{"action": action}
	if action == "act_delegate" {
		body["responsible"] = apitest.Link("Employee", c.boris)
	}
	return c.h.Do("POST", endpoint(kind)+"/"+id+"/doAction", apitest.Req{Token: tok, Body: body})
}

func possible(m map[string]any, action string) bool {
	list, _ := m["possibleActions"].([]any)
	return slices.Contains(list, any(action))
}

// at is a DateTime field's value, "" when empty.
func at(m map[string]any, field string) string {
	v, _ := m[field].(map[string]any)
	s, _ := v["value"].(string)
	return s
}

func linkID(m map[string]any, field string) string {
	v, _ := m[field].(map[string]any)
	s, _ := v["id"].(string)
	return s
}

// TestTaskMachine runs every row of the machine, for every from-status and
// every role it names, on both databases: the action is in that user's
// possibleActions, is done, and leaves the row's status and effects; and
// every role no row allows it to lacks it and gets 403.
func TestTaskMachine(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		for _, row := range task.Table {
			for _, from := range row.From {
				for _, role := range row.Roles {
					t.Run(fmt.Sprintf("%s %s %s by %s", row.Kind, from, row.Action, role), func(t *testing.T) {
						h.T = t
						c.row(t, row, from, role)
					})
				}
			}
		}
		h.T = t
	})
}

func (c *taskCast) row(t *testing.T, row task.Row, from string, role task.Role) {
	kind := row.Kind
	id := c.make(t, kind, from, row.Guard == task.Pending)
	before := c.get(t, kind, id, c.tok[task.Owner])
	for _, other := range taskRoles {
		only := func(r task.Role) bool { return r == other }
		if task.Find(kind, from, row.Action, only, true) != nil || (other == task.Responsible && from == task.Created) {
			continue // allowed, or nobody holds the role yet
		}
		if possible(c.get(t, kind, id, c.tok[other]), row.Action) {
			t.Errorf("%s has %s", other, row.Action)
		}
		if r := c.do(kind, id, c.tok[other], row.Action); r.Status != 403 || !strings.Contains(string(r.Body), `"type":"access_denied"`) ||
			!strings.Contains(string(r.Body), `"message":"Нет доступа"`) {
			t.Errorf("%s doing %s: %d %s", other, row.Action, r.Status, r.Body)
		}
	}
	if !possible(c.get(t, kind, id, c.tok[role]), row.Action) {
		t.Fatalf("%s lacks %s", role, row.Action)
	}
	c.tick()
	r := c.do(kind, id, c.tok[role], row.Action)
	if r.Status != 200 {
		t.Fatalf("%s: %d %s", row.Action, r.Status, r.Body)
	}
	got := r.Obj()
	want := row.To
	if want == "" {
		want = from
	}
	now := at(got, "activity")
	if got["status"] != want || now == "" || now == at(before, "activity") {
		t.Fatalf("status %v activity %q, want %s and a new activity: %s", got["status"], now, want, r.Body)
	}
	wantChange := at(before, "statusChangeTime")
	if want != from {
		wantChange = now
	}
	if at(got, "statusChangeTime") != wantChange {
		t.Errorf("statusChangeTime %q, want %q", at(got, "statusChangeTime"), wantChange)
	}
	finish := at(before, "actualFinish")
	for _, eff := range row.Effects {
		switch eff {
		case task.Start:
			if want == task.Accepted && at(got, "actualStart") != now {
				t.Errorf("actualStart %q, want %q", at(got, "actualStart"), now)
			}
		case task.Finish:
			finish = now
		case task.Reopen:
			finish = ""
		case task.TakeUp, task.SetResponsible:
			who := map[task.Effect]string{task.TakeUp: c.id[role], task.SetResponsible: c.boris}[eff]
			if linkID(got, "responsible") != who {
				t.Errorf("responsible %v, want %s", got["responsible"], who)
			}
		case task.TakeDeadline, task.DropDeadline:
			c.checkAnswered(t, before, got, eff == task.TakeDeadline)
		case task.Convert:
			if got["contentType"] == kind || c.h.Do("GET", endpoint(kind)+"/"+id, apitest.Req{}).Status != 404 {
				t.Errorf("not converted: %s", r.Body)
			}
		}
	}
	if at(got, "actualFinish") != finish {
		t.Errorf("actualFinish %q, want %q", at(got, "actualFinish"), finish)
	}
}

// checkAnswered: the request has the answer, the record no longer names
// it, and the deadline is the asked one exactly when it was accepted.
func (c *taskCast) checkAnswered(t *testing.T, before, got map[string]any, accepted bool) {
	t.Helper()
	reqID := linkID(before, "deadlineChangeRequest")
	req := c.h.Do("GET", "/api/v3/deadlineChangeRequest/"+reqID, apitest.Req{}).Obj()
	want, deadline := "rejected", before["deadline"]
	if accepted {
		want, deadline = "accepted", any(askedDeadline)
	}
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	if req["status"] != want || linkID(req, "whoUpdated") == "" || got["deadlineChangeRequest"] != nil || js(got["deadline"]) != js(deadline) {
		t.Errorf("request %v, task deadline %v (want %v), still names %v", req["status"], got["deadline"], deadline, got["deadlineChangeRequest"])
	}
}

// TestTaskMachineRefusals: whatever the table has no row for answers 403
// even to an administrator, and is not offered; unknown actions are 422.
func TestTaskMachineRefusals(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		all := []string{task.Created, task.Assigned, task.Accepted, task.Done, task.Completed, task.Rejected,
			task.Cancelled, task.Expired, task.Delayed, task.Overdue, task.Template}
		anyone := func(task.Role) bool { return true }
		for _, kind := range []string{"Task", "Project"} {
			for _, status := range all {
				id := c.make(t, kind, status, false)
				acts := c.get(t, kind, id, h.Token)
				for _, action := range task.KnownActions(kind) {
					if action == "act_delete" || task.Find(kind, status, action, anyone, true) != nil {
						continue
					}
					if possible(acts, action) {
						t.Errorf("%s %s offers %s", kind, status, action)
					}
					if r := c.do(kind, id, h.Token, action); r.Status != 403 {
						t.Errorf("%s %s %s: %d %s", kind, status, action, r.Status, r.Body)
					}
				}
			}
		}
		id := c.make(t, "Task", task.Accepted, false)
		hidden := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Чужая"}}).Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "accepting a deadline nobody asked for", Method: "POST", Path: "/api/v3/task/" + id + "/doAction",
				Req: apitest.Req{Body: map[string]any{"action": "act_accept_deadline"}}, Status: 403},
			{Name: "unknown action", Method: "POST", Path: "/api/v3/task/" + id + "/doAction",
				Req: apitest.Req{Body: map[string]any{"action": "act_fly"}}, Status: 422, Contains: []string{`"field":"action"`, `"type":"invalid_enum"`, "act_takeup"}},
			{Name: "act_edit is not done by doAction", Method: "POST", Path: "/api/v3/task/" + id + "/doAction",
				Req: apitest.Req{Body: map[string]any{"action": "act_edit"}}, Status: 422},
			{Name: "a task action on a project", Method: "POST", Path: "/api/v3/project/" + c.make(t, "Project", task.Accepted, false) + "/doAction",
				Req: apitest.Req{Body: map[string]any{"action": "act_accept_task"}}, Status: 422},
			{Name: "no action", Method: "POST", Path: "/api/v3/task/" + id + "/doAction", Req: apitest.Req{Body: map[string]any{}}, Status: 422,
				Contains: []string{`"type":"required"`}},
			{Name: "invisible task", Method: "POST", Path: "/api/v3/task/" + hidden + "/doAction",
				Req: apitest.Req{Token: c.tok[task.Owner], Body: map[string]any{"action": "act_takeup"}}, Status: 404},
		})
	})
}
