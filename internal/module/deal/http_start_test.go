package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A new deal: its program's entry state, a number from the account's
// sequence, the first row of its status history; plain updates do not
// move it. See docs/deal.md, "How a deal starts".
func TestDealStart(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		first := p.get(t, p.deal(t, map[string]any{"number": "999", "result": "positive"}))
		if idOf(first["state"]) != p.newSt || first["result"] != "active" || first["number"] != "1" || first["stateTimeUpdated"] == nil {
			t.Fatalf("first deal: %v %v %v", first["state"], first["result"], first["number"])
		}
		second := p.get(t, p.deal(t, map[string]any{"state": state(p.newSt)}))
		if second["number"] != "2" {
			t.Errorf("second number %v", second["number"])
		}
		id := first["id"].(string)
		prog := apitest.Link("Program", p.program)
		h.Run(t, []apitest.Scenario{
			{Name: "the history holds the entry", Method: "GET", Path: "/api/v3/deal/" + id + "/statusHistory", Status: 200,
				Contains: []string{`"contentType":"DealStatusHistory"`, `"fromStatus":null`, `"toStatus":{"contentType":"ProgramState","id":"` + p.newSt + `"}`}},
			{Name: "a person starts a deal only in an entry state", Method: "POST", Path: "/api/v3/deal",
				Req: apitest.Req{Body: map[string]any{"name": "x", "program": prog, "state": state(p.won)}}, Status: 422,
				Contains: []string{`"type":"not_entry_state"`, `"field":"state"`}},
			{Name: "a state of another program", Method: "POST", Path: "/api/v3/deal",
				Req: apitest.Req{Body: map[string]any{"name": "x", "program": prog, "state": state(p.foreign)}}, Status: 422,
				Contains: []string{`"type":"state_not_in_program"`}},
			{Name: "a program without an entry state", Method: "POST", Path: "/api/v3/deal",
				Req: apitest.Req{Body: map[string]any{"name": "x", "program": apitest.Link("Program", p.make(t, "program", map[string]any{"name": "Пустая"}))}}, Status: 422,
				Contains: []string{`"type":"no_entry_state"`, `"field":"program"`}},
			{Name: "no program", Method: "POST", Path: "/api/v3/deal", Req: apitest.Req{Body: map[string]any{"name": "x"}}, Status: 422,
				Contains: []string{`"field":"program"`}},
			{Name: "a plain update does not move a deal", Method: "POST", Path: "/api/v3/deal/" + id,
				Req: apitest.Req{Body: map[string]any{"state": state(p.won)}}, Status: 422, Contains: []string{`"type":"read_only"`, `"field":"state"`}},
			{Name: "nor changes its program", Method: "POST", Path: "/api/v3/deal/" + id,
				Req: apitest.Req{Body: map[string]any{"program": apitest.Link("Program", p.other)}}, Status: 422, Contains: []string{`"field":"program"`}},
			{Name: "the current state may be sent back; number and result are kept", Method: "POST", Path: "/api/v3/deal/" + id,
				Req: apitest.Req{Body: map[string]any{"state": state(p.newSt), "name": "Новое имя", "number": "77", "result": "negative"}}, Status: 200,
				Contains: []string{`"name":"Новое имя"`, `"number":"1"`, `"result":"active"`}},
			{Name: "the list still works", Method: "GET", Path: "/api/v3/deal", Status: 200, Contains: []string{`"number":"2"`}},
		})
		if n := len(h.Do("GET", "/api/v3/deal/"+id+"/statusHistory", apitest.Req{}).List()); n != 1 {
			t.Errorf("history rows after refusals: %d", n)
		}
	})
}

// Transitions are checked when saved: a rule that parses and names deal
// fields and roles, two states of one program.
func TestTransitionDefinitions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		body := func(rule string, to string) apitest.Req {
			return apitest.Req{Body: map[string]any{"from": state(p.newSt), "to": state(to), "rule": rule}}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "rule not JSON", Method: "POST", Path: "/api/v3/programTransition", Req: body("{", p.won), Status: 422, Contains: []string{`"type":"bad_rule"`}},
			{Name: "unknown field", Method: "POST", Path: "/api/v3/programTransition", Req: body(`{"requiredFields":["nope"]}`, p.won), Status: 422, Contains: []string{`"type":"bad_rule"`, "nope"}},
			{Name: "unknown role", Method: "POST", Path: "/api/v3/programTransition", Req: body(`{"allowed":["boss"]}`, p.won), Status: 422, Contains: []string{"boss"}},
			{Name: "states of two programs", Method: "POST", Path: "/api/v3/programTransition", Req: body("", p.foreign), Status: 422, Contains: []string{`"type":"transition_programs_differ"`}},
			{Name: "without an end", Method: "POST", Path: "/api/v3/programTransition", Req: apitest.Req{Body: map[string]any{"from": state(p.newSt)}}, Status: 422, Contains: []string{`"field":"to"`}},
			{Name: "an employee may not change the process", Method: "POST", Path: "/api/v3/programTransition", Req: apitest.Req{Token: p.ivanTok, Body: body("", p.won).Body}, Status: 403},
			{Name: "a good one", Method: "POST", Path: "/api/v3/programTransition", Req: body(`{"requiredFields":["positions","description"],"allowed":["auditors","userCreated"]}`, p.won), Status: 200},
			{Name: "states in order", Method: "GET", Path: "/api/v3/program/" + p.program + "/states", Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				if l := r.List(); len(l) != 4 || l[0]["id"] != p.newSt || l[3]["id"] != p.lost {
					t.Errorf("states: %s", r.Body)
				}
			}},
			{Name: "entry points", Method: "GET", Path: "/api/v3/program/" + p.program + "/entryPoints", Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				if l := r.List(); len(l) != 1 || l[0]["id"] != p.newSt {
					t.Errorf("entry points: %s", r.Body)
				}
			}},
			{Name: "the program lists its transitions", Method: "GET", Path: "/api/v3/program/" + p.program, Status: 200,
				Contains: []string{`"transitionsCount":5`, `{"contentType":"ProgramTransition","id":"` + p.toOffer + `"}`}},
			{Name: "states of a missing program", Method: "GET", Path: "/api/v3/program/999999/states", Status: 404},
		})
	})
}
