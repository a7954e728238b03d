package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Every transition rule over HTTP: from the current state only, required
// fields, who may, rights, possibleTransitions agreeing with
// applyTransition, the history row, and refusals changing nothing.
func TestApplyTransition(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		bare := p.deal(t, nil)
		ready := p.deal(t, map[string]any{"contractor": p.client, "price": rub(1000)})
		path := func(id string) string { return "/api/v3/deal/" + id + "/applyTransition" }
		en := map[string]string{"Accept-Language": "en"}
		h.Run(t, []apitest.Scenario{
			{Name: "possibleTransitions explain what is missing", Method: "GET", Path: "/api/v3/deal/" + bare, Req: apitest.Req{Token: p.olgaTok}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					opts, _ := r.Obj()["possibleTransitions"].([]any)
					if len(opts) != 2 || r.Obj()["possibleTransitionsCount"] != float64(2) {
						t.Fatalf("options: %s", r.Body)
					}
					offer := opts[0].(map[string]any)
					if offer["id"] != p.toOffer || offer["enabled"] != false || len(offer["reasons"].([]any)) != 2 {
						t.Errorf("to offer: %v", offer)
					}
					if lost := opts[1].(map[string]any); lost["enabled"] != true || len(lost["reasons"].([]any)) != 0 {
						t.Errorf("to lost: %v", lost)
					}
				}},
			{Name: "required fields refuse, one entry each", Method: "POST", Path: path(bare), Req: apitest.Req{Token: p.olgaTok, Body: apply(p.toOffer)}, Status: 422,
				Check: func(t *testing.T, r *apitest.Resp) {
					e := r.Errors()
					if len(e) != 2 || e[0]["field"] != "contractor" || e[1]["field"] != "price" || e[0]["type"] != "transition_required" ||
						e[0]["message"] != "Для перехода «Отправить предложение» заполните поле «Клиент»" {
						t.Errorf("errors: %v", e)
					}
				}},
			{Name: "in English", Method: "POST", Path: path(bare), Req: apitest.Req{Token: p.olgaTok, Body: apply(p.toOffer), Headers: en}, Status: 422,
				Contains: []string{`Fill in «Contractor» to make the transition «Отправить предложение»`}},
			{Name: "a filled deal moves", Method: "POST", Path: path(ready), Req: apitest.Req{Token: p.olgaTok, Body: apply(p.toOffer)}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if idOf(r.Obj()["state"]) != p.offer || r.Obj()["result"] != "active" {
						t.Errorf("after: %s", r.Body)
					}
				}},
			{Name: "a transition not from the current state", Method: "POST", Path: path(ready), Req: apitest.Req{Token: p.olgaTok, Body: apply(p.toOffer)}, Status: 422,
				Contains: []string{`"type":"transition_not_from_state"`, `Сделка не в статусе «Новая»`}},
			{Name: "another program's transition", Method: "POST", Path: path(ready), Req: apitest.Req{Body: apply(p.otherToLost)}, Status: 422,
				Contains: []string{`"type":"transition_other_program"`}},
			{Name: "who may: not Ivan", Method: "POST", Path: path(ready), Req: apitest.Req{Token: p.ivanTok, Body: apply(p.toWon), Headers: en}, Status: 422,
				Contains: []string{`"type":"transition_role"`, `Only these may make the transition «Подписать договор»: manager`}},
			{Name: "Ivan is told so in possibleTransitions", Method: "GET", Path: "/api/v3/deal/" + ready, Req: apitest.Req{Token: p.ivanTok}, Status: 200,
				Contains: []string{`"enabled":false`, `может сделать только: менеджер`}},
			{Name: "the manager may", Method: "POST", Path: path(ready), Req: apitest.Req{Token: p.olgaTok, Body: apply(p.toWon)}, Status: 200,
				Contains: []string{`"result":"positive"`, `"possibleTransitions":[]`}},
			{Name: "unknown transition", Method: "POST", Path: path(bare), Req: apitest.Req{Body: apply("999999")}, Status: 404},
			{Name: "unknown deal", Method: "POST", Path: path("999999"), Req: apitest.Req{Body: apply(p.toLost)}, Status: 404},
			{Name: "no transition named", Method: "POST", Path: path(bare), Req: apitest.Req{Body: map[string]any{"name": "x"}}, Status: 422, Contains: []string{`"field":"id"`}},
			{Name: "not JSON", Method: "POST", Path: path(bare), Req: apitest.Req{Body: "[1,"}, Status: 400},
			{Name: "the history of the won deal", Method: "GET", Path: "/api/v3/deal/" + ready + "/statusHistory", Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				l := r.List()
				if len(l) != 3 || idOf(l[2]["fromStatus"]) != p.offer || idOf(l[2]["toStatus"]) != p.won ||
					idOf(l[2]["toStatusUser"]) != p.olga || l[2]["fromStatusUpdated"] == nil || l[2]["toStatusUpdated"] == nil {
					t.Errorf("history: %s", r.Body)
				}
			}},
		})
		if got := p.get(t, bare); idOf(got["state"]) != p.newSt {
			t.Errorf("a refused deal moved: %v", got["state"])
		}
		if n := len(h.Do("GET", "/api/v3/deal/"+bare+"/statusHistory", apitest.Req{}).List()); n != 1 {
			t.Errorf("refusals wrote history: %d rows", n)
		}
	})
}

// An administrator may make a transition limited to the manager.
func TestTransitionByAdministrator(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		id := p.deal(t, map[string]any{"contractor": p.client, "price": rub(5)})
		for _, tr := range []string{p.toOffer, p.toWon} {
			if r := h.Do("POST", "/api/v3/deal/"+id+"/applyTransition", apitest.Req{Body: apply(tr)}); r.Status != 200 {
				t.Fatalf("admin %s: %s", tr, r.Body)
			}
		}
	})
}
