package telephony_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Click-to-call: the call is recorded as calling and the PBX fetches the
// command once; hold, transfer and hangup are commands too.
func TestClickToCallWebhook(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newPBX(t, h)
		r := h.Do("POST", "/BumsCall/Call/initCall.json", apitest.Req{Body: map[string]any{"callInfo": map[string]any{"toPhone": "+7 912 345-67-89"}}})
		if r.Status != 200 {
			t.Fatalf("initCall: %s", r.Body)
		}
		id := r.Obj()["result"].(map[string]any)["callId"].(string)
		if ci := r.Obj()["callInfo"].(map[string]any); ci["state"] != "calling" || ci["type"] != "out" {
			t.Fatalf("call: %v", ci)
		}
		for _, c := range []map[string]any{{"callId": id, "command": "hold"}, {"callId": id, "command": "dtmf", "arg": "12#"}} {
			if r := h.Do("POST", "/BumsCall/Call/command.json", apitest.Req{Body: c}); r.Status != 200 {
				t.Fatalf("%v: %s", c, r.Body)
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "no phone", Method: "POST", Path: "/BumsCall/Call/initCall.json", Status: 422,
				Req: apitest.Req{Body: map[string]any{"callInfo": map[string]any{"toPhone": ""}}}, Contains: []string{`"field":"callInfo.toPhone"`}},
			{Name: "malformed", Method: "POST", Path: "/BumsCall/Call/initCall.json", Status: 400, Req: apitest.Req{Body: `{"callInfo":`}},
			{Name: "unknown command", Method: "POST", Path: "/BumsCall/Call/command.json", Status: 422,
				Req: apitest.Req{Body: map[string]any{"callId": id, "command": "explode"}}, Contains: []string{`"field":"command"`}},
			{Name: "bad DTMF", Method: "POST", Path: "/BumsCall/Call/command.json", Status: 422,
				Req: apitest.Req{Body: map[string]any{"callId": id, "command": "dtmf", "arg": "12a"}}, Contains: []string{`"field":"arg"`}},
			{Name: "someone else's call", Method: "POST", Path: "/BumsCall/Call/command.json", Status: 404,
				Req: apitest.Req{Token: h.NewUser(t, "oleg@example.com"), Body: map[string]any{"callId": id, "command": "hangup"}}},
			{Name: "no such action", Method: "POST", Path: "/BumsCall/Call/explode.json", Status: 404},
			{Name: "the time", Method: "POST", Path: "/BumsCall/Call/getDateTime.json", Status: 200, Contains: []string{`"timestamp":`}},
		})
		r = p.post("/telephony/pbx/commands", map[string]any{})
		cmds, _ := r.JSON["commands"].([]any)
		if r.Status != 200 || len(cmds) != 3 {
			t.Fatalf("commands: %s", r.Body)
		}
		first := cmds[0].(map[string]any)
		if first["command"] != "call" || first["phone"] != "+7 912 345-67-89" || first["callId"] != id {
			t.Fatalf("first: %v", first)
		}
		if r := p.post("/telephony/pbx/commands", map[string]any{}); len(r.JSON["commands"].([]any)) != 0 {
			t.Fatalf("fetched twice: %s", r.Body)
		}
		if r := h.Do("POST", "/telephony/pbx/commands", apitest.Req{Body: "{}", NoAuth: true}); r.Status != 401 {
			t.Fatalf("unsigned fetch: %d", r.Status)
		}
	})
}

// The simulated provider answers commands itself: a call placed is
// calling, hung up it is a failed call with its to-do.
func TestSimulatedProvider(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		in := map[string]any{"callId": "s1", "event": "incoming", "from": "+79120000000", "employeeId": 1}
		if r := h.Do("POST", "/api/v3/telephony/simulate", apitest.Req{Body: in}); r.Status != 422 {
			t.Fatalf("webhook account simulating: %d", r.Status)
		}
		if r := h.Do("POST", "/api/v3/telephony/settings", apitest.Req{Body: map[string]any{"provider": "simulated"}}); r.Status != 200 || r.Obj()["provider"] != "simulated" {
			t.Fatalf("settings: %s", r.Body)
		}
		if r := h.Do("POST", "/api/v3/telephony/settings", apitest.Req{Body: map[string]any{"provider": "carrier pigeon"}}); r.Status != 422 {
			t.Fatalf("bad provider: %d", r.Status)
		}
		if r := h.Do("POST", "/api/v3/telephony/simulate", apitest.Req{Token: h.NewUser(t, "oleg@example.com"), Body: in}); r.Status != 403 {
			t.Fatalf("employee simulating: %d", r.Status)
		}
		if r := h.Do("POST", "/api/v3/telephony/simulate", apitest.Req{Body: in}); r.Status != 200 || r.Obj()["state"] != "calling" {
			t.Fatalf("simulate: %s", r.Body)
		}
		r := h.Do("POST", "/BumsCall/Call/initCall.json", apitest.Req{Body: map[string]any{"callInfo": map[string]any{"toPhone": "101"}}})
		id := r.Obj()["result"].(map[string]any)["callId"].(string)
		if r := h.Do("POST", "/BumsCall/Call/command.json", apitest.Req{Body: map[string]any{"callId": id, "command": "hangup"}}); r.Status != 200 {
			t.Fatalf("hangup: %s", r.Body)
		}
		calls := h.Do("GET", "/api/v3/callInfo", apitest.Req{}).List()
		if len(calls) != 2 || calls[0]["type"] != "fail" || calls[0]["state"] != "finished" {
			t.Fatalf("calls: %v", calls)
		}
		if todos := callTodos(t, h, h.Token); len(todos) != 1 {
			t.Fatalf("to-dos: %v", todos)
		}
	})
}
