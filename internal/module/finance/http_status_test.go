package finance_test

import (
	"slices"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

func status(s string) map[string]any { return map[string]any{"status": s} }

// Statuses move as the table in docs/finance.md allows; possibleStatuses
// says where; paying stamps actualPaymentDate and cancelling clears it.
func TestInvoiceStatuses(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 0)
		o := must(t, b.invoice(nil, row("A", "price", rub(10))))
		id := o["id"].(string)
		post := func(body map[string]any) *apitest.Resp {
			return h.Do("POST", "/api/v3/invoice/"+id, apitest.Req{Body: body})
		}
		possible := func(o map[string]any) []string {
			var out []string
			for _, s := range o["possibleStatuses"].([]any) {
				out = append(out, s.(string))
			}
			return out
		}
		if o["status"] != "created" || !slices.Equal(possible(o), []string{"drawn", "paid", "rejected"}) {
			t.Fatalf("new invoice: %v %v", o["status"], o["possibleStatuses"])
		}
		o = must(t, post(status("paid")))
		if o["actualPaymentDate"] == nil || !slices.Equal(possible(o), []string{"drawn"}) {
			t.Errorf("paid: %v %v", o["actualPaymentDate"], o["possibleStatuses"])
		}
		r := post(status("rejected"))
		if r.Status != 422 || len(r.Errors()) != 1 || r.Errors()[0]["field"] != "status" || r.Errors()[0]["type"] != "status_not_possible" {
			t.Errorf("paid → rejected: %d %s", r.Status, r.Body)
		}
		rowID := h.Do("GET", "/api/v3/invoice/"+id+"/rows", apitest.Req{}).List()[0]["id"].(string)
		for name, r := range map[string]*apitest.Resp{
			"a new row":               post(map[string]any{"rows": []any{row("B", "price", rub(1))}}),
			"a row dropped":           post(map[string]any{"rows": []any{}}),
			"a row changed inline":    post(map[string]any{"rows": []any{map[string]any{"contentType": "OfferRow", "id": rowID, "quantity": 2}}}),
			"a row changed by itself": h.Do("POST", "/api/v3/offerRow/"+rowID, apitest.Req{Body: map[string]any{"quantity": 2}}),
			"a row deleted by itself": h.Do("DELETE", "/api/v3/offerRow/"+rowID, apitest.Req{}),
		} {
			if r.Status != 422 || r.Errors()[0]["type"] != "invoice_closed" {
				t.Errorf("%s on a paid invoice: %d %s", name, r.Status, r.Body)
			}
		}
		if o := must(t, post(map[string]any{"rows": []any{map[string]any{"contentType": "OfferRow", "id": rowID}}})); moneyOf(o, "sum") != 10 {
			t.Errorf("a paid invoice's rows sent back as they are: %v", o["sum"])
		}
		o = must(t, post(status("drawn")))
		if o["actualPaymentDate"] != nil || o["status"] != "drawn" {
			t.Errorf("payment cancelled: %v %v", o["status"], o["actualPaymentDate"])
		}
		if r := post(status("lost")); r.Status != 422 || r.Errors()[0]["field"] != "status" {
			t.Errorf("unknown status: %d %s", r.Status, r.Body)
		}
	})
}

// GET /invoice applies statusFilterId: a status by name or number, or
// the overdue invoices.
func TestInvoiceStatusFilter(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 0)
		past := time.Now().AddDate(0, 0, -3)
		day := func(d time.Time) map[string]any {
			return map[string]any{"contentType": "DateOnly", "year": d.Year(), "month": int(d.Month()) - 1, "day": d.Day()}
		}
		must(t, b.invoice(status("paid")))
		late := must(t, b.invoice(map[string]any{"deadline": day(past)}))["id"]
		must(t, b.invoice(map[string]any{"deadline": day(past), "status": "paid"}))
		must(t, b.invoice(map[string]any{"deadline": day(time.Now().AddDate(0, 0, 3))}))
		for _, tc := range []struct {
			query string
			want  int
		}{{`{"statusFilterId":"paid"}`, 2}, {`{"statusFilterId":3}`, 2}, {`{"statusFilterId":"1"}`, 2}, {`{"statusFilterId":"all"}`, 4}, {`{"statusFilterId":"overdue"}`, 1}} {
			r := h.Do("GET", "/api/v3/invoice"+apitest.Q(tc.query), apitest.Req{})
			if r.Status != 200 || len(r.List()) != tc.want {
				t.Errorf("%s: %d, %d invoices, want %d", tc.query, r.Status, len(r.List()), tc.want)
			}
			if tc.want == 1 && r.List()[0]["id"] != late {
				t.Errorf("overdue: %v", r.List()[0]["id"])
			}
		}
		if r := h.Do("GET", "/api/v3/invoice"+apitest.Q(`{"statusFilterId":"lost"}`), apitest.Req{}); r.Status != 422 || r.Errors()[0]["field"] != "statusFilterId" {
			t.Errorf("bad statusFilterId: %d %s", r.Status, r.Body)
		}
	})
}
