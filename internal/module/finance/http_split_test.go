package finance_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance"
)

// part is one entry of FinOperation.invoiceSums.
func part(invoice map[string]any, sum float64) map[string]any {
	return map[string]any{"invoice": invoice, "sum": rub(sum)}
}

// One income split between invoices of one payer: named parts are kept,
// the others share what is left by their rests, the last taking the
// remainder; each invoice's paidSum and status follow every write.
func TestSplitPayment(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1500)
		bank := b.account(t, "Расчётный счёт", "bank")
		newInv := func(sum float64) map[string]any {
			return apitest.Link("Invoice", must(t, b.invoice(map[string]any{"deal": apitest.Link("Deal", b.deal)}, row("Поставка", "price", rub(sum))))["id"].(string))
		}
		a, c := newInv(1000), newInv(500)
		check := func(step string, inv map[string]any, paid float64, st string) {
			t.Helper()
			got := b.get(t, "invoice/"+inv["id"].(string))
			if moneyOf(got, "paidSum") != paid || got["status"] != st {
				t.Errorf("%s: invoice %v paid %v %v, want %v %s", step, inv["id"], moneyOf(got, "paidSum"), got["status"], paid, st)
			}
		}
		// By rests: the first takes its rest (1000), the last what is left.
		both := must(t, b.op("income", 1200, bank, map[string]any{"invoices": []any{a, c}}))
		parts, _ := both["invoiceSums"].([]any)
		if len(parts) != 2 || moneyOf(parts[0].(map[string]any), "sum") != 1000 || moneyOf(parts[1].(map[string]any), "sum") != 200 {
			t.Errorf("parts by rests: %v", both["invoiceSums"])
		}
		check("split", a, 1000, "paid")
		check("split", c, 200, "created")
		if d := b.get(t, "deal/"+b.deal); moneyOf(d, "debt") != 300 {
			t.Errorf("deal's debt after the split: %v", d["debt"])
		}
		// Named parts: 250 of 300 to c, the rest an advance on nothing.
		named := must(t, b.op("income", 300, bank, map[string]any{"invoiceSums": []any{part(c, 250)}}))
		if inv, _ := named["invoices"].([]any); len(inv) != 1 {
			t.Errorf("the parts' invoices were not linked: %v", named["invoices"])
		}
		check("named part", c, 450, "created")
		// A lowered sum splits again: 700 to a, nothing left for c.
		must(t, h.Do("POST", "/api/v3/finOperation/"+both["id"].(string), apitest.Req{Body: map[string]any{"sum": rub(700)}}))
		check("lowered", a, 700, "drawn")
		check("lowered", c, 250, "created")
		// Refusals write nothing.
		ops := count(t, h, "SELECT COUNT(*) FROM e_finoperation")
		field422(t, b.op("income", 300, bank, map[string]any{"invoiceSums": []any{part(a, 200), part(c, 200)}}), "invoiceSums", finance.CodeSplitOver)
		field422(t, b.op("income", 300, bank, map[string]any{"invoiceSums": []any{part(a, 0)}}), "invoiceSums.0.sum", finance.CodeSumPositive)
		field422(t, b.op("income", 300, bank, map[string]any{"invoiceSums": []any{map[string]any{"sum": rub(5)}}}), "invoiceSums.0.invoice", finance.CodeSplitFormat)
		field422(t, b.op("expense", 300, bank, map[string]any{"invoiceSums": []any{part(a, 100)}}), "invoiceSums", finance.CodeIncomeOnly)
		b.payer = apitest.Link("Payer", make1(t, h, "payer", map[string]any{"name": "ООО «Бета»", "type": "Legal",
			"country": map[string]any{"contentType": "Country", "id": "1"}, "inn": "7709999999"}))
		beta := newInv(100)
		field422(t, b.op("income", 300, bank, map[string]any{"invoices": []any{a, beta}}), "invoices", finance.CodeSplitPayer)
		field422(t, h.Do("POST", "/api/v3/finOperation/"+named["id"].(string)+"/linkWith", apitest.Req{Body: beta}), "invoices", finance.CodeSplitPayer)
		if n := count(t, h, "SELECT COUNT(*) FROM e_finoperation"); n != ops {
			t.Errorf("refusals wrote operations: %d, want %d", n, ops)
		}
		check("refused", c, 250, "created")
		// Deleted, the split income pays neither.
		if r := h.Do("DELETE", "/api/v3/finOperation/"+both["id"].(string), apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		check("deleted", a, 0, "drawn")
		check("deleted", c, 250, "created")
	})
}
