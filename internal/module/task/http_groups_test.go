package task_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/artel/artel/internal/apitest"
)

// groupCast: Ivan is in the group "Поддержка", Petr is not; both are
// plain employees who sign in with their own tokens.
type groupCast struct {
	ivan, petr     string // tokens
	ivanID, petrID string
	group          string
}

func newGroupCast(t *testing.T, h *apitest.Harness) groupCast {
	var g groupCast
	mk := func(first, login string) (string, string) {
		r := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": first, "login": login,
			"password": "password-" + first, "canLogin": true}})
		if r.Status != 200 {
			t.Fatalf("employee %s: %s", first, r.Body)
		}
		return r.Obj()["id"].(string), h.SignIn(login, "password-"+first)
	}
	g.ivanID, g.ivan = mk("Ivan", "ivan@example.com")
	g.petrID, g.petr = mk("Petr", "petr@example.com")
	r := h.Do("POST", "/api/v3/group", apitest.Req{Body: map[string]any{"name": "Поддержка",
		"children": []any{apitest.Link("Employee", g.ivanID)}}})
	if r.Status != 200 || r.Obj()["childrenCount"] != float64(1) || !strings.Contains(string(r.Body), `"children":[{"contentType":"Employee","id":"`+g.ivanID+`"`) {
		t.Fatalf("group: %s", r.Body)
	}
	g.group = r.Obj()["id"].(string)
	return g
}

func listCount(n int) string { return `"count":` + strconv.Itoa(n) + `,` }

func filterCount(id string, n int) string {
	return `"count":` + strconv.Itoa(n) + `,"href":"/task/filter/` + id + `","id":"` + id + `"`
}

func hasAction(action string) func(t *testing.T, r *apitest.Resp) {
	return func(t *testing.T, r *apitest.Resp) {
		if !possible(r.Obj(), action) {
			t.Errorf("no %s: %v", action, r.Obj()["possibleActions"])
		}
	}
}

func TestTaskGroupRoles(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		g := newGroupCast(t, h)
		grp := apitest.Link("Group", g.group)
		create := func(path string, body map[string]any) string {
			r := h.Do("POST", path, apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("%s: %s", path, r.Body)
			}
			return r.Obj()["id"].(string)
		}
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		byGroup := create("/api/v3/task", map[string]any{"name": "Группе", "responsible": grp})
		withGroup := create("/api/v3/task", map[string]any{"name": "Соисполняет группа", "executors": []any{grp}})
		audited := create("/api/v3/task", map[string]any{"name": "Смотрит группа", "responsible": apitest.Link("Employee", me), "auditors": []any{grp}})
		project := create("/api/v3/project", map[string]any{"name": "Проект группы", "responsible": grp})
		template := create("/api/v3/task", map[string]any{"name": "Шаблон группы", "isTemplate": true, "templateUsers": []any{grp}})
		as := func(tok string) apitest.Req { return apitest.Req{Token: tok} }
		act := func(tok, action string) apitest.Req {
			return apitest.Req{Token: tok, Body: map[string]any{"action": action}}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a group is written as the responsible", Method: "GET", Path: "/api/v3/task/" + byGroup, Status: 200,
				Contains: []string{`"responsible":{"contentType":"Group","id":"` + g.group + `"`, `"status":"assigned"`}},
			{Name: "staff see groups", Method: "GET", Path: "/api/v3/group/" + g.group, Req: as(g.petr), Status: 200},
			{Name: "an employee makes no groups", Method: "POST", Path: "/api/v3/group", Status: 403,
				Req: apitest.Req{Token: g.petr, Body: map[string]any{"name": "Свои", "children": []any{apitest.Link("Employee", g.petrID)}}}},
			{Name: "nor joins one", Method: "POST", Path: "/api/v3/group/" + g.group + "/children", Status: 403,
				Req: apitest.Req{Token: g.petr, Body: apitest.Link("Employee", g.petrID)}},
			{Name: "only employees are children", Method: "POST", Path: "/api/v3/group", Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "x", "children": []any{apitest.Link("Task", byGroup)}}}},

			{Name: "a member sees the group's task", Method: "GET", Path: "/api/v3/task/" + byGroup, Req: as(g.ivan), Status: 200,
				Contains: []string{`"act_edit"`, `"act_accept_task"`, `"act_reject_task"`}, NotContains: []string{`"act_done"`, `"act_delete"`}},
			{Name: "a non-member does not", Method: "GET", Path: "/api/v3/task/" + byGroup, Req: as(g.petr), Status: 404},
			{Name: "the member's list", Method: "GET", Path: "/api/v3/task", Req: as(g.ivan), Status: 200, Contains: []string{listCount(4)}},
			{Name: "the non-member's list", Method: "GET", Path: "/api/v3/task", Req: as(g.petr), Status: 200, Contains: []string{listCount(0)}},
			{Name: "an executor by group may take the task up", Method: "GET", Path: "/api/v3/task/" + withGroup, Req: as(g.ivan), Status: 200,
				Check: hasAction("act_takeup")},
			{Name: "an auditor by group sees", Method: "GET", Path: "/api/v3/task/" + audited, Req: as(g.ivan), Status: 200, NotContains: []string{`"act_edit"`}},
			{Name: "a template's users by group see it", Method: "GET", Path: "/api/v3/task/" + template, Req: as(g.ivan), Status: 200},
			{Name: "the member's filters count group roles", Method: "GET", Path: "/api/v3/taskFilter", Req: as(g.ivan), Status: 200,
				Contains: []string{filterCount("any", 3), filterCount("mine", 3), filterCount("responsible", 1), filterCount("auditor", 1), filterCount("delegated", 0)}},
			{Name: "the mine filter lists them", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"TaskFilter","id":"mine"}}`), Req: as(g.ivan), Status: 200,
				Contains: []string{`"name":"Группе"`, `"name":"Соисполняет группа"`, `"name":"Смотрит группа"`}},
			{Name: "the owner delegated to the group", Method: "GET", Path: "/api/v3/taskFilter/delegated", Status: 200, Contains: []string{`"count":1`}},
			{Name: "a member edits as the responsible", Method: "POST", Path: "/api/v3/task/" + byGroup, Req: apitest.Req{Token: g.ivan, Body: map[string]any{"name": "Группе!"}}, Status: 200},
			{Name: "a non-member acts on nothing", Method: "POST", Path: "/api/v3/task/" + byGroup + "/doAction", Req: act(g.petr, "act_accept_task"), Status: 404},
			{Name: "a member accepts for the group", Method: "POST", Path: "/api/v3/task/" + byGroup + "/doAction", Req: act(g.ivan, "act_accept_task"), Status: 200,
				Contains: []string{`"status":"accepted"`, `"responsible":{"contentType":"Group","id":"` + g.group + `"`}, Check: hasAction("act_done")},
			{Name: "and hands in the work", Method: "POST", Path: "/api/v3/task/" + byGroup + "/doAction", Req: act(g.ivan, "act_done"), Status: 200,
				Contains: []string{`"status":"done"`}},
			{Name: "a project's group member finishes it", Method: "GET", Path: "/api/v3/project/" + project, Req: as(g.ivan), Status: 200, Check: hasAction("act_done")},
			{Name: "a project is hidden from others", Method: "GET", Path: "/api/v3/project/" + project, Req: as(g.petr), Status: 404},

			{Name: "the member leaves the group", Method: "DELETE", Path: "/api/v3/group/" + g.group + "/children/Employee/" + g.ivanID, Status: 200,
				Contains: []string{`"childrenCount":0`}},
			{Name: "and no longer sees its task", Method: "GET", Path: "/api/v3/task/" + byGroup, Req: as(g.ivan), Status: 404},
			{Name: "nor any", Method: "GET", Path: "/api/v3/task", Req: as(g.ivan), Status: 200, Contains: []string{listCount(0)}},
			{Name: "nor counts them", Method: "GET", Path: "/api/v3/taskFilter/mine", Req: as(g.ivan), Status: 200, Contains: []string{`"count":0`}},
			{Name: "nor the project", Method: "GET", Path: "/api/v3/project/" + project, Req: as(g.ivan), Status: 404},
			{Name: "a newcomer sees it", Method: "POST", Path: "/api/v3/group/" + g.group + "/children", Req: apitest.Req{Body: apitest.Link("Employee", g.petrID)}, Status: 200},
			{Name: "from the next request", Method: "GET", Path: "/api/v3/task/" + byGroup, Req: as(g.petr), Status: 200},
		})
	})
}

// A member's live socket hears of the group's task, and stops the moment
// the member leaves the group.
func TestTaskGroupRealtime(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			h.Srv.Realtime.Shutdown(ctx)
			h.Srv.Realtime.Close()
		})
		g := newGroupCast(t, h)
		edit := func(id string, body map[string]any) {
			if r := h.Do("POST", "/api/v3/task/"+id, apitest.Req{Body: body}); r.Status != 200 {
				t.Fatalf("edit: %s", r.Body)
			}
		}
		mk := func(body map[string]any) string {
			r := h.Do("POST", "/api/v3/task", apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("task: %s", r.Body)
			}
			return r.Obj()["id"].(string)
		}
		byGroup := mk(map[string]any{"name": "Группе", "responsible": apitest.Link("Group", g.group)})
		ws := dialSocket(t, h, g.ivan, "entity.updated:Task")
		edit(byGroup, map[string]any{"name": "Группе 2"})
		if id := ws.nextID(t); id != byGroup {
			t.Fatalf("the member heard of %s", id)
		}
		if r := h.Do("DELETE", "/api/v3/group/"+g.group+"/children/Employee/"+g.ivanID, apitest.Req{}); r.Status != 200 {
			t.Fatalf("leave: %s", r.Body)
		}
		edit(byGroup, map[string]any{"name": "Группе 3"})
		fence := mk(map[string]any{"name": "Забор", "auditors": []any{apitest.Link("Employee", g.ivanID)}})
		edit(fence, map[string]any{"name": "Забор 2"})
		// Events leave in commit order: had the group's been sent, it
		// would come before the fence's.
		if id := ws.nextID(t); id != fence {
			t.Fatalf("a former member heard of %s", id)
		}
	})
}

type socket struct {
	conn *websocket.Conn
}

// dialSocket opens a live socket as a user and subscribes it to routes.
func dialSocket(t *testing.T, h *apitest.Harness, bearer string, routes ...string) *socket {
	t.Helper()
	r := h.Do("GET", "/api/v3/accountInfo", apitest.Req{Token: bearer})
	tok, _ := r.Obj()["ecometToken"].(string)
	if tok == "" {
		t.Fatalf("accountInfo: %s", r.Body)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(h.URL, "http")+"/ecomet/websocket", nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { _ = conn.CloseNow() })
	s := &socket{conn: conn}
	b, _ := json.Marshal(map[string]any{"type": "subscribe", "routes": routes, "token": tok})
	if err := conn.Write(ctx, websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
	m := s.next(t)
	for m.Event == "ecomet.ready" {
		m = s.next(t)
	}
	if m.Event != "ecomet.subscribed" || strings.Contains(string(m.Message), `"refused":[{`) {
		t.Fatalf("subscribe: %s %s", m.Event, m.Message)
	}
	return s
}

type socketMsg struct {
	Event   string          `json:"event"`
	Message json.RawMessage `json:"message"`
}

func (s *socket) next(t *testing.T) socketMsg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := s.conn.Read(ctx)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var m socketMsg
		if json.Unmarshal(data, &m) == nil && m.Event != "" {
			return m
		}
	}
}

// nextID is the entity id of the next entity event.
func (s *socket) nextID(t *testing.T) string {
	t.Helper()
	for {
		m := s.next(t)
		if strings.HasPrefix(m.Event, "entity.") {
			var o struct{ ID string }
			_ = json.Unmarshal(m.Message, &o)
			return o.ID
		}
	}
}
