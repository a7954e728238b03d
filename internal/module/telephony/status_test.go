package telephony_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The user's status and options; going offline while talking finishes
// the call; a PBX's internal number finds the employee.
func TestStatusAndOptions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newPBX(t, h)
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		as := func(body any) apitest.Req { return apitest.Req{Token: nina, Body: body} }
		h.Run(t, []apitest.Scenario{
			{Name: "internal number", Method: "POST", Path: "/api/v3/telephony/userConfig", Status: 200, Req: as(map[string]any{"internalNumber": "105"})},
			{Name: "a bad status", Method: "POST", Path: "/BumsCall/Call/setUserStatus.json", Status: 422, Req: as(map[string]any{"status": "asleep"}),
				Contains: []string{`"field":"status"`}},
			{Name: "away", Method: "POST", Path: "/BumsCall/Call/setUserStatus.json", Status: 200, Req: as(map[string]any{"status": "away"})},
			{Name: "options", Method: "POST", Path: "/call/currentOptions.json", Status: 200, Req: as(map[string]any{}),
				Contains: []string{`"enabled":true`, `"defaultProvider":"webhook"`, `"status":"away"`, `"internalNumber":"105"`}},
			{Name: "settings are the administrators'", Method: "GET", Path: "/api/v3/telephony/settings", Status: 403, Req: apitest.Req{Token: nina}},
		})
		p.send(map[string]any{"callId": "n1", "event": "incoming", "from": "+79125550001", "internalNumber": "105"})
		p.send(map[string]any{"callId": "n1", "event": "talking"})
		calls := h.Do("GET", "/api/v3/callInfo", apitest.Req{Token: nina}).List()
		if len(calls) != 1 || calls[0]["state"] != "talking" {
			t.Fatalf("nina's calls: %v", calls)
		}
		if to, _ := calls[0]["toUser"].(map[string]any); to == nil || to["id"] != ninaID {
			t.Fatalf("not nina's: %v", calls[0])
		}
		if r := h.Do("POST", "/BumsCall/Call/setUserStatus.json", as(map[string]any{"status": "offline"})); r.Status != 200 {
			t.Fatalf("offline: %s", r.Body)
		}
		r := p.post("/telephony/pbx/commands", map[string]any{})
		cmds, _ := r.JSON["commands"].([]any)
		if len(cmds) != 1 || cmds[0].(map[string]any)["command"] != "hangup" || cmds[0].(map[string]any)["callId"] != "n1" {
			t.Fatalf("commands: %s", r.Body)
		}
		if r := h.Do("GET", "/api/v3/callInfo/"+calls[0]["id"].(string), apitest.Req{Token: h.NewUser(t, "oleg@example.com")}); r.Status != 404 {
			t.Fatalf("another's call: %d", r.Status)
		}
	})
}
