package task_test

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/task"
)

// rightsByAct is the brief of the rights object: each of these booleans
// says whether possibleActions holds its act_*, and doAction with that
// act succeeds exactly when it is true.
var rightsByAct = map[string]string{
	"remove": "act_delete", "acceptTask": "act_accept_task", "rejectTask": "act_reject_task",
	"acceptWork": "act_accept_work", "rejectWork": "act_reject_work", "done": "act_done",
	"pause": "act_pause", "resume": "act_resume", "cancel": "act_cancel", "expire": "act_expire",
	"renew": "act_renew", "convert": "act_convert", "delegate": "act_delegate", "takeup": "act_takeup",
	"acceptDeadline": "act_accept_deadline", "rejectDeadline": "act_reject_deadline",
}

// rightsReaders are who read: the four table roles and an administrator
// named nowhere on the record (the harness's own user).
var rightsReaders = []task.Role{task.Owner, task.Responsible, task.Executor, task.Auditor, "admin"}

func (c *taskCast) token(role task.Role) string {
	if role == "admin" {
		return c.h.Token
	}
	return c.tok[role]
}

// rightsOf reads a record's rights as role; nil when the role does not
// see the record (the responsible of a task nobody is responsible for).
func (c *taskCast) rightsOf(t *testing.T, kind, id string, role task.Role) (map[string]any, map[string]any) {
	t.Helper()
	r := c.h.Do("GET", endpoint(kind)+"/"+id, apitest.Req{Token: c.token(role)})
	if r.Status == 404 {
		return nil, nil
	}
	obj := r.Obj()
	rights, _ := obj["rights"].(map[string]any)
	if r.Status != 200 || rights == nil {
		t.Fatalf("%s reads %s %s: %d %s", role, kind, id, r.Status, r.Body)
	}
	return obj, rights
}

// checkShape: {"contentType": "TaskRights", "id": the record's id} and
// exactly the reference's booleans.
func checkShape(t *testing.T, kind, id string, rights map[string]any) {
	t.Helper()
	if rights["contentType"] != kind+"Rights" || rights["id"] != id {
		t.Fatalf("rights shape: %v", rights)
	}
	var keys []string
	for k, v := range rights {
		if k == "contentType" || k == "id" {
			continue
		}
		if _, isBool := v.(bool); !isBool {
			t.Errorf("rights.%s = %v, not a boolean", k, v)
		}
		keys = append(keys, k)
	}
	want := slices.Clone(task.RightsFields(kind))
	sort.Strings(keys)
	sort.Strings(want)
	if !slices.Equal(keys, want) {
		t.Errorf("rights fields %v, want %v", keys, want)
	}
	for _, f := range task.NotOffered {
		if rights[f] == true {
			t.Errorf("%s is not offered yet, but true", f)
		}
	}
}

// TestTaskRightsObject: for rows of the table, statuses and readers, each
// rights.X matches possibleActions and what doAction then does.
func TestTaskRightsObject(t *testing.T) {
	cases := []struct {
		kind, status string
		pending      bool
	}{
		{"Task", task.Created, false}, {"Task", task.Assigned, false}, {"Task", task.Accepted, false},
		{"Task", task.Done, false}, {"Task", task.Completed, false}, {"Task", task.Accepted, true},
		{"Task", task.Delayed, false}, {"Project", task.Accepted, false}, {"Project", task.Done, true},
	}
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		for _, tc := range cases {
			t.Run(fmt.Sprintf("%s %s pending=%v", tc.kind, tc.status, tc.pending), func(t *testing.T) {
				h.T = t
				shared := c.make(t, tc.kind, tc.status, tc.pending)
				for _, role := range rightsReaders {
					obj, rights := c.rightsOf(t, tc.kind, shared, role)
					if rights == nil {
						if role != task.Responsible || tc.status != task.Created {
							t.Fatalf("%s does not see it", role)
						}
						continue
					}
					checkShape(t, tc.kind, shared, rights)
					for field, act := range rightsByAct {
						if _, ok := rights[field]; !ok {
							continue // not a right of this kind
						}
						if rights[field] != possible(obj, act) {
							t.Errorf("%s: rights.%s %v, possibleActions %v", role, field, rights[field], obj["possibleActions"])
						}
						c.tryAction(t, tc.kind, tc.status, tc.pending, shared, role, field, act, rights[field] == true)
					}
					if rights["read"] != true || rights["edit"] != possible(obj, "act_edit") {
						t.Errorf("%s: read %v edit %v, possibleActions %v", role, rights["read"], rights["edit"], obj["possibleActions"])
					}
					c.tryDeadline(t, tc.kind, tc.status, tc.pending, shared, role, rights)
				}
			})
		}
		h.T = t
	})
}

// tryAction does act as role: where rights say no, on the shared record,
// which must answer 403 and stay as it was; where they say yes, on a
// fresh record in the same state, which must take it.
func (c *taskCast) tryAction(t *testing.T, kind, status string, pending bool, shared string, role task.Role, field, act string, allowed bool) {
	t.Helper()
	if !allowed {
		if r := c.do(kind, shared, c.token(role), act); r.Status != 403 {
			t.Errorf("%s %s without rights.%s: %d %s", role, act, field, r.Status, r.Body)
		}
		return
	}
	id := c.make(t, kind, status, pending)
	if _, rights := c.rightsOf(t, kind, id, role); rights[field] != true {
		t.Fatalf("%s: rights.%s differ on a record in the same state", role, field)
	}
	if r := c.do(kind, id, c.token(role), act); r.Status != 200 {
		t.Errorf("%s %s with rights.%s: %d %s", role, act, field, r.Status, r.Body)
	}
}

// tryDeadline: changeDeadline moves the deadline at once, requestDeadline
// files a request instead, and with neither the call is refused.
func (c *taskCast) tryDeadline(t *testing.T, kind, status string, pending bool, shared string, role task.Role, rights map[string]any) {
	t.Helper()
	change, ask := rights["changeDeadline"] == true, rights["requestDeadline"] == true
	if change && ask {
		t.Fatalf("%s: both changeDeadline and requestDeadline", role)
	}
	id := shared
	if change || ask {
		id = c.make(t, kind, status, pending)
	}
	moved := map[string]any{"contentType": "DateOnly", "year": 2032, "month": 0, "day": 15}
	r := c.h.Do("POST", endpoint(kind)+"/"+id+"/changeDeadline", apitest.Req{Token: c.token(role), Body: map[string]any{"deadline": moved}})
	switch {
	case change:
		if r.Status != 200 || !strings.Contains(string(r.Body), `"deadline":{"contentType":"DateOnly","day":15,"month":0,"year":2032}`) {
			t.Errorf("%s changeDeadline: %d %s", role, r.Status, r.Body)
		}
	case ask:
		req := c.get(t, kind, id, c.tok[task.Owner])["deadlineChangeRequest"]
		if r.Status != 200 || req == nil || strings.Contains(string(r.Body), `"year":2032`) {
			t.Errorf("%s requestDeadline: %d %s", role, r.Status, r.Body)
		}
	default:
		if r.Status != 403 {
			t.Errorf("%s changeDeadline without rights: %d %s", role, r.Status, r.Body)
		}
	}
}

// The rights that are no act_*: editing the name, adding an executor, a
// subtask, a copy as template and a milestone are refused exactly where
// rights say false.
func TestTaskRightsObjectWrites(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		for _, role := range rightsReaders {
			id := c.make(t, "Task", task.Accepted, false)
			_, rights := c.rightsOf(t, "Task", id, role)
			tok := c.token(role)
			path := "/api/v3/task/" + id
			tries := map[string]*apitest.Resp{
				"editMainInfo":  h.Do("POST", path, apitest.Req{Token: tok, Body: map[string]any{"name": "Новое название " + string(role)}}),
				"createSubtask": h.Do("POST", "/api/v3/task", apitest.Req{Token: tok, Body: map[string]any{"name": "Подзадача", "parent": apitest.Link("Task", id)}}),
				"toTemplate":    h.Do("POST", path+"/clone", apitest.Req{Token: tok, Body: map[string]any{"isTemplate": true}}),
				"editExecutors": h.Do("POST", path+"/executors", apitest.Req{Token: tok, Body: apitest.Link("Employee", c.boris)}),
				"createMilestone": h.Do("POST", path+"/milestones", apitest.Req{Token: tok, Body: map[string]any{"name": "Отчёт", "description": "Итоги", "type": "report",
					"date": map[string]any{"contentType": "DateTime", "value": "2026-12-01T10:00:00+00:00"}}}),
			}
			for field, r := range tries {
				if got := r.Status == 200; got != (rights[field] == true) || !got && r.Status != 403 {
					t.Errorf("%s: rights.%s %v, the call answered %d %s", role, field, rights[field], r.Status, r.Body)
				}
			}
			if rights["useTemplate"] != false || rights["reminderRecipient"] != (role != "admin") {
				t.Errorf("%s: useTemplate %v reminderRecipient %v", role, rights["useTemplate"], rights["reminderRecipient"])
			}
		}
		// A negotiation task: its items go with editing it.
		r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Согласование", "isNegotiation": true,
			"owner": apitest.Link("Employee", c.id[task.Owner]), "responsible": apitest.Link("Employee", c.id[task.Responsible]),
			"executors": []any{apitest.Link("Employee", c.id[task.Executor])}}})
		neg := r.Obj()["id"].(string)
		for _, role := range []task.Role{task.Responsible, task.Executor} {
			_, rights := c.rightsOf(t, "Task", neg, role)
			add := h.Do("POST", "/api/v3/task/"+neg+"/negotiationItems", apitest.Req{Token: c.token(role),
				Body: map[string]any{"actualVersion": map[string]any{"text": "Редакция"}}})
			if (add.Status == 200) != (rights["addNewNegotiationItem"] == true) || rights["addNewNegotiationItem"] != (role == task.Responsible) {
				t.Errorf("%s: addNewNegotiationItem %v, the call answered %d %s", role, rights["addNewNegotiationItem"], add.Status, add.Body)
			}
		}
		// A template: used (cloned into work) by who may create tasks.
		tpl := c.make(t, "Task", task.Template, false)
		_, rights := c.rightsOf(t, "Task", tpl, task.Auditor)
		use := h.Do("POST", "/api/v3/task/"+tpl+"/clone", apitest.Req{Token: c.tok[task.Auditor]})
		if rights["useTemplate"] != true || rights["toTemplate"] != false || use.Status != 200 {
			t.Errorf("template: useTemplate %v toTemplate %v, clone %d %s", rights["useTemplate"], rights["toTemplate"], use.Status, use.Body)
		}
	})
}

// Lists return rights only when asked, the same as a single read; a list
// that does not ask never carries them.
func TestTaskRightsObjectInLists(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		for _, status := range []string{task.Assigned, task.Accepted, task.Done} {
			c.make(t, "Task", status, status == task.Accepted)
		}
		proj := c.make(t, "Project", task.Accepted, false)
		tok := c.tok[task.Responsible]
		plain := h.Do("GET", "/api/v3/task", apitest.Req{Token: tok})
		if plain.Status != 200 || len(plain.List()) != 3 || strings.Contains(string(plain.Body), `"rights"`) {
			t.Fatalf("a list not asking has rights: %s", plain.Body)
		}
		for _, q := range []string{`{"fields":["rights"]}`, `{"fields":["rights"],"onlyRequestedFields":true}`} {
			list := h.Do("GET", "/api/v3/task"+apitest.Q(q), apitest.Req{Token: tok})
			if list.Status != 200 || len(list.List()) != 3 {
				t.Fatalf("%s: %s", q, list.Body)
			}
			for _, item := range list.List() {
				_, full := c.rightsOf(t, "Task", item["id"].(string), task.Responsible)
				if fmt.Sprint(item["rights"]) != fmt.Sprint(full) {
					t.Errorf("%s: listed %v, read %v", q, item["rights"], full)
				}
			}
		}
		list := h.Do("GET", "/api/v3/project"+apitest.Q(`{"fields":["rights"],"onlyRequestedFields":true}`), apitest.Req{Token: c.tok[task.Owner]})
		if list.Status != 200 || len(list.List()) != 1 || list.List()[0]["id"] != proj {
			t.Fatalf("projects: %s", list.Body)
		}
		rights, _ := list.List()[0]["rights"].(map[string]any)
		checkShape(t, "Project", proj, rights)
		if rights["createTask"] != true || rights["createSubproject"] != true || rights["done"] != true || rights["acceptTask"] != nil {
			t.Errorf("the owner's project rights: %v", rights)
		}
	})
}
