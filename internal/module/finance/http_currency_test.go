package finance_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance"
)

// An account in another currency keeps its balance in it: operations in
// its currency add as they are, others are converted at the rates of the
// Currency entities and booked as accountSum, which a delete takes back
// whatever the rate is by then.
func TestAccountCurrency(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		usd := make1(t, h, "currency", map[string]any{"name": "Доллар США", "abbreviation": "USD", "rate": 90})
		acc := apitest.Link("FinRealAccount", make1(t, h, "finRealAccount", map[string]any{"name": "Валютный счёт", "kind": "bank",
			"currency": apitest.Link("Currency", usd)}))
		dollars := func(v float64) map[string]any {
			return map[string]any{"contentType": "Money", "value": v, "currency": "USD"}
		}
		post := func(sum map[string]any, kind string) map[string]any {
			return must(t, h.Do("POST", "/api/v3/finOperation", apitest.Req{Body: map[string]any{
				"contentType": "FinOperation", "kind": kind, "sum": sum, "realAccount": acc}}))
		}
		balance := func(step string, want float64) {
			t.Helper()
			a := b.get(t, "finRealAccount/"+acc["id"].(string))
			bal, _ := a["balance"].(map[string]any)
			if bal["value"] != want || bal["currency"] != "USD" || bal["valueInMain"] != want*90 {
				t.Errorf("%s: balance %v, want %v USD", step, bal, want)
			}
		}
		post(dollars(100), "income")
		balance("in dollars", 100)
		rubles := post(rub(1000), "income")
		if moneyOf(rubles, "accountSum") != 11.11 || rubles["accountSum"].(map[string]any)["currency"] != "USD" {
			t.Errorf("1000 RUB at 90 on a dollar account: %v", rubles["accountSum"])
		}
		balance("rubles converted", 111.11)
		post(rub(450), "expense")
		balance("an expense in rubles", 106.11)
		// The rate moves; the delete takes back what was booked.
		must(t, h.Do("POST", "/api/v3/currency/"+usd, apitest.Req{Body: map[string]any{"rate": 100}}))
		if r := h.Do("DELETE", "/api/v3/finOperation/"+rubles["id"].(string), apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		a := b.get(t, "finRealAccount/"+acc["id"].(string))
		if moneyOf(a, "balance") != 95 {
			t.Errorf("after the delete at a new rate: %v, want 95", a["balance"])
		}
		// The currency of an account with operations stays.
		eur := make1(t, h, "currency", map[string]any{"name": "Евро", "abbreviation": "EUR", "rate": 100})
		field422(t, h.Do("POST", "/api/v3/finRealAccount/"+acc["id"].(string), apitest.Req{Body: map[string]any{
			"currency": apitest.Link("Currency", eur)}}), "currency", finance.CodeAccountCurrencyFixed)
		// An account in rubles converts dollars at the dollar's rate.
		cash := b.account(t, "Касса", "cash")
		must(t, b.op("income", 0, cash, map[string]any{"sum": dollars(2)}))
		if got := b.balance(t, cash); got != 200 {
			t.Errorf("2 USD at 100 in a ruble cash desk: %v", got)
		}
		// A currency nobody gave a rate is refused, not taken at 1; the
		// Money's own rate serves when the client sends one.
		pounds := map[string]any{"contentType": "Money", "value": 5, "currency": "GBP"}
		field422(t, b.op("income", 0, cash, map[string]any{"sum": pounds}), "sum", finance.CodeNoRate)
		if got := b.balance(t, cash); got != 200 {
			t.Errorf("a refused operation moved the balance: %v", got)
		}
		pounds["rate"] = 110
		must(t, b.op("income", 0, cash, map[string]any{"sum": pounds}))
		if got := b.balance(t, cash); got != 750 {
			t.Errorf("5 GBP at their own rate 110: %v, want 750", got)
		}
		// An account whose currency has no rate takes its own currency
		// only: converting into it is refused.
		cny := make1(t, h, "currency", map[string]any{"name": "Юань", "abbreviation": "CNY"})
		yuan := apitest.Link("FinRealAccount", make1(t, h, "finRealAccount", map[string]any{"name": "Счёт в юанях", "kind": "bank",
			"currency": apitest.Link("Currency", cny)}))
		field422(t, b.op("income", 10, yuan, nil), "realAccount", finance.CodeNoRate)
		must(t, b.op("income", 0, yuan, map[string]any{"sum": map[string]any{"contentType": "Money", "value": 10, "currency": "CNY"}}))
		if got := b.balance(t, yuan); got != 10 {
			t.Errorf("10 CNY on a yuan account: %v", got)
		}
	})
}
