package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The process editor writes a trigger's rule as the object and clears it
// with null; a system trigger's rule names its event, so it cannot be
// cleared. A transition's condition is rewritten inside its rule string.
func TestRuleEditedAndCleared(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		big := obj(`{"contentType":"AndRule","children":[{"contentType":"MoneyFieldRule","field":"price","comparison":"greater","value":{"contentType":"Money","value":10000,"currency":"RUB"}},{"contentType":"RefFieldRule","field":"contractor","comparison":"setted"}]}`)
		button := p.make(t, "programTrigger", ruled(p, "Крупная", big))
		system := p.make(t, "programTrigger", map[string]any{"name": "Создана", "type": "system", "program": apitest.Link("Program", p.program),
			"params": `{"actions":[{"type":"message","text":"новая"}]}`, "rule": obj(`{"contentType":"InstanceCreatedRule"}`)})
		deal := p.deal(t, map[string]any{"price": rub(20000)})
		h.Run(t, []apitest.Scenario{
			{Name: "the rule holds back the button", Method: "GET", Path: "/api/v3/deal/" + deal + "/possibleTriggers", Status: 200,
				Contains: []string{`Сделка не отвечает условию сценария «Крупная»`}},
			{Name: "cleared", Method: "POST", Path: "/api/v3/programTrigger/" + button, Req: apitest.Req{Body: map[string]any{"rule": nil}}, Status: 200},
			{Name: "the rule is gone", Method: "GET", Path: "/api/v3/program/" + p.program + "/triggers", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					for _, o := range r.List() {
						if o["id"] == button && o["rule"] != nil {
							t.Errorf("rule kept: %v", o["rule"])
						}
					}
				}},
			{Name: "the button is offered", Method: "GET", Path: "/api/v3/deal/" + deal + "/possibleTriggers", Status: 200,
				NotContains: []string{`Сделка не отвечает условию сценария`}},
			{Name: "a save without rule keeps it", Method: "POST", Path: "/api/v3/programTrigger/" + system, Req: apitest.Req{Body: map[string]any{"name": "Новая сделка"}},
				Status: 200, Contains: []string{`"rule":{"contentType":"InstanceCreatedRule"}`}},
			{Name: "a system trigger keeps its event", Method: "POST", Path: "/api/v3/programTrigger/" + system, Req: apitest.Req{Body: map[string]any{"rule": nil}},
				Status: 422, Contains: []string{`"field":"rule"`, `"type":"required"`}},
			{Name: "a condition written into a transition", Method: "POST", Path: "/api/v3/programTransition/" + p.toOffer,
				Req: apitest.Req{Body: map[string]any{"rule": `{"requiredFields":["contractor"],"condition":{"contentType":"NotRule","rule":{"contentType":"PaidRule","type":"partial"}}}`}}, Status: 200},
			{Name: "the move explains it", Method: "POST", Path: "/api/v3/deal/" + deal + "/applyTransition", Req: apitest.Req{Body: apply(p.toOffer)}, Status: 422,
				Contains: []string{`"type":"transition_required"`}, NotContains: []string{`transition_condition`}},
		})
	})
}

// Triggers run and are listed in their orderPosition, as the editor
// numbers them: two scenarios on one state writing one field leave the
// later one's value, and renumbering them swaps which that is.
func TestTriggerOrder(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		auto := func(name string, order int) string {
			b := trigger(p, name, "auto", `{"states":["`+p.lost+`"],"actions":[{"type":"setField","field":"description","value":"`+name+`"},{"type":"message","text":"`+name+`"}]}`)
			b["orderPosition"] = order
			return p.make(t, "programTrigger", b)
		}
		first, second := auto("первый", 2), auto("второй", 1)
		lose := func(t *testing.T) string {
			r := h.Do("POST", "/api/v3/deal/"+p.deal(t, nil)+"/applyTransition", apitest.Req{Body: apply(p.toLost)})
			if r.Status != 200 {
				t.Fatalf("move: %s", r.Body)
			}
			return r.Obj()["description"].(string)
		}
		order := func(t *testing.T) []any {
			r := h.Do("GET", "/api/v3/program/"+p.program+"/triggers", apitest.Req{})
			var ids []any
			for _, o := range r.List() {
				ids = append(ids, o["id"])
			}
			return ids
		}
		if got := order(t); len(got) != 2 || got[0] != second || got[1] != first {
			t.Errorf("listed %v, want %s then %s", got, second, first)
		}
		if got := lose(t); got != "первый" {
			t.Errorf("the later trigger wrote %q", got)
		}
		for id, pos := range map[string]int{first: 1, second: 2} {
			if r := h.Do("POST", "/api/v3/programTrigger/"+id, apitest.Req{Body: map[string]any{"orderPosition": pos}}); r.Status != 200 {
				t.Fatalf("reorder: %s", r.Body)
			}
		}
		if got := lose(t); got != "второй" {
			t.Errorf("after renumbering the later trigger wrote %q", got)
		}
	})
}
