package finance_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Bad invoices answer 422 naming the field, and write nothing: no
// invoice, no row, no number taken.
func TestInvoiceBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 100)
		usd := map[string]any{"contentType": "Money", "value": 1, "currency": "USD"}
		for _, tc := range []struct {
			name  string
			extra map[string]any
			rows  []map[string]any
			field string
			code  string
		}{
			{"no payer", map[string]any{"payer": nil}, nil, "payer", "required"},
			{"rows not a list", map[string]any{"rows": "много"}, nil, "rows", "rows_format"},
			{"row not an object", map[string]any{"rows": []any{42}}, nil, "rows.0", "rows_format"},
			{"row of another type", nil, []map[string]any{{"contentType": "Deal", "name": "x"}}, "rows.0.contentType", "rows_format"},
			{"discount over the amount", nil, []map[string]any{row("A", "price", rub(10)), row("B", "price", rub(10), "discount", abs(11))}, "rows.1.discount", "discount_too_large"},
			{"percent over 100", nil, []map[string]any{row("A", "price", rub(10), "discount", pct(101))}, "rows.0.discount", "out_of_range"},
			{"negative quantity", nil, []map[string]any{row("A", "price", rub(10), "quantity", -1)}, "rows.0.quantity", "out_of_range"},
			{"tax rate over 100", nil, []map[string]any{row("A", "price", rub(10), "tax", vat(120))}, "rows.0.tax", "out_of_range"},
			{"two prices", nil, []map[string]any{row("A", "price", rub(10), "priceWithoutTax", rub(9))}, "rows.0.priceWithoutTax", "two_prices"},
			{"rows in two currencies", nil, []map[string]any{row("A", "price", rub(10)), row("B", "price", usd)}, "rows", "rows_currencies"},
			{"someone else's row", nil, []map[string]any{{"contentType": "OfferRow", "id": "77"}}, "rows.0.id", "link_not_found"},
			{"unknown status", map[string]any{"status": "lost"}, nil, "status", ""},
			{"bad date", map[string]any{"invoiceDate": "вчера"}, nil, "invoiceDate", ""},
		} {
			r := b.invoice(tc.extra, tc.rows...)
			if r.Status != 422 {
				t.Errorf("%s: status %d: %s", tc.name, r.Status, r.Body)
				continue
			}
			errs := r.Errors()
			if len(errs) == 0 || errs[0]["field"] != tc.field || tc.code != "" && errs[0]["type"] != tc.code || errs[0]["message"] == "" {
				t.Errorf("%s: errors %v, want %s %s", tc.name, errs, tc.field, tc.code)
			}
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_invoice") + count(t, h, "SELECT COUNT(*) FROM e_offerrow"); n != 0 {
			t.Errorf("a refused invoice wrote %d rows", n)
		}
		if o := must(t, b.invoice(nil)); o["number"] != "1" {
			t.Errorf("refused invoices took numbers: the first is %v", o["number"])
		}
		if r := h.Do("POST", "/api/v3/invoice/999", apitest.Req{Body: status("paid")}); r.Status != 404 {
			t.Errorf("missing invoice: %d", r.Status)
		}
		if r := h.Do("POST", "/api/v3/invoice", apitest.Req{Body: "[1,2"}); r.Status/100 != 4 {
			t.Errorf("broken JSON: %d", r.Status)
		}
	})
}
