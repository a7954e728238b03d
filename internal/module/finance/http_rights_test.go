package finance_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// An employee (not an administrator) bills a deal: the rows they write
// inline are the invoice's, and they see them through the invoice.
func TestInvoiceByEmployee(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		_, tok := h.Person(t, "Ольга", "olga", "olga long password")
		unit := map[string]any{"contentType": "Unit", "name": "шт"}
		r := h.Do("POST", "/api/v3/invoice", apitest.Req{Token: tok, Body: map[string]any{"payer": b.payer, "deal": apitest.Link("Deal", b.deal),
			"invoiceDate": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 10, "day": 25},
			"rows":        []any{row("Лицензия", "price", rub(400), "quantity", 2, "unit", unit)}}})
		o := must(t, r)
		if moneyOf(o, "sum") != 800 || o["userCreated"].(map[string]any)["id"] == "1" {
			t.Errorf("employee's invoice: %s", r.Body)
		}
		rows := h.Do("GET", "/api/v3/invoice/"+o["id"].(string)+"/rows", apitest.Req{Token: tok}).List()
		if len(rows) != 1 || rows[0]["unit"].(map[string]any)["name"] != "шт" {
			t.Errorf("the employee's rows: %v", rows)
		}
		r = h.Do("POST", "/api/v3/invoice/"+o["id"].(string), apitest.Req{Token: tok, Body: status("paid")})
		if moneyOf(must(t, r), "sum") != 800 || moneyOf(b.get(t, "deal/"+b.deal), "debt") != 200 {
			t.Errorf("paid by the employee: %s", r.Body)
		}
	})
}
