package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A mass state change moves only the deals a transition allows and
// reports every other with its reason.
func TestMassChange(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		ready := p.deal(t, map[string]any{"contractor": p.client, "price": rub(10)})
		bare := p.deal(t, nil)
		won := p.deal(t, map[string]any{"contractor": p.client, "price": rub(10)})
		for _, tr := range []string{p.toOffer, p.toWon} {
			if r := h.Do("POST", "/api/v3/deal/"+won+"/applyTransition", apitest.Req{Body: apply(tr)}); r.Status != 200 {
				t.Fatal(string(r.Body))
			}
		}
		skipped := p.deal(t, map[string]any{"contractor": p.client, "price": rub(10)})
		deals := func(ids ...string) []any {
			out := make([]any, len(ids))
			for i, id := range ids {
				out[i] = apitest.Link("Deal", id)
			}
			return out
		}
		body := map[string]any{"contentType": "MassActionChangeProgramState", "state": state(p.offer),
			"entities": deals(ready, bare, won, "999999", skipped), "excludedEntities": deals(skipped)}
		r := h.Do("POST", "/api/v3/deal/massAction", apitest.Req{Token: p.olgaTok, Body: body})
		if r.Status != 200 {
			t.Fatalf("mass: %s", r.Body)
		}
		got := r.List()
		if len(got) != 4 {
			t.Fatalf("results: %s", r.Body)
		}
		want := []struct {
			ok  bool
			msg string
		}{
			{true, ""},
			{false, "Для перехода «Отправить предложение» заполните поле «Клиент»; Для перехода «Отправить предложение» заполните поле «Общая сумма по сделке»"},
			{false, "Из статуса «Выиграна» нет перехода в «Предложение»"},
			{false, ""},
		}
		for i, w := range want {
			if got[i]["isSucceed"] != w.ok || w.msg != "" && got[i]["message"] != w.msg || idOf(got[i]["entity"]) == "" {
				t.Errorf("result %d: %v", i, got[i])
			}
		}
		if got[3]["message"] == "" {
			t.Errorf("a missing deal is not explained: %v", got[3])
		}
		for id, st := range map[string]string{ready: p.offer, bare: p.newSt, won: p.won, skipped: p.newSt} {
			if s := idOf(p.get(t, id)["state"]); s != st {
				t.Errorf("deal %s in %s, want %s", id, s, st)
			}
		}
		byProgram := map[string]any{"termGroup": map[string]any{"join": "and", "terms": []any{
			map[string]any{"contentType": "FilterTermRef", "field": "program", "comparison": "equals", "value": []any{apitest.Link("Program", p.program)}}}}}
		h.Run(t, []apitest.Scenario{
			{Name: "by filter, less the excluded", Method: "POST", Path: "/api/v3/deal/massAction",
				Req: apitest.Req{Body: map[string]any{"state": state(p.lost), "filter": byProgram, "excludedEntities": deals(skipped)}}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					moved := 0
					for _, x := range r.List() {
						if x["isSucceed"] == true {
							moved++
						}
					}
					// ready (Предложение) and bare (Новая) may be lost; won may not.
					if len(r.List()) != 3 || moved != 2 {
						t.Errorf("by filter: %s", r.Body)
					}
				}},
			{Name: "a bad filter", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: map[string]any{"state": state(p.lost), "filter": map[string]any{"x": 1}}}, Status: 422,
				Contains: []string{`"field":"filter"`}},
			{Name: "no state", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: map[string]any{"entities": deals(ready)}}, Status: 422, Contains: []string{`"field":"state"`}},
			{Name: "no deals", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: map[string]any{"state": state(p.won)}}, Status: 422, Contains: []string{`"field":"entities"`}},
			{Name: "another mass action", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: map[string]any{"contentType": "MassActionDelete", "state": state(p.won), "entities": deals(ready)}}, Status: 422,
				Contains: []string{`"type":"mass_action_unsupported"`}},
			{Name: "an unknown state", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: map[string]any{"state": state("999999"), "entities": deals(ready)}}, Status: 422, Contains: []string{`"field":"state"`}},
			{Name: "not a list of deals", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: map[string]any{"state": state(p.won), "entities": []any{"x"}}}, Status: 422},
			{Name: "a body that is not an object", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: `[1]`}, Status: 422},
		})
	})
}
