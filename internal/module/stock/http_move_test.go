package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A movement is an expense from one warehouse and an income into the
// other, both performed and linked; refused, it writes neither.
func TestMovement(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		a, b := d.warehouse("Основной"), d.warehouse("Магазин")
		tea, cups := d.offer("Чай", "product"), d.offer("Чашки", "product")
		d.receive(a, tea, 10)
		d.receive(a, cups, 1)
		move := func(rows ...any) *apitest.Resp {
			return h.Do("POST", "/api/v3/warehouse/"+a+"/moveOffers/"+b, apitest.Req{Body: map[string]any{"rows": rows}})
		}
		c := must(t, move(row(tea, 4)))
		if c["type"] != "expense" || c["state"] != "performed" || c["operation"] != "move" {
			t.Fatalf("movement: %v", c)
		}
		linked, _ := c["linkedConsignment"].(map[string]any)
		income := must(t, h.Do("GET", "/api/v3/consignment/"+linked["id"].(string), apitest.Req{}))
		if income["type"] != "income" || income["state"] != "performed" {
			t.Fatalf("income half: %v", income)
		}
		if q, _, _ := d.balance(a, tea); q != 6 {
			t.Errorf("source %v", q)
		}
		if q, _, _ := d.balance(b, tea); q != 4 {
			t.Errorf("destination %v", q)
		}
		before := count(t, h, "SELECT COUNT(*) FROM e_consignment")
		// The second row lacks stock: the whole movement goes.
		refused(t, move(row(tea, 1), row(cups, 2)), "stock_exceeds", exceeds)
		if n := count(t, h, "SELECT COUNT(*) FROM e_consignment"); n != before {
			t.Errorf("a refused movement left %d consignments", n-before)
		}
		if q, _, _ := d.balance(a, tea); q != 6 {
			t.Errorf("a refused movement took tea: %v", q)
		}
		if q, _, _ := d.balance(b, tea); q != 4 {
			t.Errorf("a refused movement brought tea: %v", q)
		}
		// A client cannot make a consignment look like a movement's half.
		fake := must(t, h.Do("POST", "/api/v3/consignment", apitest.Req{Body: map[string]any{"type": "income",
			"operation": "move", "linkedConsignment": apitest.Link("Consignment", c["id"].(string))}}))
		if fake["operation"] != nil || fake["linkedConsignment"] != nil {
			t.Errorf("a client's movement fields were kept: %v %v", fake["operation"], fake["linkedConsignment"])
		}
		refused(t, h.Do("POST", "/api/v3/warehouse/"+a+"/moveOffers/"+a, apitest.Req{Body: map[string]any{"rows": []any{row(tea, 1)}}}),
			"stock_same_warehouse", "")
	})
}

// A warehouse or an offer with stock is not deleted; an empty one is.
func TestDeleteStocked(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea, spare := d.warehouse("Основной"), d.offer("Чай", "product"), d.warehouse("Пустой")
		d.receive(wh, tea, 1)
		refused(t, h.Do("DELETE", "/api/v3/warehouse/"+wh, apitest.Req{}), "in_use", "Невозможно удалить: используется")
		refused(t, h.Do("DELETE", "/api/v3/offer/"+tea, apitest.Req{}), "in_use", "")
		must(t, h.Do("DELETE", "/api/v3/warehouse/"+spare, apitest.Req{}))
	})
}
