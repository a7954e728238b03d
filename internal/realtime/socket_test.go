package realtime_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/coder/websocket"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/value"
)

func TestEntityEventsReachSubscribers(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		task := create(t, h, "task", map[string]any{"name": "Отчёт"})
		c := dial(t, h)
		c.send(map[string]any{"type": "auth", "token": ecometToken(t, h, h.Token)})
		ready := c.await("ecomet.ready", nil).obj()
		if ready["uid"] == "" || ready["sessionId"] != nil {
			t.Fatalf("ready by live-socket token: %v", ready)
		}
		c.mustSubscribe("", "entity.updated:Task", "entity.updated:Task:"+task, "entity.created:Task",
			"entity.dropped:Task:"+task)

		edit(t, h, "task/"+task, map[string]any{"name": "Отчёт за март"})
		got := map[string]msg{}
		for len(got) < 2 {
			m := c.next()
			got[m.Event] = m
		}
		for _, route := range []string{"entity.updated:Task", "entity.updated:Task:" + task} {
			m, ok := got[route]
			if !ok {
				t.Fatalf("nothing on %s: %v", route, got)
			}
			o := m.obj()
			if o["contentType"] != "Task" || o["id"] != task || o["action"] != "updated" || !hasField(m, "name") || m.ID != 0 {
				t.Fatalf("%s: %s", route, m.Message)
			}
			if _, whole := o["name"]; whole {
				t.Fatalf("the event carries the entity, not its name: %s", m.Message)
			}
		}

		other := create(t, h, "task", map[string]any{"name": "Ещё"})
		if m := c.next(); m.Event != "entity.created:Task" || m.obj()["id"] != other {
			t.Fatalf("created: %+v", m)
		}
		if r := h.Do("DELETE", "/api/v3/task/"+task, apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		if m := c.await("entity.dropped:Task:"+task, nil); m.obj()["action"] != "dropped" {
			t.Fatalf("dropped: %s", m.Message)
		}
	})
}

func TestCookieSessionAuthenticates(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		r := h.Do("POST", "/api/v3/auth/login", apitest.Req{NoAuth: true,
			Body: map[string]any{"username": apitest.AdminLogin, "password": apitest.AdminPassword}})
		var cookie string
		for _, ck := range (&http.Response{Header: r.Header}).Cookies() {
			if ck.Name == "artel_session" {
				cookie = ck.Value
			}
		}
		if cookie == "" {
			t.Fatalf("login set no cookie: %d %s", r.Status, r.Body)
		}
		c := dialURL(t, h.URL, "", http.Header{"Cookie": {"artel_session=" + cookie}})
		c.send(map[string]any{"type": "auth"})
		if ready := c.await("ecomet.ready", nil); ready.obj()["sessionId"] == nil {
			t.Fatalf("a cookie connection names its session: %s", ready.Message)
		}
		c.mustSubscribe("", "entity.created:Task")
		create(t, h, "task", map[string]any{"name": "По куке"})
		c.await("entity.created:Task", nil)

		// ?token= on the URL is the other way the spec allows.
		q := dialURL(t, h.URL, "?token="+h.Token, nil)
		q.mustSubscribe("", "entity.created:Task")
		create(t, h, "task", map[string]any{"name": "По ссылке"})
		q.await("entity.created:Task", nil)
	})
}

// A second user who may not see a task gets none of its events, not even
// that it changed; one who may, does.
func TestEventsFollowRights(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		petr, petrTok := user(t, h, "Пётр", "petr@example.com")
		hidden := create(t, h, "task", map[string]any{"name": "Секрет"})
		shared := create(t, h, "task", map[string]any{"name": "Общая", "auditors": []any{emp(petr)}})

		admin := dial(t, h)
		admin.mustSubscribe(h.Token, "entity.updated:Task")
		pc := dial(t, h)
		took, refused := pc.subscribe(ecometToken(t, h, petrTok), "entity.updated:Task", "entity.updated:Task:"+hidden,
			"entity.updated:Task:"+shared)
		if len(took) != 2 || len(refused) != 1 || refused[0].Code != "not_found" {
			t.Fatalf("petr subscribed %v, refused %v", took, refused)
		}

		edit(t, h, "task/"+hidden, map[string]any{"name": "Секрет 2"})
		edit(t, h, "task/"+shared, map[string]any{"name": "Общая 2"})
		if m := admin.next(); m.obj()["id"] != hidden {
			t.Fatalf("admin: %s", m.Message)
		}
		if m := admin.next(); m.obj()["id"] != shared {
			t.Fatalf("admin: %s", m.Message)
		}
		// Events leave in commit order, so had the hidden one been sent it
		// would come first.
		for i := 0; i < 2; i++ {
			if m := pc.next(); m.obj()["id"] != shared {
				t.Fatalf("petr got %s %s", m.Event, m.Message)
			}
		}

		// Removed from the task, Petr stops hearing of it.
		edit(t, h, "task/"+shared, map[string]any{"auditors": []any{}})
		edit(t, h, "task/"+shared, map[string]any{"name": "Общая 3"})
		fence := create(t, h, "task", map[string]any{"name": "Забор", "auditors": []any{emp(petr)}})
		edit(t, h, "task/"+fence, map[string]any{"name": "Забор 2"})
		if m := pc.next(); m.obj()["id"] != fence {
			t.Fatalf("petr, no longer an auditor, got %s %s", m.Event, m.Message)
		}
	})
}

func TestBadTokensAreRefused(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		tok := ecometToken(t, h, h.Token)
		forged := tok[:len(tok)-4] + "AAAA"
		for name, first := range map[string]map[string]any{
			"no token":     {"type": "subscribe", "routes": []string{"presence"}},
			"bad session":  {"type": "subscribe", "routes": []string{"presence"}, "token": "not-a-session"},
			"forged token": {"type": "subscribe", "routes": []string{"presence"}, "token": forged},
		} {
			c := dial(t, h)
			c.send(first)
			if code := c.closed(); code != websocket.StatusPolicyViolation {
				t.Errorf("%s: closed with %v, want policy violation", name, code)
			}
		}
		c := dial(t, h)
		c.send("not json")
		if code := c.closed(); code != websocket.StatusPolicyViolation {
			t.Errorf("garbage first message: closed with %v", code)
		}
	})
}

// A user subscribes to and broadcasts on their own channels only.
func TestUserChannelsAreOwn(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		petr, petrTok := user(t, h, "Пётр", "petr@example.com")
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		a := dial(t, h)
		took, refused := a.subscribe(h.Token, "bums.call.user:"+me, "user:"+petr, "bums.call.user:"+petr,
			"perm.auth.change:"+petr, "sdf.authentication_revoke:u"+petr, "bums.call.commands", "no.such.route")
		if len(took) != 2 || len(refused) != 5 {
			t.Fatalf("took %v, refused %v", took, refused)
		}
		for _, r := range refused {
			want := "forbidden"
			if r.Route == "no.such.route" {
				want = "unknown_route"
			}
			if r.Code != want {
				t.Errorf("%s refused as %s, want %s", r.Route, r.Code, want)
			}
		}

		p := dial(t, h)
		p.mustSubscribe(petrTok, "bums.call.user:"+petr)
		for _, route := range []string{"bums.call.user:" + petr, "perm.auth.change:" + me, "entity.updated:Task"} {
			a.send(map[string]any{"type": "broadcast", "route": route, "message": map[string]any{"x": 1}})
			if e := a.await("ecomet.error", nil).obj(); e["code"] != "forbidden" || e["route"] != route {
				t.Fatalf("broadcast to %s: %v", route, e)
			}
		}
		// The server's own message is the first Petr gets: nothing leaked.
		petrID := value.Link{Type: "Employee", ID: atoi(t, petr)}
		if err := h.Srv.Realtime.Send(context.Background(), h.Account, petrID, "bums.call.user:"+petr, map[string]any{"fence": true}); err != nil {
			t.Fatal(err)
		}
		if m := p.next(); m.Event != "bums.call.user:"+petr || m.obj()["fence"] != true || m.ID == 0 {
			t.Fatalf("petr got %+v", m)
		}
	})
}

// A guest hears of the tasks they take part in and nothing else, on
// channels of their own that an employee of the same id cannot share.
func TestGuestHearsOnlyTheirTasks(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		guest := create(t, h, "contractorHuman", map[string]any{"firstName": "Гость", "loginEmail": "guest@client.ru",
			"password": "password-guest", "isGuestAccessEnabled": true, "canLogin": true})
		tok := h.SignIn("guest@client.ru", "password-guest")
		theirs := create(t, h, "task", map[string]any{"name": "С клиентом",
			"auditors": []any{map[string]any{"contentType": "ContractorHuman", "id": guest}}})
		internal := create(t, h, "task", map[string]any{"name": "Внутренняя"})

		c := dial(t, h)
		c.send(map[string]any{"type": "auth", "token": tok})
		if uid := c.await("ecomet.ready", nil).obj()["uid"]; uid != "c"+guest {
			t.Fatalf("guest uid %v", uid)
		}
		took, refused := c.subscribe("", "entity.updated:Task", "user:c"+guest, "user:"+guest, "presence")
		if len(took) != 2 || len(refused) != 2 {
			t.Fatalf("guest took %v, refused %v", took, refused)
		}
		edit(t, h, "task/"+internal, map[string]any{"name": "Внутренняя 2"})
		edit(t, h, "task/"+theirs, map[string]any{"name": "С клиентом 2"})
		if m := c.next(); m.obj()["id"] != theirs {
			t.Fatalf("guest got %s %s", m.Event, m.Message)
		}
	})
}
