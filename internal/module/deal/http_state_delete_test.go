package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Deleting a state: refused for the entry state and while deals are in
// it, unless the call names a state of the program to move them to; then
// the deals move with a history row each, and the state's transitions go.
func TestDeleteState(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		a, b := p.deal(t, map[string]any{"contractor": p.client, "price": rub(10)}), p.deal(t, map[string]any{"contractor": p.client, "price": rub(20)})
		for _, id := range []string{a, b} {
			if r := h.Do("POST", "/api/v3/deal/"+id+"/applyTransition", apitest.Req{Body: apply(p.toOffer)}); r.Status != 200 {
				t.Fatal(r.Body)
			}
		}
		del := "/api/v3/programState/" + p.offer
		h.Run(t, []apitest.Scenario{
			{Name: "the entry state", Method: "DELETE", Path: "/api/v3/programState/" + p.newSt, Status: 422,
				Contains: []string{`"type":"state_entry_delete"`, `Статус входа нельзя удалить`}},
			{Name: "deals are in it", Method: "DELETE", Path: del, Status: 422,
				Contains: []string{`"field":"moveTo"`, `"type":"state_has_deals"`, `В статусе «Предложение» есть сделки`}},
			{Name: "in English", Method: "DELETE", Path: del, Req: apitest.Req{Headers: map[string]string{"Accept-Language": "en"}}, Status: 422,
				Contains: []string{`There are deals in the state «Предложение»: name a state to move them to`}},
			{Name: "another program's state", Method: "DELETE", Path: del + "?moveTo=" + p.foreign, Status: 422, Contains: []string{`"field":"moveTo"`}},
			{Name: "itself", Method: "DELETE", Path: del + "?moveTo=" + p.offer, Status: 422, Contains: []string{`"field":"moveTo"`}},
			{Name: "not an id", Method: "DELETE", Path: del + "?moveTo=abc", Status: 422, Contains: []string{`"field":"moveTo"`}},
			{Name: "an employee may not", Method: "DELETE", Path: del + "?moveTo=" + p.newSt, Req: apitest.Req{Token: p.olgaTok}, Status: 403},
			{Name: "unknown", Method: "DELETE", Path: "/api/v3/programState/999999", Status: 404},
		})
		if got := p.get(t, a); idOf(got["state"]) != p.offer {
			t.Fatalf("a refused delete moved the deal: %v", got["state"])
		}
		if r := h.Do("GET", "/api/v3/programTransition/"+p.toOffer, apitest.Req{}); r.Status != 200 {
			t.Fatalf("a refused delete dropped a transition: %s", r.Body)
		}
		// The web app sends the query as JSON, the state id a string.
		if r := h.Do("DELETE", del+apitest.Q(`{"moveTo":"`+p.lost+`"}`), apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		for _, id := range []string{a, b} {
			got := p.get(t, id)
			if idOf(got["state"]) != p.lost || got["result"] != "negative" {
				t.Errorf("deal %s: %v %v", id, got["state"], got["result"])
			}
			hist := h.Do("GET", "/api/v3/deal/"+id+"/statusHistory", apitest.Req{}).List()
			if last := hist[len(hist)-1]; len(hist) != 3 || idOf(last["fromStatus"]) != p.offer || idOf(last["toStatus"]) != p.lost {
				t.Errorf("deal %s history: %v", id, hist)
			}
		}
		for _, tr := range []string{p.toOffer, p.toWon, p.lostFromOffer} {
			if r := h.Do("GET", "/api/v3/programTransition/"+tr, apitest.Req{}); r.Status != 404 {
				t.Errorf("transition %s stayed: %d", tr, r.Status)
			}
		}
		if r := h.Do("GET", "/api/v3/programState/"+p.offer, apitest.Req{}); r.Status != 404 {
			t.Errorf("the state stayed")
		}
		if r := h.Do("DELETE", "/api/v3/programState/"+p.won, apitest.Req{}); r.Status != 200 {
			t.Errorf("an empty state: %s", r.Body)
		}
	})
}
