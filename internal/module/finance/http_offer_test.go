package finance_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A row from the catalogue names its offer and keeps it; the row's own
// price, not the offer's, is what the invoice bills.
func TestInvoiceRowOfOffer(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		offer := make1(t, h, "offer", map[string]any{"name": "Стол письменный", "price": rub(5000)})
		inv := must(t, b.invoice(nil, row("Стол письменный", "price", rub(4500), "quantity", 2, "tax", vat(20),
			"offer", apitest.Link("Offer", offer))))
		rows := h.Do("GET", "/api/v3/invoice/"+inv["id"].(string)+"/rows", apitest.Req{}).List()
		if len(rows) != 1 || rows[0]["offer"].(map[string]any)["id"] != offer || moneyOf(inv, "sum") != 9000 {
			t.Errorf("a row of an offer: %v, sum %v", rows, inv["sum"])
		}
		r := b.invoice(nil, row("Призрак", "price", rub(1), "offer", apitest.Link("Offer", "999999")))
		if r.Status < 400 || r.Status >= 500 {
			t.Errorf("a row of a missing offer: %d %s", r.Status, r.Body)
		}
	})
}
