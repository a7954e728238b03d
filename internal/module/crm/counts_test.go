package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestClientFigures(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ivan := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Иван", "login": "ivan@example.com",
			"password": "password-ivan", "canLogin": true}}).Obj()["id"].(string)
		for _, grp := range h.Do("GET", "/api/v3/rightsGroup", apitest.Req{}).List() {
			if grp["everyone"] == true {
				h.Do("POST", "/api/v3/rightsGroup/"+grp["id"].(string), apitest.Req{Body: map[string]any{"name": "Сотрудники", "everyone": true, "actions": []string{"tasks_enter"}}})
			}
		}
		if r := h.Do("POST", "/api/v3/rightsGroup", apitest.Req{Body: map[string]any{"name": "Продажи", "actions": []string{"crm_enter", "crm_add", "deal_enter"},
			"members": []any{apitest.Link("Employee", ivan)}}}); r.Status != 200 {
			t.Fatalf("sales group: %s", r.Body)
		}
		asIvan := h.SignIn("ivan@example.com", "password-ivan")
		client := create(t, h, "contractorCompany", map[string]any{"name": "АО «Счёт»", "responsibles": []any{apitest.Link("Employee", ivan)}})
		me := apitest.Link("ContractorCompany", client)
		program, states := salesProgram(t, h)
		for _, d := range []map[string]any{{"price": 100, "state": "active"}, {"price": 200, "state": "positive"}, {"price": 50, "state": "negative"}} {
			d["program"], d["contractor"], d["name"] = apitest.Link("Program", program), me, "Сделка"
			d["state"] = apitest.Link("ProgramState", states[d["state"].(string)])
			create(t, h, "deal", d)
		}
		payer := create(t, h, "contractorCompany/"+client+"/payers", map[string]any{"type": "Legal", "name": "АО «Счёт»", "country": map[string]any{"contentType": "Country", "name": "Россия"}})
		date := func(y, m, d int) map[string]any {
			return map[string]any{"contentType": "DateOnly", "year": y, "month": m, "day": d}
		}
		// An invoice's sum is its rows' (internal/module/finance): one row each.
		rows := func(rub float64) []any {
			return []any{map[string]any{"contentType": "OfferRow", "name": "Услуги",
				"price": map[string]any{"contentType": "Money", "value": rub, "currency": "RUB"}}}
		}
		for _, inv := range []map[string]any{
			{"rows": rows(1000), "status": "drawn", "deadline": date(2020, 0, 1)},
			{"rows": rows(300), "status": "drawn", "deadline": date(2999, 0, 1)},
			{"rows": rows(500), "status": "paid"},
		} {
			inv["name"], inv["invoiceDate"] = "Счёт", date(2020, 0, 1)
			inv["payer"], inv["recipient"], inv["consignee"] = apitest.Link("Payer", payer), apitest.Link("Payer", payer), apitest.Link("Payer", payer)
			create(t, h, "invoice", inv)
		}
		// The client's money: what it paid (income) less what it was paid
		// (expense); transfers and virtual operations are not its money.
		cash := create(t, h, "finRealAccount", map[string]any{"name": "Касса", "kind": "cash"})
		for kind, sum := range map[string]float64{"income": 600, "expense": 100, "virtual": 999} {
			create(t, h, "finOperation", map[string]any{"contentType": "FinOperation", "kind": kind, "realAccount": apitest.Link("FinRealAccount", cash),
				"contractor": me, "sum": map[string]any{"contentType": "Money", "value": sum, "currency": "RUB"}})
		}
		create(t, h, "finOperation", map[string]any{"contentType": "FinOperation", "kind": "income", "realAccount": apitest.Link("FinRealAccount", cash),
			"contractor": me, "sum": map[string]any{"contentType": "Money", "value": 900, "currency": "RUB"}})
		money := func(v float64) map[string]any {
			return map[string]any{"contentType": "Money", "value": v, "currency": "RUB", "valueInMain": v, "rate": 1.0}
		}
		want := map[string]any{"countDeals": 3.0, "countActiveDeals": 1.0, "countPositiveDeals": 1.0, "countNegativeDeals": 1.0,
			"summDeals": money(350), "summActiveDeals": money(100), "summPositiveDeals": money(200),
			"countInvoice": 3.0, "countNotPaidInvoice": 2.0, "summInvoice": money(1800), "summNotPaidInvoice": money(1300),
			"summAccountReceivable": money(1300), "summAccountReceivableOverdue": money(1000),
			// Paid 1,500, was paid 100, billed 1,800 (drawn and paid invoices).
			"balance": money(-400), "countBalance": 3.0}
		check := func(seen func(field string) bool) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				obj := r.Obj()
				if list := r.List(); len(list) > 0 {
					obj = list[0]
				}
				for f, v := range want {
					got, has := obj[f]
					switch {
					case seen(f) && !has:
						t.Errorf("%s missing", f)
					case seen(f) && !equal(got, v):
						t.Errorf("%s = %v, want %v", f, got, v)
					case !seen(f) && has:
						t.Errorf("%s shown: %v", f, got)
					}
				}
			}
		}
		deals := func(f string) bool {
			_, ok := map[string]bool{"countDeals": true, "countActiveDeals": true, "countPositiveDeals": true, "countNegativeDeals": true, "summDeals": true, "summActiveDeals": true, "summPositiveDeals": true}[f]
			return ok
		}
		h.Run(t, []apitest.Scenario{
			{Name: "an administrator sees every figure on the card", Method: "GET", Path: "/api/v3/contractorCompany/" + client, Status: 200,
				Check: check(func(string) bool { return true })},
			{Name: "a list gives them only when asked for", Method: "GET", Path: "/api/v3/contractorCompany", Status: 200,
				Check: check(func(string) bool { return false })},
			{Name: "asked for in a list", Method: "GET", Path: "/api/v3/contractor" + apitest.Q(`{"fields":["countDeals","summInvoice","summAccountReceivableOverdue"],"onlyRequestedFields":true}`), Status: 200,
				Check: check(func(f string) bool {
					return f == "countDeals" || f == "summInvoice" || f == "summAccountReceivableOverdue"
				})},
			{Name: "a seller without invoices or finance sees the deal figures only", Method: "GET", Path: "/api/v3/contractorCompany/" + client,
				Req: apitest.Req{Token: asIvan}, Status: 200, Check: check(deals)},
		})
	})
}

// equal compares decoded JSON values.
func equal(a, b any) bool {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok != bok {
		return false
	}
	if !aok {
		return a == b
	}
	if len(am) != len(bm) {
		return false
	}
	for k, v := range am {
		if !equal(v, bm[k]) {
			return false
		}
	}
	return true
}
