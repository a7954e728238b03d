package task_test

import (
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/task"
)

// The rules around the machine: the status a task starts in, plain
// updates, isOverdue, the owner-is-responsible shortcuts, deadline
// requests, delegate and convert routes, an action's text. See
// docs/tasks.md.

func dayOf(t time.Time) map[string]any {
	return map[string]any{"contentType": "DateOnly", "year": t.Year(), "month": int(t.Month()) - 1, "day": t.Day()}
}

func instant(t time.Time) map[string]any {
	return map[string]any{"contentType": "DateTime", "value": t.UTC().Format(time.RFC3339)}
}

func TestTaskStartAndPlainUpdates(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		olga, roman := apitest.Link("Employee", c.id[task.Owner]), apitest.Link("Employee", c.id[task.Responsible])
		made := func(path, tok string, body map[string]any) map[string]any {
			r := h.Do("POST", path, apitest.Req{Token: tok, Body: body})
			if r.Status != 200 {
				t.Fatalf("%s: %s", path, r.Body)
			}
			return r.Obj()
		}
		for _, tc := range []struct {
			name, path string
			body       map[string]any
			status     string
			started    bool
		}{
			{"set for someone else", "/api/v3/task", map[string]any{"name": "a", "responsible": roman}, task.Assigned, false},
			{"set for oneself", "/api/v3/task", map[string]any{"name": "b", "responsible": olga}, task.Accepted, true},
			{"nobody responsible", "/api/v3/task", map[string]any{"name": "c"}, task.Created, false},
			{"template", "/api/v3/task", map[string]any{"name": "d", "isTemplate": true, "responsible": roman}, task.Template, false},
			{"project", "/api/v3/project", map[string]any{"name": "e", "responsible": roman}, task.Accepted, true},
		} {
			got := made(tc.path, c.tok[task.Owner], tc.body)
			if got["status"] != tc.status || (at(got, "actualStart") != "") != tc.started || at(got, "statusChangeTime") == "" || at(got, "activity") == "" {
				t.Errorf("%s: %v %v", tc.name, got["status"], got["actualStart"])
			}
		}
		assigned := made("/api/v3/task", "", map[string]any{"name": "f", "owner": olga, "responsible": roman})["id"].(string)
		created := made("/api/v3/task", c.tok[task.Owner], map[string]any{"name": "g", "executors": []any{apitest.Link("Employee", c.id[task.Executor])}})["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "responsible is offered accept and reject", Method: "GET", Path: "/api/v3/task/" + assigned, Req: apitest.Req{Token: c.tok[task.Responsible]},
				Status: 200, Contains: []string{`"act_accept_task"`, `"act_reject_task"`, `"act_delegate"`}, NotContains: []string{`"act_done"`}},
			{Name: "lists carry the machine's actions too", Method: "GET", Path: "/api/v3/task", Req: apitest.Req{Token: c.tok[task.Executor]},
				Status: 200, Contains: []string{`"act_takeup"`}},
			{Name: "status is not set by a plain update", Method: "POST", Path: "/api/v3/task/" + assigned, Req: apitest.Req{Body: map[string]any{"status": "completed"}},
				Status: 422, Contains: []string{`"field":"status"`, `"type":"read_only"`}},
			{Name: "the current status may be sent back", Method: "POST", Path: "/api/v3/task/" + assigned,
				Req: apitest.Req{Body: map[string]any{"status": "assigned", "name": "f2", "actualFinish": instant(time.Now())}}, Status: 200,
				Contains: []string{`"status":"assigned"`, `"actualFinish":null`}},
			{Name: "a created task given a responsible is set for them", Method: "POST", Path: "/api/v3/task/" + created,
				Req: apitest.Req{Token: c.tok[task.Owner], Body: map[string]any{"responsible": roman}}, Status: 200, Contains: []string{`"status":"assigned"`}},
		})
	})
}

func TestTaskOverdue(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		now := time.UnixMilli(c.clock.Load()).UTC()
		roman := apitest.Link("Employee", c.id[task.Responsible])
		for _, tc := range []struct {
			name     string
			deadline any
			status   string
			want     bool
		}{
			{"yesterday", dayOf(now.AddDate(0, 0, -1)), "", true},
			{"today lasts to its end", dayOf(now), "", false},
			{"an instant passed", instant(now.Add(-time.Minute)), "", true},
			{"an instant to come", instant(now.Add(time.Hour)), "", false},
			{"finished work is not late", dayOf(now.AddDate(0, 0, -1)), task.Completed, false},
			{"a shifted date is relative", map[string]any{"contentType": "ShiftDate", "days": -3}, "", false},
		} {
			body := map[string]any{"name": tc.name, "responsible": roman, "deadline": tc.deadline}
			if tc.status != "" {
				body["status"] = tc.status
			}
			r := h.Do("POST", "/api/v3/task", apitest.Req{Body: body})
			if r.Status != 200 || r.Obj()["isOverdue"] != tc.want {
				t.Errorf("%s: %v: %s", tc.name, r.Obj()["isOverdue"], r.Body)
			}
		}
		id := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "x", "responsible": roman, "deadline": instant(now.Add(time.Hour))}}).Obj()["id"].(string)
		c.clock.Add(int64(2 * time.Hour / time.Millisecond))
		if r := h.Do("GET", "/api/v3/task/"+id, apitest.Req{}); r.Obj()["isOverdue"] != false {
			t.Errorf("time alone flipped isOverdue: %s", r.Body) // no background job yet
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the next save sees it", Method: "POST", Path: "/api/v3/task/" + id, Req: apitest.Req{Body: map[string]any{"name": "y"}}, Status: 200, Contains: []string{`"isOverdue":true`}},
			{Name: "a later deadline clears it", Method: "POST", Path: "/api/v3/task/" + id, Req: apitest.Req{Body: map[string]any{"deadline": dayOf(now.AddDate(0, 0, 2))}},
				Status: 200, Contains: []string{`"isOverdue":false`}},
			{Name: "a client cannot set it", Method: "POST", Path: "/api/v3/task/" + id, Req: apitest.Req{Body: map[string]any{"isOverdue": true}},
				Status: 200, Contains: []string{`"isOverdue":false`}},
		})
	})
}

func TestTaskOwnWork(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		olga := c.tok[task.Owner]
		own := func(kind string) string {
			body := map[string]any{"name": "Своя", "responsible": apitest.Link("Employee", c.id[task.Owner])}
			return h.Do("POST", endpoint(kind), apitest.Req{Token: olga, Body: body}).Obj()["id"].(string)
		}
		mine, proj := own("Task"), own("Project")
		other, doomed := c.make(t, "Task", task.Assigned, false), c.make(t, "Task", task.Accepted, false)
		h.Run(t, []apitest.Scenario{
			{Name: "done on one's own task completes it", Method: "POST", Path: "/api/v3/task/" + mine + "/doAction",
				Req: apitest.Req{Token: olga, Body: map[string]any{"action": "act_done", "text": "Сделала"}}, Status: 200, Contains: []string{`"status":"completed"`}},
			{Name: "the text is a comment", Method: "GET", Path: "/api/v3/task/" + mine + "/comments", Req: apitest.Req{Token: olga}, Status: 200,
				Contains: []string{`"content":"Сделала"`}},
			{Name: "renewing one's own task accepts it", Method: "POST", Path: "/api/v3/task/" + mine + "/doAction",
				Req: apitest.Req{Token: olga, Body: map[string]any{"action": "act_renew"}}, Status: 200, Contains: []string{`"status":"accepted"`, `"actualFinish":null`}},
			{Name: "done on one's own project completes it", Method: "POST", Path: "/api/v3/project/" + proj + "/doAction",
				Req: apitest.Req{Token: olga, Body: map[string]any{"action": "act_done"}}, Status: 200, Contains: []string{`"status":"completed"`}},
			{Name: "delegate needs someone", Method: "POST", Path: "/api/v3/task/" + other + "/delegate",
				Req: apitest.Req{Token: c.tok[task.Responsible], Body: map[string]any{}}, Status: 422, Contains: []string{`"field":"responsible"`}},
			{Name: "delegate by doAction needs someone", Method: "POST", Path: "/api/v3/task/" + other + "/doAction",
				Req: apitest.Req{Token: c.tok[task.Responsible], Body: map[string]any{"action": "act_delegate"}}, Status: 422, Contains: []string{`"type":"required"`}},
			{Name: "delegating to the owner accepts it", Method: "POST", Path: "/api/v3/task/" + other + "/delegate",
				Req: apitest.Req{Token: c.tok[task.Responsible], Body: apitest.Link("Employee", c.id[task.Owner])}, Status: 200, Contains: []string{`"status":"accepted"`}},
			{Name: "the responsible may not delete", Method: "POST", Path: "/api/v3/task/" + doomed + "/doAction",
				Req: apitest.Req{Token: c.tok[task.Responsible], Body: map[string]any{"action": "act_delete"}}, Status: 403},
			{Name: "the owner deletes by doAction", Method: "POST", Path: "/api/v3/task/" + doomed + "/doAction",
				Req: apitest.Req{Token: olga, Body: map[string]any{"action": "act_delete"}}, Status: 200},
			{Name: "deleted", Method: "GET", Path: "/api/v3/task/" + doomed, Status: 404},
		})
	})
}

func TestTaskDeadlineRequests(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		id := c.make(t, "Task", task.Accepted, false)
		path := "/api/v3/task/" + id + "/changeDeadline"
		ask := func(role task.Role, d map[string]any) string {
			r := h.Do("POST", path, apitest.Req{Token: c.tok[role], Body: map[string]any{"deadline": d}})
			if r.Status != 200 || len(r.List()) != 1 {
				t.Fatalf("ask: %s", r.Body)
			}
			return linkID(r.List()[0], "deadlineChangeRequest")
		}
		first := ask(task.Executor, dayOf(time.Date(2031, 1, 10, 0, 0, 0, 0, time.UTC)))
		second := ask(task.Responsible, askedDeadline)
		req := func(id string) string { return "/api/v3/deadlineChangeRequest/" + id }
		as := func(role task.Role, body map[string]any) apitest.Req {
			return apitest.Req{Token: c.tok[role], Body: body}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "asking again cancels the first request", Method: "GET", Path: req(first), Status: 200, Contains: []string{`"status":"cancelled"`}},
			{Name: "the second is pending", Method: "GET", Path: req(second), Status: 200, Contains: []string{`"status":"created"`, `"owner":{"contentType":"Employee","id":"` + c.id[task.Responsible] + `"}`}},
			{Name: "auditors neither change nor ask", Method: "POST", Path: path, Req: as(task.Auditor, map[string]any{"deadline": askedDeadline}), Status: 403},
			{Name: "a deadline is needed", Method: "POST", Path: path, Req: as(task.Owner, map[string]any{}), Status: 422, Contains: []string{`"field":"deadline"`}},
			{Name: "only the owner answers", Method: "POST", Path: req(second), Req: as(task.Executor, map[string]any{"status": "accepted"}), Status: 403},
			{Name: "only its author cancels", Method: "POST", Path: req(second), Req: as(task.Owner, map[string]any{"status": "cancelled"}), Status: 403},
			{Name: "an answer is a status", Method: "POST", Path: req(second), Req: as(task.Owner, map[string]any{"status": "maybe"}), Status: 422},
			{Name: "the owner accepts by the request", Method: "POST", Path: req(second), Req: as(task.Owner, map[string]any{"status": "accepted"}),
				Status: 200, Contains: []string{`"deadline":{"contentType":"DateOnly","day":20,"month":4,"year":2031}`, `"deadlineChangeRequest":null`}},
			{Name: "an answered request is not answered again", Method: "POST", Path: req(second), Req: as(task.Owner, map[string]any{"status": "rejected"}), Status: 403},
			{Name: "the owner moves the deadline at once", Method: "POST", Path: path, Req: as(task.Owner, map[string]any{"deadline": dayOf(time.Date(2032, 2, 3, 0, 0, 0, 0, time.UTC))}),
				Status: 200, Contains: []string{`"year":2032`, `"deadlineChangeRequest":null`}},
		})
		third := ask(task.Responsible, askedDeadline)
		h.Run(t, []apitest.Scenario{
			{Name: "its author cancels it", Method: "POST", Path: req(third), Req: as(task.Responsible, map[string]any{"status": "cancelled"}),
				Status: 200, Contains: []string{`"deadlineChangeRequest":null`, `"year":2032`}},
			{Name: "nothing is pending", Method: "GET", Path: "/api/v3/task/" + id, Req: apitest.Req{Token: c.tok[task.Owner]}, Status: 200, NotContains: []string{`"act_accept_deadline"`}},
		})
	})
}

func TestTaskConvert(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		id := c.make(t, "Task", task.Accepted, false)
		sub := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Подзадача", "parent": apitest.Link("Task", id)}}).Obj()["id"].(string)
		h.Do("POST", "/api/v3/task/"+id+"/comments", apitest.Req{Body: map[string]any{"content": "Обсуждение"}})
		r := h.Do("POST", "/api/v3/task/"+id+"/convert", apitest.Req{Token: c.tok[task.Owner]})
		if r.Status != 200 || r.Obj()["contentType"] != "Project" || r.Obj()["status"] != "accepted" || linkID(r.Obj(), "responsible") != c.id[task.Responsible] ||
			!strings.Contains(string(r.Body), `"executors":[{"contentType":"Employee","id":"`+c.id[task.Executor]+`"}]`) {
			t.Fatalf("convert: %s", r.Body)
		}
		proj := r.Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "the task is gone", Method: "GET", Path: "/api/v3/task/" + id, Status: 404},
			{Name: "its comments moved", Method: "GET", Path: "/api/v3/project/" + proj + "/comments", Status: 200, Contains: []string{`"content":"Обсуждение"`}},
			{Name: "its subtasks moved", Method: "GET", Path: "/api/v3/task/" + sub, Status: 200, Contains: []string{`"parent":{"contentType":"Project","id":"` + proj + `"}`}},
			{Name: "only the owner converts", Method: "POST", Path: "/api/v3/project/" + proj + "/convert", Req: apitest.Req{Token: c.tok[task.Responsible]}, Status: 403},
			{Name: "a task under a project becomes a subproject", Method: "POST", Path: "/api/v3/task/" + sub + "/doAction",
				Req: apitest.Req{Body: map[string]any{"action": "act_convert"}}, Status: 200, Contains: []string{`"contentType":"Project"`, `"parent":{"contentType":"Project"`}},
			{Name: "a project with subprojects stays a project", Method: "POST", Path: "/api/v3/project/" + proj + "/convert", Status: 422,
				Contains: []string{`"type":"not_convertible"`}},
		})
		under := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Под задачей", "parent": apitest.Link("Task", c.make(t, "Task", task.Accepted, false))}}).Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "a subtask of a task stays a task", Method: "POST", Path: "/api/v3/task/" + under + "/convert", Status: 422, Contains: []string{`"type":"not_convertible"`}},
			{Name: "a project becomes a task", Method: "POST", Path: "/api/v3/project/" + c.make(t, "Project", task.Delayed, false) + "/convert",
				Req: apitest.Req{Token: c.tok[task.Owner]}, Status: 200, Contains: []string{`"contentType":"Task"`, `"name":"Project delayed"`, `"status":"delayed"`}},
		})
	})
}

// TestTaskRace: two transitions at once from the same status, each
// impossible after the other (the owner pauses while the responsible
// hands in the work): one wins, the other sees the new status and is
// refused, on both databases.
func TestTaskRace(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		for range 5 {
			id := c.make(t, "Task", task.Accepted, false)
			codes := make(chan int, 2)
			for _, role := range []task.Role{task.Owner, task.Responsible} {
				action := map[task.Role]string{task.Owner: "act_pause", task.Responsible: "act_done"}[role]
				go func() { codes <- c.do("Task", id, c.tok[role], action).Status }()
			}
			if a, b := <-codes, <-codes; a+b != 200+403 {
				t.Fatalf("answers %d and %d, want one 200 and one 403", a, b)
			}
		}
	})
}
