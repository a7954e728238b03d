package discuss_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Changing a chat's people (the messenger's participants panel): the
// owner and administrators change a group chat, another member is 403;
// a private dialogue's two never change, whoever asks, and the refusal
// leaves it as it was.
func TestParticipantsEditing(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := newWorld(t, h)
		r := h.Do("POST", "/api/v3/topic/dialogue", js(w.lev, `{"visavis":`+emp(w.annID)+`}`))
		if r.Status != 200 {
			t.Fatalf("dialogue: %s", r.Body)
		}
		dialogue := "/api/v3/topic/" + r.Obj()["id"].(string)
		people := func(want ...string) func(*testing.T, *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				got := r.Obj()["participants"].([]any)
				ids := make([]string, 0, len(got))
				for _, p := range got {
					ids = append(ids, p.(map[string]any)["id"].(string))
				}
				if strings.Join(ids, ",") != strings.Join(want, ",") {
					t.Fatalf("participants %v, want %v", ids, want)
				}
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a member who is not the owner cannot change the people", Method: "POST", Path: w.chatPath,
				Req: js(w.ann, `{"participants":[`+emp(w.annID)+`]}`), Status: 403},
			{Name: "the owner adds Mira", Method: "POST", Path: w.chatPath,
				Req:    js(h.Token, `{"participants":[{"contentType":"Employee","id":"1"},`+emp(w.levID)+`,`+emp(w.annID)+`,`+emp(w.miraID)+`]}`),
				Status: 200, Check: people("1", w.levID, w.annID, w.miraID)},
			{Name: "Mira now sees it", Method: "GET", Path: w.chatPath, Req: apitest.Req{Token: w.mira}, Status: 200},
			{Name: "the owner removes Ann", Method: "POST", Path: w.chatPath,
				Req:    js(h.Token, `{"participants":[{"contentType":"Employee","id":"1"},`+emp(w.levID)+`,`+emp(w.miraID)+`]}`),
				Status: 200, Check: people("1", w.levID, w.miraID)},
			{Name: "Ann no longer sees it", Method: "GET", Path: w.chatPath, Req: apitest.Req{Token: w.ann}, Status: 404},
			{Name: "a dialogue's owner cannot add a third", Method: "POST", Path: dialogue,
				Req: js(w.lev, `{"participants":[`+emp(w.levID)+`,`+emp(w.annID)+`,`+emp(w.miraID)+`]}`), Status: 422,
				Contains: []string{`"field":"participants"`, `"type":"read_only"`}},
			{Name: "nor remove the other side", Method: "POST", Path: dialogue,
				Req: js(w.lev, `{"participants":[`+emp(w.levID)+`]}`), Status: 422, Contains: []string{`"type":"read_only"`}},
			{Name: "nor swap the other side", Method: "POST", Path: dialogue,
				Req: js(w.lev, `{"visavis":`+emp(w.miraID)+`}`), Status: 422,
				Contains: []string{`"field":"visavis"`, `"type":"read_only"`}},
			{Name: "nor may an administrator", Method: "POST", Path: dialogue,
				Req: js(h.Token, `{"participants":[`+emp(w.levID)+`,`+emp(w.annID)+`,`+emp(w.miraID)+`]}`), Status: 422,
				Contains: []string{`"type":"read_only"`}},
			{Name: "the other side cannot either", Method: "POST", Path: dialogue,
				Req: js(w.ann, `{"participants":[`+emp(w.annID)+`]}`), Status: 403},
			{Name: "the dialogue is still the two", Method: "GET", Path: dialogue, Req: apitest.Req{Token: w.lev}, Status: 200,
				Check: people(w.levID, w.annID)},
			{Name: "and Mira still outside it", Method: "GET", Path: dialogue, Req: apitest.Req{Token: w.mira}, Status: 404},
		})
	})
}
