package telephony_test

import (
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/telephony"
)

// pbx is a PBX posting signed events to the account's webhook.
type pbx struct {
	t      *testing.T
	h      *apitest.Harness
	secret string
}

func newPBX(t *testing.T, h *apitest.Harness) *pbx {
	r := h.Do("GET", "/api/v3/telephony/settings", apitest.Req{})
	if r.Status != 200 {
		t.Fatalf("settings: %s", r.Body)
	}
	return &pbx{t: t, h: h, secret: r.Obj()["secret"].(string)}
}

func (p *pbx) post(path string, body any) *apitest.Resp {
	b, _ := json.Marshal(body)
	sig := "sha256=" + hex.EncodeToString(telephony.Sign(p.secret, b))
	return p.h.Do("POST", path, apitest.Req{Body: string(b), NoAuth: true, Headers: map[string]string{"X-Artel-Signature": sig}})
}

// send posts one event and fails the test unless it is taken.
func (p *pbx) send(ev map[string]any) map[string]any {
	p.t.Helper()
	r := p.post("/telephony/pbx/events", ev)
	if r.Status != 200 {
		p.t.Fatalf("event %v: %d %s", ev, r.Status, r.Body)
	}
	return r.JSON
}

func client(t *testing.T, h *apitest.Harness, name, number string, responsible string) string {
	t.Helper()
	body := map[string]any{"firstName": name, "contactInfo": []any{map[string]any{"contentType": "ContactInfo", "type": "phone", "value": number}}}
	if responsible != "" {
		body["responsibles"] = []any{apitest.Link("Employee", responsible)}
	}
	r := h.Do("POST", "/api/v3/contractorHuman", apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("client: %s", r.Body)
	}
	return r.Obj()["id"].(string)
}

// callTodos are the to-dos of category call the token's user sees.
func callTodos(t *testing.T, h *apitest.Harness, token string) []map[string]any {
	t.Helper()
	r := h.Do("GET", "/api/v3/todo?limit=100", apitest.Req{Token: token})
	if r.Status != 200 {
		t.Fatalf("todos: %s", r.Body)
	}
	var out []map[string]any
	for _, td := range r.List() {
		if c, _ := td["category"].(map[string]any); c != nil && c["id"] == "call" {
			out = append(out, td)
		}
	}
	return out
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
