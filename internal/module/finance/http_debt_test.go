package finance_test

import (
	"context"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/migrate"
)

// A deal's debt is its price less its paid invoices, kept with every
// payment, cancellation, deletion and change of price.
func TestDealDebt(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		deal := apitest.Link("Deal", b.deal)
		debt := func() (float64, float64) {
			d := b.get(t, "deal/"+b.deal)
			p, _ := d["paymentProgress"].(float64)
			return moneyOf(d, "debt"), p
		}
		expect := func(step string, wantDebt, wantProgress float64) {
			t.Helper()
			if d, p := debt(); d != wantDebt || p != wantProgress {
				t.Errorf("%s: debt %v progress %v, want %v %v", step, d, p, wantDebt, wantProgress)
			}
		}
		expect("no invoices", 1000, 0)
		first := must(t, b.invoice(map[string]any{"deal": deal}, row("Аванс", "price", rub(333.33), "tax", vat(20))))["id"].(string)
		expect("invoice not paid", 1000, 0)
		must(t, h.Do("POST", "/api/v3/invoice/"+first, apitest.Req{Body: status("paid")}))
		expect("first paid", 666.67, 33.33)
		second := must(t, b.invoice(map[string]any{"deal": deal, "status": "paid"}, row("Остаток", "price", rub(666.67))))["id"].(string)
		expect("all paid", 0, 100)
		must(t, h.Do("POST", "/api/v3/invoice/"+second, apitest.Req{Body: status("drawn")}))
		expect("payment cancelled", 666.67, 33.33)
		must(t, h.Do("POST", "/api/v3/deal/"+b.deal, apitest.Req{Body: map[string]any{"price": rub(2000), "debt": rub(1)}}))
		expect("price raised, client's debt ignored", 1666.67, 16.67)
		if r := h.Do("DELETE", "/api/v3/invoice/"+first, apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		expect("paid invoice deleted", 2000, 0)
		if n := count(t, h, "SELECT COUNT(*) FROM e_offerrow WHERE c_name = 'Аванс'"); n != 0 {
			t.Errorf("a deleted invoice's rows stay: %d", n)
		}
		// A paid invoice moved to another deal leaves the first one's debt.
		must(t, h.Do("POST", "/api/v3/invoice/"+second, apitest.Req{Body: status("paid")}))
		expect("second paid", 1333.33, 33.33)
		must(t, h.Do("POST", "/api/v3/invoice/"+second, apitest.Req{Body: map[string]any{"deal": nil}}))
		expect("invoice taken off the deal", 2000, 0)
	})
}

// Migration 17 sets the debt of deals made before the finance rules.
func TestDealDebtMigration(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		must(t, b.invoice(map[string]any{"deal": apitest.Link("Deal", b.deal), "status": "paid"}, row("Аванс", "price", rub(250.5))))
		ctx := context.Background()
		if err := h.DB.Exec(ctx, "UPDATE e_deal SET c_debt = NULL, c_paymentprogress = NULL"); err != nil {
			t.Fatal(err)
		}
		if err := migrate.DealDebts(ctx, h.DB, nil); err != nil {
			t.Fatal(err)
		}
		d := b.get(t, "deal/"+b.deal)
		if moneyOf(d, "debt") != 749.5 || d["paymentProgress"] != 25.05 {
			t.Errorf("after the migration: debt %v progress %v", d["debt"], d["paymentProgress"])
		}
	})
}
