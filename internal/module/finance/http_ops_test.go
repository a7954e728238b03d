package finance_test

import (
	"errors"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance"
)

// Partial payments: an invoice's paidSum is the sum of its incomes; paid
// in full it is paid; the deal's debt and the accounts' balances follow
// every income, expense and deletion, to the kopeck.
func TestPartialPayments(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		bank := b.account(t, "Расчётный счёт в Сбербанке", "bank")
		inv := must(t, b.invoice(map[string]any{"deal": apitest.Link("Deal", b.deal)}, row("Поставка", "price", rub(1000), "tax", vat(20))))
		invLink := apitest.Link("Invoice", inv["id"].(string))
		pays := map[string]any{"invoices": []any{invLink}}
		check := func(step string, paid float64, st string, debt, progress, bal float64) {
			t.Helper()
			i := b.get(t, "invoice/"+inv["id"].(string))
			d := b.get(t, "deal/"+b.deal)
			if moneyOf(i, "paidSum") != paid || i["status"] != st {
				t.Errorf("%s: invoice paid %v status %v, want %v %s", step, moneyOf(i, "paidSum"), i["status"], paid, st)
			}
			if moneyOf(d, "debt") != debt || d["paymentProgress"] != progress {
				t.Errorf("%s: deal debt %v progress %v, want %v %v", step, moneyOf(d, "debt"), d["paymentProgress"], debt, progress)
			}
			if got := b.balance(t, bank); got != bal {
				t.Errorf("%s: balance %v, want %v", step, got, bal)
			}
		}
		first := must(t, b.op("income", 400.1, bank, pays))
		if moneyOf(first, "incomeSum") != 400.1 || moneyOf(first, "expenseSum") != 0 || first["number"] != "1" {
			t.Errorf("income's sums or number: %v", first)
		}
		check("a part paid", 400.1, "created", 599.9, 40.01, 400.1)
		second := must(t, b.op("income", 599.9, bank, pays))
		check("paid in full", 1000, "paid", 0, 100, 1000)
		if ops := b.get(t, "invoice/"+inv["id"].(string)); ops["financeOperationsCount"] != float64(2) {
			t.Errorf("invoice's operations: %v", ops["financeOperations"])
		}
		must(t, b.op("expense", 150.05, bank, nil))
		check("an expense", 1000, "paid", 0, 100, 849.95)
		if r := h.Do("DELETE", "/api/v3/finOperation/"+second["id"].(string), apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		check("an income deleted", 400.1, "drawn", 599.9, 40.01, 250.05)
		// A changed sum moves the balance by the difference.
		must(t, h.Do("POST", "/api/v3/finOperation/"+first["id"].(string), apitest.Req{Body: map[string]any{"sum": rub(1000)}}))
		check("an income raised", 1000, "paid", 0, 100, 849.95)
		// Unlinked, the income pays the invoice nothing.
		must(t, h.Do("POST", "/api/v3/finOperation/"+first["id"].(string)+"/unlinkWith", apitest.Req{Body: invLink}))
		check("unlinked", 0, "drawn", 1000, 0, 849.95)
		must(t, h.Do("POST", "/api/v3/finOperation/"+first["id"].(string)+"/linkWith", apitest.Req{Body: apitest.Link("Deal", b.deal)}))
		check("paying the deal itself", 0, "drawn", 0, 100, 849.95)
	})
}

// Bad operations answer 422 and write nothing.
func TestOperationRefusals(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		cash := b.account(t, "Касса", "cash")
		inv := apitest.Link("Invoice", must(t, b.invoice(nil, row("Услуги", "price", rub(10))))["id"].(string))
		field422(t, b.op("income", 0, cash, nil), "sum", finance.CodeSumPositive)
		field422(t, b.op("expense", -5, cash, nil), "sum", finance.CodeSumPositive)
		field422(t, b.op("expense", 5, cash, map[string]any{"invoices": []any{inv}}), "invoices", finance.CodeIncomeOnly)
		field422(t, b.op("transfer", 5, cash, nil), "kind", finance.CodeTransferVia)
		field422(t, b.op("gift", 5, cash, nil), "kind", "invalid_enum")
		op := must(t, b.op("income", 5, cash, map[string]any{"incomeSum": rub(99), "number": "77"}))
		if moneyOf(op, "incomeSum") != 5 || op["number"] != "1" {
			t.Errorf("a client's kept fields were taken: %v", op)
		}
		field422(t, h.Do("POST", "/api/v3/finOperation/"+op["id"].(string), apitest.Req{Body: map[string]any{"kind": "expense"}}), "kind", finance.CodeKindFixed)
		if got := b.balance(t, cash); got != 5 {
			t.Errorf("refusals moved the balance: %v", got)
		}
	})
}

// A transfer is two paired operations written together: a failure
// between them leaves neither, and deleting one half takes the other.
func TestTransfer(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		cash, bank := b.account(t, "Касса", "cash"), b.account(t, "Расчётный счёт", "bank")
		must(t, b.op("income", 1000, cash, nil))
		move := func(sum float64, from, to map[string]any) *apitest.Resp {
			return h.Do("POST", "/api/v3/finOperation/createTransfer", apitest.Req{Body: map[string]any{
				"contentType": "CreateFinTransferRequest", "sum": rub(sum), "debitAccount": from, "creditAccount": to,
				"description": "Инкассация"}})
		}
		balances := func(step string, c, k float64) {
			t.Helper()
			if gc, gk := b.balance(t, cash), b.balance(t, bank); gc != c || gk != k {
				t.Errorf("%s: cash %v bank %v, want %v %v", step, gc, gk, c, k)
			}
		}
		ops := func() int { return count(t, h, "SELECT COUNT(*) FROM e_finoperation") }

		finance.SetTransferFault(func() error { return errors.New("the disk is gone") })
		r := move(300, cash, bank)
		finance.SetTransferFault(nil)
		if r.Status == 200 {
			t.Fatalf("a failed transfer answered 200")
		}
		if n := ops(); n != 1 {
			t.Errorf("a failed transfer left %d operations, want 1", n)
		}
		balances("failed transfer", 1000, 0)

		debit := must(t, move(300.25, cash, bank))
		balances("transfer", 699.75, 300.25)
		if debit["kind"] != "transfer" || moneyOf(debit, "expenseSum") != 300.25 {
			t.Errorf("the sending half: %v", debit)
		}
		pair, _ := debit["pairedOperation"].(map[string]any)
		if pair == nil {
			t.Fatalf("no pairedOperation: %v", debit)
		}
		credit := b.get(t, "finOperation/"+pair["id"].(string))
		if moneyOf(credit, "incomeSum") != 300.25 || credit["pairedOperation"].(map[string]any)["id"] != debit["id"] {
			t.Errorf("the receiving half: %v", credit)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_finoperationlink"); n != 1 {
			t.Errorf("operation links: %d", n)
		}
		field422(t, h.Do("POST", "/api/v3/finOperation/"+credit["id"].(string), apitest.Req{Body: map[string]any{"sum": rub(1)}}), "sum", finance.CodeTransferFixed)
		field422(t, move(1, cash, cash), "creditAccount", finance.CodeSameAccount)
		field422(t, move(1, cash, nil), "creditAccount", "required")

		if r := h.Do("DELETE", "/api/v3/finOperation/"+credit["id"].(string), apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		if n := ops(); n != 1 {
			t.Errorf("a deleted half left %d operations, want 1", n)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_finoperationlink"); n != 0 {
			t.Errorf("operation links left: %d", n)
		}
		balances("transfer deleted", 1000, 0)
	})
}
