package deal_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// extraField adds an extra deal field and answers its name.
func extraField(t *testing.T, h *apitest.Harness, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/deal/extraFields", apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("extra field: %s", r.Body)
	}
	return r.Obj()["name"].(string)
}

func ruled(p *process, name string, rule any) map[string]any {
	b := trigger(p, name, "button", `{"actions":[{"type":"message","text":"`+name+`"}]}`)
	b["rule"] = rule
	return b
}

func obj(s string) map[string]any {
	var v map[string]any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		panic(s)
	}
	return v
}

// enabledFor is each possible trigger's enabled flag on a deal for a reader.
func enabledFor(t *testing.T, h *apitest.Harness, deal, token string) map[string]any {
	t.Helper()
	r := h.Do("GET", "/api/v3/deal/"+deal+"/possibleTriggers", apitest.Req{Token: token})
	if r.Status != 200 {
		t.Fatalf("possibleTriggers: %s", r.Body)
	}
	out := map[string]any{}
	for _, o := range r.List() {
		out[o["name"].(string)] = o["enabled"]
	}
	return out
}

// Each kind of condition is judged on the deal: a button trigger whose
// rule does not hold is offered disabled with the reason, and pressing it
// is refused; one whose rule holds runs.
func TestTriggerRuleKinds(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
		h.Srv.Engine.Now = func() time.Time { return now }
		vip := extraField(t, h, map[string]any{"contentType": "BoolField", "hrName": "VIP"})
		due := extraField(t, h, map[string]any{"contentType": "DateField", "hrName": "Срок"})
		source := extraField(t, h, map[string]any{"contentType": "EnumField", "hrName": "Источник", "enumValues": []string{"Сайт", "Звонок"}})
		score := extraField(t, h, map[string]any{"contentType": "IntegerField", "hrName": "Оценка"})
		day := func(m, d int) map[string]any {
			return map[string]any{"contentType": "DateOnly", "year": 2026, "month": m, "day": d}
		}
		a := p.deal(t, map[string]any{"price": rub(5000), "description": "VIP клиент", "contractor": p.client,
			vip: true, due: day(11, 1), source: "Сайт", score: 7})
		b := p.deal(t, map[string]any{"price": rub(100), "description": "обычный", vip: false, due: day(0, 1), source: "Звонок", score: 2})
		// Deal a is paid in full.
		bank := p.make(t, "finRealAccount", map[string]any{"name": "Банк", "kind": "bank"})
		op := p.make(t, "finOperation", map[string]any{"contentType": "FinOperation", "kind": "income", "sum": rub(5000),
			"realAccount": apitest.Link("FinRealAccount", bank)})
		if r := h.Do("POST", "/api/v3/finOperation/"+op+"/linkWith", apitest.Req{Body: apitest.Link("Deal", a)}); r.Status != 200 {
			t.Fatalf("pay: %s", r.Body)
		}
		money := func(v float64) string { return `{"contentType":"Money","value":` + jsonNum(v) + `,"currency":"RUB"}` }
		rules := map[string]string{
			"money":       `{"contentType":"MoneyFieldRule","field":"price","comparison":"greater","value":` + money(1000) + `}`,
			"money span":  `{"contentType":"MoneyFieldRule","field":"price","comparison":"interval","value":{"contentType":"RuleIntervalMoney","from":` + money(1000) + `,"to":null}}`,
			"number":      `{"contentType":"NumberFieldRule","field":"` + score + `","comparison":"greater_or_equal","value":5}`,
			"number span": `{"contentType":"NumberFieldRule","field":"` + score + `","comparison":"interval","value":{"contentType":"IntervalNumbers","from":5,"to":10}}`,
			"bool":        `{"contentType":"BoolFieldRule","field":"` + vip + `","comparison":"equal","value":true}`,
			"date":        `{"contentType":"DateFieldRule","field":"` + due + `","comparison":"greater","value":{"contentType":"DateOnly","year":2026,"month":5,"day":1}}`,
			"enum":        `{"contentType":"EnumFieldRule","field":"` + source + `","comparison":"one_of","value":["Сайт"]}`,
			"string":      `{"contentType":"StringFieldRule","field":"description","comparison":"contains","value":"vip"}`,
			"ref":         `{"contentType":"RefFieldRule","field":"contractor","comparison":"setted"}`,
			"paid":        `{"contentType":"PaidRule","type":"full"}`,
			"and":         `{"contentType":"AndRule","children":[{"contentType":"PaidRule"},{"contentType":"EnumFieldRule","field":"result","comparison":"one_of","value":["active"]}]}`,
			"or":          `{"contentType":"OrRule","children":[{"contentType":"StringFieldRule","field":"description","comparison":"equal","value":"нет такого"},{"contentType":"BoolFieldRule","field":"` + vip + `","comparison":"equal","value":true}]}`,
			"not":         `{"contentType":"NotRule","rule":{"contentType":"StringFieldRule","field":"description","comparison":"equal","value":"обычный"}}`,
			"state":       `{"contentType":"AndRule","children":[{"contentType":"ProgramStateRule","state":{"contentType":"ProgramState","id":"` + p.newSt + `"}},{"contentType":"MoneyFieldRule","field":"price","comparison":"setted"},{"contentType":"MoneyFieldRule","field":"price","comparison":"equal","value":` + money(5000) + `}]}`,
			"work hours":  `{"contentType":"CurrentTimeRule","interval":{"contentType":"IntervalTime","from":{"contentType":"DateTime","value":"2026-01-01T09:00:00+03:00"},"to":{"contentType":"DateTime","value":"2026-01-01T18:00:00+03:00"}}}`,
		}
		for name, rule := range rules {
			p.make(t, "programTrigger", ruled(p, name, obj(rule)))
		}
		night := `{"contentType":"CurrentTimeRule","interval":{"contentType":"IntervalTime","from":{"contentType":"DateTime","value":"2026-01-01T22:00:00+03:00"},"to":{"contentType":"DateTime","value":"2026-01-01T06:00:00+03:00"}}}`
		nightID := p.make(t, "programTrigger", ruled(p, "night", obj(night)))
		onA, onB := enabledFor(t, h, a, ""), enabledFor(t, h, b, "")
		for name := range rules {
			want := name != "work hours"
			if onA[name] != true || onB[name] != !want {
				t.Errorf("%s: deal a %v, deal b %v", name, onA[name], onB[name])
			}
		}
		if onA["night"] != false {
			t.Errorf("a night window at noon in Moscow: %v", onA["night"])
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the reason", Method: "GET", Path: "/api/v3/deal/" + b + "/possibleTriggers", Status: 200,
				Contains: []string{`Сделка не отвечает условию сценария «money»`}},
			{Name: "in English", Method: "GET", Path: "/api/v3/deal/" + b + "/possibleTriggers", Req: apitest.Req{Headers: map[string]string{"Accept-Language": "en"}}, Status: 200,
				Contains: []string{`The deal does not meet the condition of the scenario «money»`}},
			{Name: "pressing it is refused", Method: "POST", Path: "/api/v3/deal/" + a + "/applyTrigger",
				Req: apitest.Req{Body: apitest.Link("ProgramTrigger", nightID)}, Status: 422, Contains: []string{`"type":"trigger_condition"`, `"field":"rule"`}},
			{Name: "the rule is given back", Method: "GET", Path: "/api/v3/program/" + p.program + "/triggers", Status: 200,
				Contains: []string{`"rule":{"contentType":"CurrentTimeRule"`}},
		})
		now = now.Add(14 * time.Hour) // 02:00 in Moscow
		if on := enabledFor(t, h, a, ""); on["night"] != true || on["work hours"] != false {
			t.Errorf("at night: %v", on)
		}
	})
}

func jsonNum(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// A condition Artel cannot judge, or one naming what is not there, is
// refused when saved; a transition's condition refuses the move with its
// reason; an auto trigger runs only where its rule holds.
func TestConditionsSavedAndMoves(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		bad := func(name, rule string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "POST", Path: "/api/v3/programTrigger", Req: apitest.Req{Body: ruled(p, name, obj(rule))},
				Status: 422, Contains: []string{`"field":"rule"`, `"type":"bad_rule"`}}
		}
		h.Run(t, []apitest.Scenario{
			bad("unknown field", `{"contentType":"StringFieldRule","field":"nope","comparison":"equal","value":"x"}`),
			bad("wrong kind", `{"contentType":"MoneyFieldRule","field":"description","comparison":"setted"}`),
			bad("wrong comparison", `{"contentType":"EnumFieldRule","field":"result","comparison":"greater","value":["active"]}`),
			bad("no value", `{"contentType":"NumberFieldRule","field":"paymentProgress","comparison":"equal"}`),
			bad("empty and", `{"contentType":"AndRule","children":[]}`),
			bad("a formula is not judged", `{"contentType":"FormulaRule","expression":"1","comparison":"setted"}`),
			bad("another program's state", `{"contentType":"ProgramStateRule","state":{"contentType":"ProgramState","id":"`+p.foreign+`"}}`),
			bad("an event outside a system trigger", `{"contentType":"InstanceCreatedRule"}`),
			bad("an unknown role", `{"contentType":"CurrentUserRule","currentUser":[{"contentType":"ProgramRole","id":"boss"}]}`),
			bad("a bad time", `{"contentType":"CurrentTimeRule","interval":{"from":{"value":"9"},"to":{"value":"18"}}}`),
			{Name: "a bad transition condition", Method: "POST", Path: "/api/v3/programTransition", Status: 422, Contains: []string{`"type":"bad_rule"`},
				Req: apitest.Req{Body: map[string]any{"from": state(p.newSt), "to": state(p.won), "rule": `{"condition":{"contentType":"PaidRule","type":"half"}}`}}},
		})
		big := p.make(t, "programTransition", map[string]any{"name": "Крупная", "from": state(p.newSt), "to": state(p.won),
			"rule": `{"condition":{"contentType":"MoneyFieldRule","field":"price","comparison":"greater_or_equal","value":{"contentType":"Money","value":1000,"currency":"RUB"}}}`})
		mine := p.make(t, "programTrigger", ruled(p, "Моё", obj(`{"contentType":"CurrentUserRule","currentUser":[{"contentType":"ProgramRole","id":"manager"},{"contentType":"Employee","id":"`+p.ivan+`"}]}`)))
		p.make(t, "programTrigger", map[string]any{"name": "VIP", "type": "auto", "program": apitest.Link("Program", p.program),
			"params": `{"states":["` + p.lost + `"],"actions":[{"type":"setField","field":"name","value":"VIP отказ"}]}`,
			"rule":   obj(`{"contentType":"StringFieldRule","field":"description","comparison":"contains","value":"VIP"}`)})
		small := p.deal(t, map[string]any{"price": rub(999.99), "description": "VIP"})
		large := p.deal(t, map[string]any{"price": rub(1000)})
		h.Run(t, []apitest.Scenario{
			{Name: "refused by the condition", Method: "POST", Path: "/api/v3/deal/" + small + "/applyTransition", Req: apitest.Req{Body: apply(big)},
				Status: 422, Contains: []string{`"type":"transition_condition"`, `Сделка не отвечает условию перехода «Крупная»`}},
			{Name: "offered disabled", Method: "GET", Path: "/api/v3/deal/" + small + "?fields=possibleTransitions", Status: 200,
				Contains: []string{`Сделка не отвечает условию перехода «Крупная»`}},
			{Name: "the manager holds the role", Method: "GET", Path: "/api/v3/deal/" + small + "/possibleTriggers", Req: apitest.Req{Token: p.olgaTok}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					for _, o := range r.List() {
						if o["id"] == mine && o["enabled"] != true {
							t.Errorf("%s", r.Body)
						}
					}
				}},
			{Name: "the administrator is no one the rule names", Method: "POST", Path: "/api/v3/deal/" + small + "/applyTrigger",
				Req: apitest.Req{Body: apitest.Link("ProgramTrigger", mine)}, Status: 422, Contains: []string{`"type":"trigger_condition"`}},
			{Name: "allowed at the sum", Method: "POST", Path: "/api/v3/deal/" + large + "/applyTransition", Req: apitest.Req{Body: apply(big)}, Status: 200},
			{Name: "the auto trigger's rule holds", Method: "POST", Path: "/api/v3/deal/" + small + "/applyTransition", Req: apitest.Req{Body: apply(p.toLost)},
				Status: 200, Contains: []string{`"name":"VIP отказ"`}},
		})
		other := p.deal(t, nil)
		if r := h.Do("POST", "/api/v3/deal/"+other+"/applyTransition", apitest.Req{Body: apply(p.toLost)}); r.Status != 200 || r.Obj()["name"] != "Сделка" {
			t.Errorf("the auto trigger ran where its rule does not hold: %s", r.Body)
		}
	})
}

// A program's roles are the deal's person fields, named by the rules'
// allowed lists and CurrentUserRule.
func TestProgramRoles(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		h.Run(t, []apitest.Scenario{
			{Name: "listed", Method: "GET", Path: "/api/v3/program/" + p.program, Status: 200,
				Contains: []string{`"rolesCount":3`, `{"contentType":"ProgramRole","id":"manager","isMultiple":false,"linkedField":{"contentType":"RefLinkField"`,
					`"id":"auditors","isMultiple":true,"linkedField":{"contentType":"RefSetField"`, `"name":"Аудиторы"`}},
			{Name: "in English", Method: "GET", Path: "/api/v3/program/" + p.program + "?fields=roles", Status: 200,
				Req: apitest.Req{Headers: map[string]string{"Accept-Language": "en"}}, Contains: []string{`"name":"Manager","valueContentTypes"`, `"name":"Author"`}},
		})
	})
}
