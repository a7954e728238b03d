package finance_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// account makes a finance account (FinRealAccount) of a kind.
func (b *books) account(t *testing.T, name, kind string) map[string]any {
	id := make1(t, b.h, "finRealAccount", map[string]any{"name": name, "kind": kind})
	return apitest.Link("FinRealAccount", id)
}

// op posts a finance operation and answers the response.
func (b *books) op(kind string, sum float64, account map[string]any, extra map[string]any) *apitest.Resp {
	body := map[string]any{"contentType": "FinOperation", "kind": kind, "sum": rub(sum), "realAccount": account}
	for k, v := range extra {
		body[k] = v
	}
	return b.h.Do("POST", "/api/v3/finOperation", apitest.Req{Body: body})
}

// balance is an account's balance.
func (b *books) balance(t *testing.T, account map[string]any) float64 {
	return moneyOf(b.get(t, "finRealAccount/"+account["id"].(string)), "balance")
}

// field422 checks a 422 answer names a field with a code.
func field422(t *testing.T, r *apitest.Resp, field, code string) {
	t.Helper()
	if r.Status != 422 {
		t.Fatalf("want 422 on %s, got %d: %s", field, r.Status, r.Body)
	}
	for _, e := range r.Errors() {
		if e["field"] == field && e["type"] == code {
			return
		}
	}
	t.Errorf("want %s on %s, got %s", code, field, r.Body)
}
