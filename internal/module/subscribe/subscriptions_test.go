package subscribe_test

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/auth"
)

// subscribeWorld: the administrator's task with Lev responsible and Ann
// auditing; Mira is an employee who cannot see it.
type subscribeWorld struct {
	h                      *apitest.Harness
	lev, ann, mira         string // tokens
	adminID, levID, annID  string
	miraID, task, taskPath string
}

func newSubscribeWorld(t *testing.T, h *apitest.Harness) *subscribeWorld {
	t.Helper()
	w := &subscribeWorld{h: h, lev: h.NewUser(t, "lev@example.com"), ann: h.NewUser(t, "ann@example.com"), mira: h.NewUser(t, "mira@example.com")}
	id := func(tok string) string {
		return h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: tok}).Obj()["id"].(string)
	}
	w.adminID, w.levID, w.annID, w.miraID = id(h.Token), id(w.lev), id(w.ann), id(w.mira)
	r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Квартальный отчёт",
		"responsible": employee(w.levID), "auditors": []any{employee(w.annID)}}})
	if r.Status != 200 {
		t.Fatalf("task: %s", r.Body)
	}
	w.task = r.Obj()["id"].(string)
	w.taskPath = "/api/v3/task/" + w.task
	return w
}

func employee(id string) map[string]any { return map[string]any{"contentType": "Employee", "id": id} }

func (w *subscribeWorld) comment(t *testing.T, token, text string) {
	t.Helper()
	if r := w.h.Do("POST", w.taskPath+"/comments", apitest.Req{Token: token, Body: map[string]any{"content": text}}); r.Status != 200 {
		t.Fatalf("comment: %d %s", r.Status, r.Body)
	}
}

func (w *subscribeWorld) unread(t *testing.T, token string) float64 {
	t.Helper()
	r := w.h.Do("GET", "/api/v3/notification/counter", apitest.Req{Token: token})
	if r.Status != 200 || r.Obj()["contentType"] != "Counter" {
		t.Fatalf("counter: %d %s", r.Status, r.Body)
	}
	return r.Obj()["count"].(float64)
}

func ids(list []map[string]any) string {
	var out []string
	for _, m := range list {
		out = append(out, m["id"].(string))
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func TestSubscriptionsFollowParticipantsAndCommenters(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newSubscribeWorld(t, h)
		at := func(tok string) apitest.Req { return apitest.Req{Token: tok} }
		h.Run(t, []apitest.Scenario{
			{Name: "participants are subscribed", Method: "GET", Path: w.taskPath, Status: 200,
				Contains: []string{`"subscribed":true`, `"subscribersCount":3`, `"possibleSubscribersCount":3`}},
			{Name: "the subscribers list", Method: "GET", Path: w.taskPath + "/subscribers", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					want := []string{w.adminID, w.levID, w.annID}
					sort.Strings(want)
					if got := ids(r.List()); got != strings.Join(want, ",") {
						t.Fatalf("subscribers %s", got)
					}
				}},
			{Name: "Mira sees no subscribers", Method: "GET", Path: w.taskPath + "/subscribers", Status: 404, Req: at(w.mira)},
			{Name: "nor subscribes to what she cannot see", Method: "POST", Path: w.taskPath + "/subscribe", Status: 404, Req: at(w.mira)},
			{Name: "lists name the figures to get them", Method: "GET", Path: "/api/v3/task", Status: 200, NotContains: []string{`"subscribed"`, `"subscribersCount"`}},
			{Name: "and get them when named", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"fields":["subscribed","subscribersCount"]}`), Status: 200,
				Req: at(w.lev), Contains: []string{`"subscribed":true`, `"subscribersCount":3`}},
			{Name: "Lev unsubscribes himself", Method: "POST", Path: w.taskPath + "/unsubscribe", Status: 200, Req: at(w.lev),
				Contains: []string{`"subscribed":false`, `"subscribersCount":2`}},
			{Name: "yet may still be offered", Method: "GET", Path: w.taskPath + "/possibleSubscribers", Status: 200, Req: at(w.lev),
				Contains: []string{`"id":"` + w.levID + `"`}},
			{Name: "subscribers cannot be written for others", Method: "POST", Path: w.taskPath, Status: 200,
				Req: apitest.Req{Body: map[string]any{"subscribers": []any{employee(w.miraID)}, "subscribed": false}}, Contains: []string{`"subscribersCount":2`, `"subscribed":true`}},
			{Name: "a change that keeps Lev responsible does not resubscribe him", Method: "POST", Path: w.taskPath, Status: 200,
				Req: apitest.Req{Body: map[string]any{"name": "Годовой отчёт", "responsible": employee(w.levID)}}, Contains: []string{`"subscribersCount":2`}},
		})
		w.comment(t, w.lev, "Вернусь к этому")
		h.Run(t, []apitest.Scenario{
			{Name: "writing a comment subscribes", Method: "GET", Path: w.taskPath, Status: 200, Req: at(w.lev), Contains: []string{`"subscribed":true`}},
			{Name: "Mira becomes an auditor", Method: "POST", Path: w.taskPath, Status: 200,
				Req: apitest.Req{Body: map[string]any{"auditors": []any{employee(w.annID), employee(w.miraID)}}}, Contains: []string{`"subscribersCount":4`}},
			{Name: "and is subscribed", Method: "GET", Path: w.taskPath, Status: 200, Req: at(w.mira), Contains: []string{`"subscribed":true`}},
			{Name: "she leaves the auditors", Method: "POST", Path: w.taskPath, Status: 200,
				Req: apitest.Req{Body: map[string]any{"auditors": []any{employee(w.annID)}}}, Contains: []string{`"subscribersCount":3`}},
			{Name: "and, seeing it no more, follows it no more", Method: "GET", Path: w.taskPath + "/subscribers", Status: 200,
				NotContains: []string{`"id":"` + w.miraID + `"`}},
			{Name: "Ann unsubscribes and subscribes again", Method: "POST", Path: w.taskPath + "/unsubscribe", Status: 200, Req: at(w.ann), Contains: []string{`"subscribed":false`}},
			{Name: "subscribe", Method: "POST", Path: w.taskPath + "/subscribe", Status: 200, Req: at(w.ann), Contains: []string{`"subscribed":true`}},
			{Name: "a project's participants too", Method: "POST", Path: "/api/v3/project", Status: 200,
				Req: apitest.Req{Body: map[string]any{"name": "Отчётность", "responsible": employee(w.annID)}}, Contains: []string{`"subscribersCount":2`}},
			{Name: "an unknown subject", Method: "POST", Path: "/api/v3/task/999999/subscribe", Status: 404},
		})
	})
}

func TestCommentNotifiesSubscribers(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newSubscribeWorld(t, h)
		at := func(tok string) apitest.Req { return apitest.Req{Token: tok} }
		if r := h.Do("POST", w.taskPath+"/unsubscribe", at(w.lev)); r.Status != 200 {
			t.Fatalf("unsubscribe: %s", r.Body)
		}
		w.comment(t, "", "<p>Посмотрите <b>таблицу</b>&nbsp;на втором листе</p>")
		if n := w.unread(t, w.ann); n != 1 {
			t.Fatalf("Ann has %v notifications, want 1", n)
		}
		for _, tok := range []string{"", w.lev, w.mira} {
			if n := w.unread(t, tok); n != 0 {
				t.Fatalf("the author, the unsubscribed and the unseeing have none; got %v", n)
			}
		}
		list := h.Do("GET", "/api/v3/notification", at(w.ann)).List()
		if len(list) != 1 {
			t.Fatalf("Ann's notifications: %v", list)
		}
		n := list[0]
		sender, subject := n["sender"].(map[string]any), n["subject"].(map[string]any)
		if n["contentType"] != "Notification" || n["type"] != "comment" || n["content"] != "Посмотрите таблицу на втором листе" ||
			sender["id"] != w.adminID || subject["contentType"] != "Task" || subject["id"] != w.task || n["isActive"] != true {
			t.Fatalf("notification: %v", n)
		}
		mine := "/api/v3/notification/" + n["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "a refused comment", Method: "POST", Path: w.taskPath + "/comments", Status: 422, Req: apitest.Req{Body: map[string]any{"content": "<p> </p>"}}},
			{Name: "tells no one", Method: "GET", Path: "/api/v3/notification/counter", Status: 200, Req: at(w.ann), Contains: []string{`"count":1`}},
			{Name: "the keepalive counts it", Method: "GET", Path: "/api/v3/counter", Status: 200, Req: at(w.ann), Contains: []string{`"notificationsUnreadCount":1`}},
			{Name: "and her own card", Method: "GET", Path: "/api/v3/employee/" + w.annID, Status: 200, Req: at(w.ann), Contains: []string{`"notificationsUnreadCount":1`}},
			{Name: "not another's", Method: "GET", Path: "/api/v3/employee/" + w.annID, Status: 200, Req: at(w.lev), Contains: []string{`"notificationsUnreadCount":0`}},
			{Name: "the author cannot read it", Method: "GET", Path: mine, Status: 404},
			{Name: "nor Lev delete it", Method: "DELETE", Path: mine, Status: 404, Req: at(w.lev)},
			{Name: "nor the administrator", Method: "DELETE", Path: mine, Status: 404},
			{Name: "still active", Method: "GET", Path: mine, Status: 200, Req: at(w.ann), Contains: []string{`"isActive":true`}},
			{Name: "nobody makes notifications by hand", Method: "POST", Path: "/api/v3/notification", Status: 405, Req: apitest.Req{Body: map[string]any{"content": "x"}}},
			{Name: "Ann dismisses it", Method: "DELETE", Path: mine, Status: 200, Req: at(w.ann)},
			{Name: "the bell is empty", Method: "GET", Path: "/api/v3/notification/counter", Status: 200, Req: at(w.ann), Contains: []string{`"count":0`}},
			{Name: "no active ones", Method: "GET", Path: "/api/v3/notification" + apitest.Q(`{"isActive":true}`), Status: 200, Req: at(w.ann),
				Check: func(t *testing.T, r *apitest.Resp) {
					if len(r.List()) != 0 {
						t.Fatalf("active: %s", r.Body)
					}
				}},
			{Name: "it stays among the read", Method: "GET", Path: "/api/v3/notification" + apitest.Q(`{"isActive":false}`), Status: 200, Req: at(w.ann),
				Contains: []string{`"isActive":false`, `"id":"` + n["id"].(string) + `"`}},
			{Name: "a bad filter", Method: "GET", Path: "/api/v3/notification" + apitest.Q(`{"isActive":"maybe"}`), Status: 422, Req: at(w.ann)},
		})

		// Lev comments twice: Ann and the administrator hear of each, newest first.
		w.comment(t, w.lev, "Первое")
		w.comment(t, w.lev, "Второе")
		if n := w.unread(t, ""); n != 2 {
			t.Fatalf("administrator: %v", n)
		}
		first := h.Do("GET", "/api/v3/notification"+apitest.Q(`{"limit":1}`), at(w.ann))
		if l := first.List(); len(l) != 1 || l[0]["content"] != "Второе" || first.Meta()["pagination"].(map[string]any)["hasMoreNext"] != true {
			t.Fatalf("first page: %s", first.Body)
		}
		next := h.Do("GET", "/api/v3/notification"+apitest.Q(`{"limit":1,"pageAfter":`+mustJSON(first.List()[0])+`}`), at(w.ann))
		if l := next.List(); len(l) != 1 || l[0]["content"] != "Первое" {
			t.Fatalf("second page: %s", next.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "dismiss all", Method: "DELETE", Path: "/api/v3/notification/all", Status: 200, Req: at(w.ann)},
			{Name: "Ann's bell is empty", Method: "GET", Path: "/api/v3/notification/counter", Status: 200, Req: at(w.ann), Contains: []string{`"count":0`}},
			{Name: "the administrator's is not", Method: "GET", Path: "/api/v3/notification/counter", Status: 200, Contains: []string{`"count":2`}},
			{Name: "deleting the task", Method: "DELETE", Path: w.taskPath, Status: 200},
			{Name: "takes its notifications along", Method: "GET", Path: "/api/v3/notification", Status: 200, NotContains: []string{`"Первое"`, `"Второе"`}},
		})
	})
}

// TestNoNotificationForWhoCannotSee: a subscription left to someone who
// lost sight of the subject some other way (a rights group changed) tells
// them nothing.
func TestNoNotificationForWhoCannotSee(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newSubscribeWorld(t, h)
		err := h.Srv.DB.Exec(t.Context(), `INSERT INTO subscriptions (account_id, subject_type, subject_id, user_type, user_id, created_at)
			VALUES (?, 'Task', ?, 'Employee', ?, 0)`, h.Account, w.task, w.miraID)
		if err != nil {
			t.Fatal(err)
		}
		w.comment(t, "", "Только для участников")
		if n := w.unread(t, w.mira); n != 0 {
			t.Fatalf("Mira cannot see the task yet was told: %v", n)
		}
		if n := w.unread(t, w.ann); n != 1 {
			t.Fatalf("Ann: %v", n)
		}
	})
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestNotificationsStayInTheirAccount(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newSubscribeWorld(t, h)
		w.comment(t, "", "Для Льва")
		mine := h.Do("GET", "/api/v3/notification", apitest.Req{Token: w.lev}).List()
		if len(mine) != 1 {
			t.Fatalf("Lev: %v", mine)
		}
		ctx := t.Context()
		other, err := h.Srv.Accounts.Create(ctx, "Другая", "other.example.com")
		if err != nil {
			t.Fatal(err)
		}
		if err := auth.CreateAdmin(ctx, h.Srv.Engine, other, "Другая", "boss@other.example.com", "other-pass-1"); err != nil {
			t.Fatal(err)
		}
		r := h.Do("POST", "/api/v3/auth/access_token", apitest.Req{NoAuth: true, Host: "other.example.com",
			Form: map[string]string{"grant_type": "password", "username": "boss@other.example.com", "password": "other-pass-1"}})
		theirs, _ := r.JSON["access_token"].(string)
		at := apitest.Req{Token: theirs, Host: "other.example.com"}
		h.Run(t, []apitest.Scenario{
			{Name: "their list is empty", Method: "GET", Path: "/api/v3/notification", Status: 200, Req: at, NotContains: []string{"Для Льва"}},
			{Name: "their counter is zero", Method: "GET", Path: "/api/v3/notification/counter", Status: 200, Req: at, Contains: []string{`"count":0`}},
			{Name: "they cannot dismiss ours", Method: "DELETE", Path: "/api/v3/notification/" + mine[0]["id"].(string), Status: 404, Req: at},
			{Name: "nor subscribe to our task", Method: "POST", Path: w.taskPath + "/subscribe", Status: 404, Req: at},
			{Name: "dismissing all of theirs", Method: "DELETE", Path: "/api/v3/notification/all", Status: 200, Req: at},
			{Name: "leaves ours", Method: "GET", Path: "/api/v3/notification/counter", Status: 200, Req: apitest.Req{Token: w.lev}, Contains: []string{`"count":1`}},
		})
	})
}

// TestNotificationIsPushedLive: the recipient's socket, subscribed to its
// own user route, gets the notification once the comment commits.
func TestNotificationIsPushedLive(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			h.Srv.Realtime.Shutdown(ctx)
			h.Srv.Realtime.Close()
		})
		w := newSubscribeWorld(t, h)
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(h.URL, "http")+"/ecomet/websocket", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.CloseNow()
		send := func(v any) {
			if err := conn.Write(ctx, websocket.MessageText, []byte(mustJSON(v))); err != nil {
				t.Fatal(err)
			}
		}
		await := func(event string) map[string]any {
			for {
				_, data, err := conn.Read(ctx)
				if err != nil {
					t.Fatalf("waiting for %s: %v", event, err)
				}
				var m map[string]any
				if json.Unmarshal(data, &m) == nil && m["event"] == event {
					return m
				}
			}
		}
		route := "user:" + w.annID
		send(map[string]any{"type": "auth", "token": w.ann})
		await("ecomet.ready")
		send(map[string]any{"type": "subscribe", "routes": []string{route}})
		await("ecomet.subscribed")
		w.comment(t, w.lev, "Живое уведомление")
		m := await(route)
		msg, _ := m["message"].(map[string]any)
		if msg["contentType"] != "Notification" || msg["content"] != "Живое уведомление" || m["id"] == nil {
			t.Fatalf("pushed: %v", m)
		}
	})
}
