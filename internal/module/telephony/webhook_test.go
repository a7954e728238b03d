package telephony_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A webhook with a wrong or missing signature is 401 and writes nothing.
func TestWebhookSignature(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ev := `{"callId":"c1","event":"incoming","from":"+79123456789","employeeId":1}`
		r := h.Do("POST", "/telephony/pbx/events", apitest.Req{Body: ev, NoAuth: true})
		if r.Status != 401 {
			t.Fatalf("no settings yet: %d", r.Status)
		}
		p := newPBX(t, h)
		for name, sig := range map[string]string{"missing": "", "wrong": "sha256=00ff", "not hex": "sha256=zz",
			"another secret": "sha256=" + strings.Repeat("ab", 32)} {
			r := h.Do("POST", "/telephony/pbx/events", apitest.Req{Body: ev, NoAuth: true, Headers: map[string]string{"X-Artel-Signature": sig}})
			if r.Status != 401 {
				t.Fatalf("%s signature: %d", name, r.Status)
			}
		}
		if list := h.Do("GET", "/api/v3/callInfo", apitest.Req{}).List(); len(list) != 0 {
			t.Fatalf("a refused event wrote %v", list)
		}
		// The same body signed with the secret is taken.
		got := p.send(map[string]any{"callId": "c1", "event": "incoming", "from": "+79123456789", "employeeId": 1})
		if got["state"] != "calling" || got["type"] != "in" {
			t.Fatalf("taken: %v", got)
		}
		// A new secret retires the old one.
		h.Do("POST", "/api/v3/telephony/settings", apitest.Req{Body: map[string]any{"newSecret": true}})
		if r := p.post("/telephony/pbx/events", map[string]any{"callId": "c1", "event": "talking"}); r.Status != 401 {
			t.Fatalf("old secret: %d", r.Status)
		}
	})
}

// Bad events: 400 malformed, 422 with the field, an incoming call
// without a phone ignored (spec 001 §5).
func TestWebhookBadEvents(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newPBX(t, h)
		if r := p.post("/telephony/pbx/events", "not an object"); r.Status != 400 {
			t.Fatalf("malformed: %d", r.Status)
		}
		for field, ev := range map[string]map[string]any{
			"callId":       {"event": "incoming", "from": "1"},
			"event":        {"callId": "x", "event": "explode"},
			"recordingUrl": {"callId": "x", "event": "recording", "recordingUrl": "javascript:alert(1)"},
			"employeeId":   {"callId": "x", "event": "finished", "from": "+79120000001", "employeeId": 99999},
		} {
			r := p.post("/telephony/pbx/events", ev)
			if r.Status != 422 || !strings.Contains(string(r.Body), `"field":"`+field+`"`) {
				t.Fatalf("%s: %d %s", field, r.Status, r.Body)
			}
		}
		if r := p.send(map[string]any{"callId": "x", "event": "incoming"}); r["ignored"] != true {
			t.Fatalf("no phone: %v", r)
		}
		if r := p.send(map[string]any{"callId": "y", "event": "hold"}); r["ignored"] != true {
			t.Fatalf("hold of nothing: %v", r)
		}
		if list := h.Do("GET", "/api/v3/callInfo", apitest.Req{}).List(); len(list) != 0 {
			t.Fatalf("ignored events wrote %v", list)
		}
	})
}
