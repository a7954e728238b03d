package discuss_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/artel/artel/internal/apitest"
)

// Pins and sound are each member's own; the chat list puts pinned chats
// first, then the newest message; a corporate chat is pinned for all.
func TestPinsAndSound(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newWorld(t, h)
		dialogue := h.Do("POST", "/api/v3/topic/dialogue", js(w.lev, `{"visavis":`+emp(w.annID)+`}`)).Obj()["id"].(string)
		w.say(t, w.ann, dialogue, "Привет") // the dialogue now has the newest message
		order := func(want ...string) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) { sameIDs(t, r, want...) }
		}
		list := "/api/v3/topic/attachedFirst"
		attach := w.chatPath + "/attach"
		h.Run(t, []apitest.Scenario{
			{Name: "newest message first", Method: "GET", Path: list, Req: apitest.Req{Token: w.lev}, Status: 200, Check: order(dialogue, w.chat)},
			{Name: "pin the group chat", Method: "PUT", Path: attach, Req: apitest.Req{Token: w.lev}, Status: 200,
				Contains: []string{`"isAttached":true`, `"isAttachedForever":true`}},
			{Name: "pinned first", Method: "GET", Path: list, Req: apitest.Req{Token: w.lev}, Status: 200, Check: order(w.chat, dialogue)},
			{Name: "a page after the pinned one", Method: "GET", Path: list + `?{"limit":1,"pageAfter":` + w.chat + `}`,
				Req: apitest.Req{Token: w.lev}, Status: 200, Check: order(dialogue)},
			{Name: "Ann's list is her own", Method: "GET", Path: list, Req: apitest.Req{Token: w.ann}, Status: 200, Check: order(dialogue, w.chat)},
			{Name: "pinned till a time gone", Method: "PUT", Path: attach,
				Req: js(w.lev, `{"attachedTill":{"contentType":"DateTime","value":"2001-01-01T00:00:00+00:00"}}`), Status: 422,
				Contains: []string{`"field":"attachedTill"`}},
			{Name: "pinned till a time ahead", Method: "PUT", Path: attach,
				Req: js(w.lev, `{"attachedTill":{"contentType":"DateTime","value":"2099-01-01T00:00:00+00:00"}}`), Status: 200,
				Contains: []string{`"isAttached":true`, `"isAttachedForever":false`, `"attachedTill":{"contentType":"DateTime","value":"2099-01-01T00:00:00`}},
			{Name: "unpin", Method: "DELETE", Path: attach, Req: apitest.Req{Token: w.lev}, Status: 200, Contains: []string{`"isAttached":false`}},
			{Name: "not someone else's chat", Method: "PUT", Path: attach, Req: apitest.Req{Token: w.mira}, Status: 404},
			{Name: "an administrator outside a dialogue cannot pin it", Method: "PUT", Path: "/api/v3/topic/" + dialogue + "/attach", Status: 403},
			{Name: "sound off", Method: "DELETE", Path: w.chatPath + "/sound", Req: apitest.Req{Token: w.lev}, Status: 200,
				Contains: []string{`"soundDisable":true`}},
			{Name: "for Lev only", Method: "GET", Path: w.chatPath, Req: apitest.Req{Token: w.ann}, Status: 200, Contains: []string{`"soundDisable":false`}},
			{Name: "sound on", Method: "PUT", Path: w.chatPath + "/sound", Req: apitest.Req{Token: w.lev}, Status: 200,
				Contains: []string{`"soundDisable":false`}},
			{Name: "only an administrator makes a chat corporate", Method: "PUT", Path: w.chatPath + "/corporate", Req: apitest.Req{Token: w.lev}, Status: 403},
			{Name: "corporate", Method: "PUT", Path: w.chatPath + "/corporate", Status: 200},
			{Name: "pinned for everyone in it", Method: "GET", Path: list, Req: apitest.Req{Token: w.ann}, Status: 200, Check: order(w.chat, dialogue)},
			{Name: "and cannot be unpinned", Method: "DELETE", Path: attach, Req: apitest.Req{Token: w.ann}, Status: 200, Contains: []string{`"isAttached":true`}},
			{Name: "bad page", Method: "GET", Path: list + `?{"pageAfter":"x"}`, Req: apitest.Req{Token: w.ann}, Status: 422},
		})
	})
}

// Live: a member hears a new message and someone typing on their own
// route; nothing is stored for typing, and an outsider cannot type.
func TestLive(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newWorld(t, h)
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(h.URL, "http")+"/ecomet/websocket", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.CloseNow()
		send := func(v any) {
			raw, _ := json.Marshal(v)
			if err := conn.Write(ctx, websocket.MessageText, raw); err != nil {
				t.Fatal(err)
			}
		}
		route := "user:" + w.annID
		await := func(event, kind string) map[string]any {
			for {
				_, data, err := conn.Read(ctx)
				if err != nil {
					t.Fatalf("waiting for %s %s: %v", event, kind, err)
				}
				var m map[string]any
				if json.Unmarshal(data, &m) != nil || m["event"] != event {
					continue
				}
				msg, _ := m["message"].(map[string]any)
				if kind == "" || msg["contentType"] == "ChatEvent" && msg["type"] == kind {
					return msg
				}
			}
		}
		send(map[string]any{"type": "auth", "token": w.ann})
		await("ecomet.ready", "")
		send(map[string]any{"type": "subscribe", "routes": []string{route}})
		await("ecomet.subscribed", "")

		if r := h.Do("POST", w.chatPath+"/typing", apitest.Req{Token: w.lev}); r.Status != 200 {
			t.Fatalf("typing: %s", r.Body)
		}
		ev := await(route, "typing")
		if u, _ := ev["user"].(map[string]any); u["id"] != w.levID {
			t.Fatalf("typing: %v", ev)
		}
		id := w.say(t, w.lev, w.chat, "Живое сообщение")
		ev = await(route, "message")
		if c, _ := ev["comment"].(map[string]any); c["id"] != id {
			t.Fatalf("message: %v", ev)
		}
		if r := h.Do("POST", w.chatPath+"/typing", apitest.Req{Token: w.mira}); r.Status != 404 {
			t.Fatalf("outsider typing: %d", r.Status)
		}
	})
}
