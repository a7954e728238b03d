package discuss_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// world: the administrator (id 1), Lev and Ann in a group chat the
// administrator started, and Mira, who is in no chat.
type world struct {
	h                    *apitest.Harness
	lev, ann, mira       string // tokens
	levID, annID, miraID string
	chat, chatPath       string
}

func newWorld(t *testing.T, h *apitest.Harness) *world {
	w := &world{h: h}
	w.levID, w.lev = h.Person(t, "Лев", "lev@example.com", "long enough pass")
	w.annID, w.ann = h.Person(t, "Анна", "ann@example.com", "long enough pass")
	w.miraID, w.mira = h.Person(t, "Мира", "mira@example.com", "long enough pass")
	r := h.Do("POST", "/api/v3/topic", js(h.Token, `{"name":"Отдел продаж","isDiscussable":true,
		"participants":[`+emp(w.levID)+`,`+emp(w.annID)+`]}`))
	if r.Status != 200 {
		t.Fatalf("chat: %s", r.Body)
	}
	w.chat = r.Obj()["id"].(string)
	w.chatPath = "/api/v3/topic/" + w.chat
	return w
}

// say posts a message to a chat as token and answers its id.
func (w *world) say(t *testing.T, token, chat, text string) string {
	t.Helper()
	r := w.h.Do("POST", "/api/v3/topic/"+chat+"/comments", apitest.Req{Token: token, Body: map[string]any{"content": text}})
	if r.Status != 200 {
		t.Fatalf("say: %s", r.Body)
	}
	return r.Obj()["id"].(string)
}

func emp(id string) string { return `{"contentType":"Employee","id":"` + id + `"}` }

func js(token, body string) apitest.Req {
	return apitest.Req{Token: token, Body: body, ContentType: "application/json"}
}
