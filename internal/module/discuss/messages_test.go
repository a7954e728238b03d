package discuss_test

import (
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Messages: unread counts per reader and in all, long history paged
// backward by keyset, edit and delete by rights, mentions that notify.
func TestMessages(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newWorld(t, h)
		// Ann's own message first: writing marks what came before as read.
		w.say(t, w.ann, w.chat, "Моё")
		var ids []string
		for i := range 5 {
			ids = append(ids, w.say(t, w.lev, w.chat, fmt.Sprintf("Сообщение %d", i+1)))
		}
		comments := w.chatPath + "/comments"
		backward := `?{"limit":2}` // newest first
		h.Run(t, []apitest.Scenario{
			{Name: "Ann has Lev's five unread, not her own", Method: "GET", Path: w.chatPath, Req: apitest.Req{Token: w.ann}, Status: 200,
				Contains: []string{`"unreadCommentsCount":5`, `"isUnread":true`}},
			{Name: "the chat list counts them too", Method: "GET", Path: `/api/v3/topic/attachedFirst?{"fields":["unreadCommentsCount","isUnread"]}`,
				Req: apitest.Req{Token: w.ann}, Status: 200, Contains: []string{`"unreadCommentsCount":5`, `"isUnread":true`}},
			{Name: "and five in all", Method: "GET", Path: "/api/v3/chat/totalUnreadCommentsCount", Req: apitest.Req{Token: w.ann},
				Status: 200, Contains: []string{`"data":5`}},
			{Name: "Lev has read Ann's, writing after it", Method: "GET", Path: "/api/v3/chat/totalUnreadCommentsCount", Req: apitest.Req{Token: w.lev},
				Status: 200, Contains: []string{`"data":0`}},
			{Name: "the administrator has all six", Method: "GET", Path: "/api/v3/chat/totalUnreadCommentsCount", Status: 200,
				Contains: []string{`"data":6`}},
			{Name: "the newest page first", Method: "GET", Path: comments + backward, Req: apitest.Req{Token: w.ann}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) { sameIDs(t, r, ids[4], ids[3]) }},
			{Name: "then older, after the last one seen", Method: "GET",
				Path: comments + `?{"limit":2,"pageAfter":{"contentType":"Comment","id":"` + ids[3] + `"}}`,
				Req:  apitest.Req{Token: w.ann}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) { sameIDs(t, r, ids[2], ids[1]) }},
			{Name: "read", Method: "POST", Path: comments + "/markAsRead", Req: apitest.Req{Token: w.ann}, Status: 200},
			{Name: "nothing unread", Method: "GET", Path: "/api/v3/chat/totalUnreadCommentsCount", Req: apitest.Req{Token: w.ann},
				Status: 200, Contains: []string{`"data":0`}},
			{Name: "Ann may not edit Lev's message", Method: "PUT", Path: "/api/v3/comment/" + ids[0],
				Req: js(w.ann, `{"content":"чужое"}`), Status: 403},
			{Name: "nor delete it", Method: "DELETE", Path: "/api/v3/comment/" + ids[0], Req: apitest.Req{Token: w.ann}, Status: 403},
			{Name: "Lev edits his own", Method: "PUT", Path: "/api/v3/comment/" + ids[0], Req: js(w.lev, `{"content":"Исправлено"}`),
				Status: 200, Contains: []string{`"content":"Исправлено"`}},
			{Name: "and deletes it", Method: "DELETE", Path: "/api/v3/comment/" + ids[1], Req: apitest.Req{Token: w.lev}, Status: 200},
			{Name: "Mira cannot read the chat", Method: "GET", Path: comments, Req: apitest.Req{Token: w.mira}, Status: 404},
			{Name: "nor write to it", Method: "POST", Path: comments, Req: js(w.mira, `{"content":"привет"}`), Status: 404},
			{Name: "an empty message", Method: "POST", Path: comments, Req: js(w.lev, `{"content":"  "}`), Status: 422},
		})

		// A mention notifies who is named and is in the chat; Mira, named
		// but outside it, learns nothing of it.
		w.say(t, w.lev, w.chat, `@[Анна Тестов](Employee:`+w.annID+`) и @[Мира](Employee:`+w.miraID+`), посмотрите`)
		r := h.Do("GET", "/api/v3/notification", apitest.Req{Token: w.ann})
		found := false
		for _, n := range r.List() {
			if n["type"] == "mention" {
				found = true
				if n["isMention"] != true || n["content"] != "@Анна Тестов и @Мира, посмотрите" {
					t.Fatalf("mention: %v", n)
				}
			}
		}
		if !found {
			t.Fatalf("no mention for Ann: %s", r.Body)
		}
		if r := h.Do("GET", "/api/v3/notification", apitest.Req{Token: w.mira}); len(r.List()) != 0 {
			t.Fatalf("Mira was told: %s", r.Body)
		}
	})
}

func sameIDs(t *testing.T, r *apitest.Resp, want ...string) {
	t.Helper()
	list := r.List()
	if len(list) != len(want) {
		t.Fatalf("got %d, want %v: %s", len(list), want, r.Body)
	}
	for i, c := range list {
		if c["id"] != want[i] {
			t.Fatalf("at %d: %v, want %v", i, c["id"], want)
		}
	}
}
