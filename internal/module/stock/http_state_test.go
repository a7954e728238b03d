package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

const (
	exceeds = "Количество товара в накладной больше, чем есть на складе"
	empty   = "Товаров нет на складе, чтобы провести накладную"
)

// Every state change of an expense and what it does to the balance.
func TestConsignmentStates(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea := d.warehouse("Основной"), d.offer("Чай", "product")
		d.receive(wh, tea, 10)
		if q, r, e := d.balance(wh, tea); q != 10 || r != 0 || e != 0 {
			t.Fatalf("after income: %v %v %v", q, r, e)
		}
		if p := must(t, h.Do("GET", "/api/v3/consignment/prepared", apitest.Req{})); p["number"] != "2" || p["state"] != "created" {
			t.Fatalf("prepared: %v", p)
		}
		c := must(t, d.consignment("expense", "", wh, row(tea, 4)))
		id := c["id"].(string)
		if c["state"] != "created" || c["number"] != "2" { // the income was 1
			t.Fatalf("new state %v, number %v", c["state"], c["number"])
		}
		must(t, d.state(id, "reserved"))
		if q, r, _ := d.balance(wh, tea); q != 10 || r != 4 {
			t.Fatalf("reserved: %v %v", q, r)
		}
		must(t, d.state(id, "created")) // the reserve removed
		if _, r, _ := d.balance(wh, tea); r != 0 {
			t.Fatalf("unreserved: %v", r)
		}
		must(t, d.state(id, "reserved"))
		p := must(t, d.state(id, "performed"))
		if p["actualTime"] == nil {
			t.Fatal("performed without actualTime")
		}
		if q, r, _ := d.balance(wh, tea); q != 6 || r != 0 {
			t.Fatalf("performed: %v %v", q, r)
		}
		// A performed consignment cannot be cancelled, changed or deleted.
		refused(t, d.state(id, "cancelled"), "stock_performed", "Проведённую накладную нельзя изменить, отменить или удалить")
		refused(t, h.Do("POST", "/api/v3/consignment/"+id, apitest.Req{Body: map[string]any{"description": "x"}}), "stock_performed", "")
		refused(t, h.Do("DELETE", "/api/v3/consignment/"+id, apitest.Req{}), "stock_performed", "")
		// Resume returns it to created and the goods to the warehouse.
		must(t, d.state(id, "created"))
		if q, _, _ := d.balance(wh, tea); q != 10 {
			t.Fatalf("resumed: %v", q)
		}
		must(t, d.state(id, "cancelled"))
		refused(t, d.state(id, "performed"), "stock_state_not_allowed", "Накладную нельзя перевести в это состояние")
		must(t, d.state(id, "created"))
		must(t, h.Do("DELETE", "/api/v3/consignment/"+id, apitest.Req{}))
		if n := count(t, h, "SELECT COUNT(*) FROM e_consignmentrow WHERE c_consignment_i = ?", id); n != 0 {
			t.Fatalf("rows left: %d", n)
		}
	})
}

// The stock checks, in the spec's words; future receipts count when
// reserving, not when performing.
func TestStockChecks(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea := d.warehouse("Основной"), d.offer("Чай", "product")
		refused(t, d.consignment("expense", "performed", wh, row(tea, 1)), "stock_empty", empty)
		d.receive(wh, tea, 3)
		refused(t, d.consignment("expense", "performed", wh, row(tea, 5)), "stock_exceeds", exceeds)
		refused(t, d.consignment("expense", "reserved", wh, row(tea, 5)), "stock_exceeds", exceeds)
		// An income on its way (reserved) lets the reserve through.
		must(t, d.consignment("income", "reserved", wh, row(tea, 2)))
		if _, _, e := d.balance(wh, tea); e != 2 {
			t.Fatalf("expected %v", e)
		}
		res := must(t, d.consignment("expense", "reserved", wh, row(tea, 5)))
		// ...but not a perform: only 3 are on hand.
		refused(t, d.state(res["id"].(string), "performed"), "stock_exceeds", exceeds)
		// In English.
		r := h.Do("POST", "/api/v3/consignment", apitest.Req{Headers: map[string]string{"Accept-Language": "en"},
			Body: map[string]any{"type": "expense", "state": "performed", "warehouse": apitest.Link("Warehouse", wh),
				"rows": []any{row(tea, 50)}}})
		refused(t, r, "stock_empty", "The goods are not in the warehouse to perform the consignment")
		// Nothing of the refused consignments was written.
		if n := count(t, h, "SELECT COUNT(*) FROM e_consignment"); n != 3 {
			t.Fatalf("consignments: %d", n)
		}
		if q, rv, _ := d.balance(wh, tea); q != 3 || rv != 5 {
			t.Fatalf("balance %v %v", q, rv)
		}
	})
}

// Performing needs goods: services are not stocked.
func TestPerformNeedsGoods(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, fit := d.warehouse("Основной"), d.offer("Монтаж", "service")
		refused(t, d.consignment("income", "performed", wh, row(fit, 1)), "stock_no_goods", "")
		refused(t, d.consignment("income", "performed", wh), "stock_no_goods", "")
	})
}

// Bad input is a 422, never a 500.
func TestBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea := d.warehouse("Основной"), d.offer("Чай", "product")
		for name, body := range map[string]map[string]any{
			"no type":        {"warehouse": apitest.Link("Warehouse", wh)},
			"bad state":      {"type": "expense", "state": "flying"},
			"rows not list":  {"type": "expense", "rows": "x"},
			"zero quantity":  {"type": "expense", "rows": []any{row(tea, 0)}},
			"fine quantity":  {"type": "expense", "rows": []any{row(tea, 0.0001)}},
			"no offer":       {"type": "expense", "rows": []any{map[string]any{"quantity": 1}}},
			"missing offer":  {"type": "expense", "rows": []any{row("999999", 1)}},
			"bad type":       {"type": "sideways"},
			"no warehouse":   {"type": "expense", "state": "reserved", "rows": []any{row(tea, 1)}},
			"row wrong type": {"type": "expense", "rows": []any{map[string]any{"contentType": "OfferRow"}}},
		} {
			r := h.Do("POST", "/api/v3/consignment", apitest.Req{Body: body})
			if r.Status != 422 {
				t.Errorf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_consignment"); n != 0 {
			t.Fatalf("half-written consignments: %d", n)
		}
		if r := h.Do("POST", "/api/v3/consignmentRow", apitest.Req{Body: map[string]any{"quantity": 1}}); r.Status != 422 {
			t.Errorf("row on its own: %d %s", r.Status, r.Body)
		}
		other := d.warehouse("Второй")
		for name, c := range map[string]struct {
			method, path string
			body         any
			status       int
		}{
			"move without rows":      {"POST", "/api/v3/warehouse/" + wh + "/moveOffers/" + other, map[string]any{}, 422},
			"move rows not a list":   {"POST", "/api/v3/warehouse/" + wh + "/moveOffers/" + other, map[string]any{"rows": 5}, 422},
			"move to nowhere":        {"POST", "/api/v3/warehouse/" + wh + "/moveOffers/999999", map[string]any{"rows": []any{row(tea, 1)}}, 422},
			"balances of nowhere":    {"GET", "/api/v3/warehouse/999999/balances", nil, 404},
			"balances bad page":      {"GET", "/api/v3/warehouse/" + wh + "/balances?pageAfter=x", nil, 422},
			"deficit of a task":      {"POST", "/api/v3/warehouse/" + wh + "/deficitOffers", map[string]any{"contextEntity": apitest.Link("Task", "1")}, 422},
			"deficit of nothing":     {"POST", "/api/v3/warehouse/" + wh + "/deficitOffers", map[string]any{"contextEntity": apitest.Link("Deal", "999999")}, 404},
			"deficit bad ratio":      {"POST", "/api/v3/warehouse/" + wh + "/deficitOffers", map[string]any{"contextEntity": apitest.Link("Deal", "1"), "quantityRatio": -1}, 422},
			"mass of another kind":   {"POST", "/api/v3/consignment/massAction", map[string]any{"contentType": "MassActionDelete", "type": "income"}, 422},
			"mass body not a object": {"POST", "/api/v3/consignment/massAction", []any{1}, 422},
		} {
			if r := h.Do(c.method, c.path, apitest.Req{Body: c.body}); r.Status != c.status {
				t.Errorf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_consignment"); n != 0 {
			t.Fatalf("half-written movements: %d", n)
		}
	})
}

// Resuming an income whose goods have left would take the stock below
// zero: refused, and the income stays performed.
func TestResumeIncomeRefused(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea := d.warehouse("Основной"), d.offer("Чай", "product")
		in := d.receive(wh, tea, 10)
		must(t, d.consignment("expense", "performed", wh, row(tea, 6)))
		refused(t, d.state(in, "created"), "stock_exceeds", exceeds)
		if c := must(t, h.Do("GET", "/api/v3/consignment/"+in, apitest.Req{})); c["state"] != "performed" {
			t.Fatalf("state %v", c["state"])
		}
		if q, _, _ := d.balance(wh, tea); q != 4 {
			t.Fatalf("balance %v", q)
		}
		// A reserved expense's rows and warehouse may change; its reserve
		// follows, under the same check.
		other := d.warehouse("Второй")
		res := must(t, d.consignment("expense", "reserved", wh, row(tea, 3)))["id"].(string)
		refused(t, h.Do("POST", "/api/v3/consignment/"+res, apitest.Req{Body: map[string]any{"rows": []any{row(tea, 5)}}}), "stock_exceeds", exceeds)
		refused(t, h.Do("POST", "/api/v3/consignment/"+res, apitest.Req{Body: map[string]any{"warehouse": apitest.Link("Warehouse", other)}}), "stock_exceeds", exceeds)
		must(t, h.Do("POST", "/api/v3/consignment/"+res, apitest.Req{Body: map[string]any{"rows": []any{row(tea, 4)}}}))
		if _, r, _ := d.balance(wh, tea); r != 4 {
			t.Fatalf("reserve after the edit %v", r)
		}
		// Deleting it gives the reserve back.
		must(t, h.Do("DELETE", "/api/v3/consignment/"+res, apitest.Req{}))
		if _, r, _ := d.balance(wh, tea); r != 0 {
			t.Fatalf("reserve after the delete %v", r)
		}
		// Possible states follow the state.
		c := must(t, h.Do("GET", "/api/v3/consignment/"+in, apitest.Req{}))
		if ps, _ := c["possibleStates"].([]any); len(ps) != 1 || ps[0] != "created" {
			t.Fatalf("possibleStates of a performed one: %v", c["possibleStates"])
		}
		// Generic writes cannot set a state or touch a row.
		refused(t, h.Do("POST", "/api/v3/consignmentRow", apitest.Req{Body: map[string]any{"quantity": 1}}), "stock_rows_only", "")
	})
}
