package stock_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// depot is what a stock test moves goods through: warehouses and offers.
type depot struct {
	t *testing.T
	h *apitest.Harness
}

func make1(t *testing.T, h *apitest.Harness, typ string, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/"+typ, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("create %s: %s", typ, r.Body)
	}
	return r.Obj()["id"].(string)
}

func (d *depot) warehouse(name string) string {
	return make1(d.t, d.h, "warehouse", map[string]any{"name": name})
}

func (d *depot) offer(name, typ string) string {
	return make1(d.t, d.h, "offer", map[string]any{"name": name, "type": typ,
		"price": map[string]any{"contentType": "Money", "value": 100, "currency": "RUB"}})
}

func row(offer string, q float64) map[string]any {
	return map[string]any{"contentType": "ConsignmentRow", "offer": apitest.Link("Offer", offer), "quantity": q}
}

// consignment posts a new consignment and answers the response.
func (d *depot) consignment(typ, state, wh string, rows ...map[string]any) *apitest.Resp {
	body := map[string]any{"contentType": "Consignment", "type": typ, "warehouse": apitest.Link("Warehouse", wh)}
	if state != "" {
		body["state"] = state
	}
	items := make([]any, len(rows))
	for i, r := range rows {
		items[i] = r
	}
	body["rows"] = items
	return d.h.Do("POST", "/api/v3/consignment", apitest.Req{Body: body})
}

func (d *depot) state(id, state string) *apitest.Resp {
	return d.h.Do("POST", "/api/v3/consignment/"+id, apitest.Req{Body: map[string]any{"state": state}})
}

// receive puts n of an offer into a warehouse by a performed income.
func (d *depot) receive(wh, offer string, n float64) string {
	return must(d.t, d.consignment("income", "performed", wh, row(offer, n)))["id"].(string)
}

// balance is an offer's balance row in a warehouse: on hand, reserved,
// expected.
func (d *depot) balance(wh, offer string) (q, r, e float64) {
	d.t.Helper()
	for _, b := range must2(d.t, d.h.Do("GET", "/api/v3/warehouse/"+wh+"/balances", apitest.Req{})) {
		if o, _ := b["offer"].(map[string]any); o["id"] == offer {
			return b["balance"].(float64), b["reserved"].(float64), b["expected"].(float64)
		}
	}
	return 0, 0, 0
}

func must(t *testing.T, r *apitest.Resp) map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	return r.Obj()
}

func must2(t *testing.T, r *apitest.Resp) []map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	return r.List()
}

// refused checks a 422 whose first error is of the type with the message.
func refused(t *testing.T, r *apitest.Resp, typ, message string) {
	t.Helper()
	if r.Status != 422 {
		t.Fatalf("want 422 %s, got %d: %s", typ, r.Status, r.Body)
	}
	errs := r.Errors()
	if len(errs) == 0 || errs[0]["type"] != typ || (message != "" && errs[0]["message"] != message) {
		t.Fatalf("want %s %q, got %s", typ, message, r.Body)
	}
}

func count(t *testing.T, h *apitest.Harness, query string, args ...any) int {
	t.Helper()
	var n int
	if err := h.DB.Q(context.Background()).QueryRowContext(context.Background(), h.DB.Dialect.Rebind(query), args...).Scan(&n); err != nil {
		t.Fatal(fmt.Errorf("%s: %w", query, err))
	}
	return n
}
