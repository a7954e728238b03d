package finance_test

import (
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// An invoice's sum and taxTotal are the exact sums of its rows, each row
// rounded to the kopeck on its own (docs/finance.md, "Totals").
func TestInvoiceTotals(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		for _, tc := range []struct {
			name     string
			rows     []map[string]any
			sum, tax float64
		}{
			// 83.325 → 83.33 per row; three such rows tax 3 × 16.66 = 49.98,
			// not 20/120 of the total 299.97 (49.995 → 50.00).
			{"VAT included, rounded per row", []map[string]any{
				row("A", "price", rub(33.33), "quantity", 3, "tax", vat(20)),
				row("B", "price", rub(33.33), "quantity", 3, "tax", vat(20)),
				row("C", "price", rub(33.33), "quantity", 3, "tax", vat(20)),
			}, 299.97, 49.98},
			// 2.5 × 99.99 = 249.98; −10 % = 224.98; +20 % = 45.00: 269.98.
			// 7 × 0.1 − 0.05 = 0.65, no tax.
			{"VAT on top and discounts", []map[string]any{
				row("Работа", "priceWithoutTax", rub(99.99), "quantity", 2.5, "tax", vat(20), "discount", pct(10), "unit", map[string]any{"contentType": "Unit", "name": "ч"}),
				row("Мелочь", "price", rub(0.1), "quantity", 7, "discount", abs(0.05)),
			}, 270.63, 45},
			{"no rows", nil, 0, 0},
		} {
			o := must(t, b.invoice(nil, tc.rows...))
			if got := moneyOf(o, "sum"); got != tc.sum {
				t.Errorf("%s: sum %v, want %v", tc.name, got, tc.sum)
			}
			if got, _ := o["taxTotal"].(float64); got != tc.tax {
				t.Errorf("%s: taxTotal %v, want %v", tc.name, got, tc.tax)
			}
		}

		// Many rows: 100 × 0.01 with 20 % on top is 0.01 + 0.00 each.
		var many []map[string]any
		for i := range 100 {
			many = append(many, row(fmt.Sprint("Винт ", i), "priceWithoutTax", rub(0.01), "tax", vat(20)))
		}
		o := must(t, b.invoice(nil, many...))
		if moneyOf(o, "sum") != 1 || o["taxTotal"].(float64) != 0 || o["rowsCount"].(float64) != 100 {
			t.Errorf("many rows: sum %v tax %v rows %v", o["sum"], o["taxTotal"], o["rowsCount"])
		}

		// Changing a row (inline or on its own) and dropping one retotal it.
		o = must(t, b.invoice(nil, row("A", "price", rub(100)), row("B", "price", rub(50))))
		id := o["id"].(string)
		list := h.Do("GET", "/api/v3/invoice/"+id+"/rows", apitest.Req{}).List()
		a, bRow := list[0]["id"].(string), list[1]["id"].(string)
		o = must(t, h.Do("POST", "/api/v3/invoice/"+id, apitest.Req{Body: map[string]any{
			"rows": []any{map[string]any{"contentType": "OfferRow", "id": a, "quantity": 3}}}}))
		if moneyOf(o, "sum") != 300 {
			t.Errorf("after inline change: sum %v, want 300", o["sum"])
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_offerrow WHERE id = "+bRow); n != 0 {
			t.Errorf("a dropped row stays")
		}
		must(t, h.Do("POST", "/api/v3/offerRow/"+a, apitest.Req{Body: map[string]any{"price": rub(10)}}))
		if got := moneyOf(b.get(t, "invoice/"+id), "sum"); got != 30 {
			t.Errorf("after the row's own change: sum %v, want 30", got)
		}
		must(t, h.Do("DELETE", "/api/v3/offerRow/"+a, apitest.Req{}))
		if o := b.get(t, "invoice/"+id); moneyOf(o, "sum") != 0 || o["rowsCount"].(float64) != 0 {
			t.Errorf("after the row's delete: sum %v rows %v", o["sum"], o["rowsCount"])
		}
	})
}

// Numbers follow one sequence per account; a client's number is ignored.
func TestInvoiceNumbers(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 0)
		for i, want := range []string{"1", "2", "3"} {
			o := must(t, b.invoice(map[string]any{"number": "999"}))
			if o["number"] != want {
				t.Errorf("invoice %d: number %v, want %s", i, o["number"], want)
			}
		}
	})
}

// The bulk call takes invoices with inline rows as POST /invoice does.
func TestInvoiceInBulk(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 0)
		body := map[string]any{"payer": b.payer, "invoiceDate": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 0, "day": 9},
			"rows": []any{row("A", "priceWithoutTax", rub(10), "tax", vat(20))}}
		r := h.Do("POST", "/api/v3/bulk", apitest.Req{Body: map[string]any{"calls": []any{
			map[string]any{"url": "/api/v3/invoice", "method": "POST", "body": body}}}})
		items, _ := r.Data().([]any)
		if r.Status != 200 || len(items) != 1 {
			t.Fatalf("bulk: %d %s", r.Status, r.Body)
		}
		data, _ := items[0].(map[string]any)["data"].(map[string]any)
		if moneyOf(data, "sum") != 12 || data["taxTotal"] != 2.0 {
			t.Errorf("bulk invoice: %v", items[0])
		}
	})
}
