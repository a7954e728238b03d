package discuss_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Group chats and private dialogues: who is in them, who sees them, one
// dialogue per pair found again, and what is refused.
func TestChatsAndDialogues(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newWorld(t, h)
		r := h.Do("POST", "/api/v3/topic/dialogue", js(w.lev, `{"visavis":`+emp(w.annID)+`}`))
		if r.Status != 200 {
			t.Fatalf("dialogue: %s", r.Body)
		}
		dialogue := r.Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "the starter owns the chat and is in it", Method: "GET", Path: w.chatPath, Status: 200,
				Contains: []string{`"owner":{"contentType":"Employee","id":"1"}`, `"participantsCount":3`}},
			{Name: "a participant sees it", Method: "GET", Path: w.chatPath, Req: apitest.Req{Token: w.lev}, Status: 200},
			{Name: "someone else does not", Method: "GET", Path: w.chatPath, Req: apitest.Req{Token: w.mira}, Status: 404},
			{Name: "the other side finds the same dialogue", Method: "POST", Path: "/api/v3/topic/dialogue",
				Req: js(w.ann, `{"visavis":`+emp(w.levID)+`}`), Status: 200,
				Contains: []string{`"id":"` + dialogue + `"`, `"isPrivate":true`, `"isDiscussable":false`}},
			{Name: "asked again, still the one", Method: "POST", Path: "/api/v3/topic/dialogue",
				Req: js(w.lev, `{"visavis":`+emp(w.annID)+`}`), Status: 200, Contains: []string{`"id":"` + dialogue + `"`}},
			{Name: "a second one by the generic route is refused", Method: "POST", Path: "/api/v3/topic",
				Req:    js(w.ann, `{"isPrivate":true,"isDiscussable":false,"visavis":`+emp(w.levID)+`,"participants":[`+emp(w.levID)+`]}`),
				Status: 422, Contains: []string{`"field":"visavis"`, `"type":"dialogue_exists"`}},
			{Name: "not with oneself", Method: "POST", Path: "/api/v3/topic/dialogue", Req: js(w.lev, `{"visavis":`+emp(w.levID)+`}`),
				Status: 422, Contains: []string{`"type":"dialogue_self"`}},
			{Name: "with nobody", Method: "POST", Path: "/api/v3/topic/dialogue", Req: js(w.lev, `{}`), Status: 422,
				Contains: []string{`"field":"visavis"`}},
			{Name: "malformed", Method: "POST", Path: "/api/v3/topic/dialogue", Req: js(w.lev, `{"visavis":`), Status: 400},
			{Name: "signed out", Method: "POST", Path: "/api/v3/topic/dialogue", Req: apitest.Req{NoAuth: true}, Status: 401},
			{Name: "the dialogue is the two of them", Method: "GET", Path: "/api/v3/topic/" + dialogue, Req: apitest.Req{Token: w.mira}, Status: 404},
			{Name: "nobody joins a dialogue", Method: "PUT", Path: "/api/v3/topic/" + dialogue,
				Req: js(w.lev, `{"participants":[`+emp(w.levID)+`,`+emp(w.annID)+`,`+emp(w.miraID)+`]}`), Status: 422,
				Contains: []string{`"field":"participants"`}},
			{Name: "Mira's chat list is empty", Method: "GET", Path: "/api/v3/topic/attachedFirst", Req: apitest.Req{Token: w.mira},
				Status: 200, Contains: []string{`"data":[]`}},
			{Name: "a participant removed leaves the list", Method: "PUT", Path: w.chatPath,
				Req: js(h.Token, `{"participants":[`+emp(w.levID)+`]}`), Status: 200},
			{Name: "Ann has only the dialogue", Method: "GET", Path: "/api/v3/topic/attachedFirst", Req: apitest.Req{Token: w.ann},
				Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
					if l := r.List(); len(l) != 1 || l[0]["id"] != dialogue {
						t.Fatalf("list: %s", r.Body)
					}
				}},
		})
	})
}
