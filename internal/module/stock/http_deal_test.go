package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Consignments from deals take the deals' positions as rows; the deficit
// list names what a warehouse lacks for a deal or a consignment; an
// offer's balances and stock figures follow.
func TestFromDealsAndDeficit(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea, fit := d.warehouse("Основной"), d.offer("Чай", "product"), d.offer("Монтаж", "service")
		d.receive(wh, tea, 2)
		prog := make1(t, h, "program", map[string]any{"name": "Продажи"})
		make1(t, h, "programState", map[string]any{"name": "Новая", "isEntry": true, "program": apitest.Link("Program", prog)})
		deal := make1(t, h, "deal", map[string]any{"name": "Поставка", "program": apitest.Link("Program", prog)})
		for _, p := range []map[string]any{{"offer": tea, "q": 5}, {"offer": fit, "q": 1}} {
			make1(t, h, "offerRow", map[string]any{"deal": apitest.Link("Deal", deal), "name": "x",
				"offer": apitest.Link("Offer", p["offer"].(string)), "quantity": p["q"],
				"price": map[string]any{"contentType": "Money", "value": 10, "currency": "RUB"}})
		}
		def := must2(t, h.Do("POST", "/api/v3/warehouse/"+wh+"/deficitOffers", apitest.Req{Body: map[string]any{
			"contextEntity": apitest.Link("Deal", deal)}}))
		if len(def) != 1 || def[0]["need"] != 5.0 || def[0]["available"] != 2.0 {
			t.Fatalf("deficit: %v", def)
		}
		// The reference's clients send it where the deals' mass actions go.
		res := must2(t, h.Do("POST", "/api/v3/deal/massAction", apitest.Req{Body: map[string]any{
			"contentType": "MassActionCreateConsignment", "type": "expense", "warehouse": apitest.Link("Warehouse", wh),
			"entities": []any{apitest.Link("Deal", deal), apitest.Link("Deal", "999999")}}}))
		if len(res) != 2 || res[0]["isSucceed"] != true || res[1]["isSucceed"] != false {
			t.Fatalf("mass: %v", res)
		}
		id := res[0]["entity"].(map[string]any)["id"].(string)
		c := must(t, h.Do("GET", "/api/v3/consignment/"+id, apitest.Req{}))
		if c["rowsCount"] != 2.0 || c["deal"].(map[string]any)["id"] != deal || c["state"] != "created" || moneyOf(c, "price") != 60 {
			t.Fatalf("consignment from deal: %v", c)
		}
		refused(t, d.state(id, "performed"), "stock_exceeds", exceeds)
		d.receive(wh, tea, 3)
		must(t, d.state(id, "performed"))
		bal := must2(t, h.Do("GET", "/api/v3/offer/"+tea+"/balances", apitest.Req{}))
		if len(bal) != 1 || bal[0]["balance"] != 0.0 {
			t.Fatalf("offer balances: %v", bal)
		}
		o := must(t, h.Do("GET", "/api/v3/offer/"+tea, apitest.Req{}))
		if wb, _ := o["warehouseBalances"].([]any); len(wb) != 1 || o["warehouseBalancesCount"] != 1.0 {
			t.Fatalf("offer's warehouseBalances: %v", o["warehouseBalances"])
		}
		if o["balanceQuantity"] != 0.0 || o["availableQuantity"] != 0.0 {
			t.Fatalf("offer stock: %v %v", o["balanceQuantity"], o["availableQuantity"])
		}
		if r := h.Do("POST", "/api/v3/consignment/massAction", apitest.Req{Body: map[string]any{"type": "expense"}}); r.Status != 422 {
			t.Errorf("mass without entities: %d", r.Status)
		}
		if r := h.Do("POST", "/api/v3/warehouse/"+wh+"/deficitOffers", apitest.Req{Body: map[string]any{}}); r.Status != 422 {
			t.Errorf("deficit without context: %d", r.Status)
		}
	})
}
