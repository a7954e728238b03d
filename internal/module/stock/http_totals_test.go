package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func rub(v float64) map[string]any {
	return map[string]any{"contentType": "Money", "value": v, "currency": "RUB"}
}

func moneyOf(o map[string]any, f string) float64 {
	m, _ := o[f].(map[string]any)
	v, _ := m["value"].(float64)
	return v
}

// A consignment's totals are its rows' sums, VAT included; a client's
// totals are ignored; mixed currencies are refused.
func TestConsignmentTotals(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea, cups := d.warehouse("Основной"), d.offer("Чай", "product"), d.offer("Чашки", "product")
		a := row(tea, 3)
		a["price"], a["tax"] = rub(120), map[string]any{"contentType": "Tax", "name": "НДС 20%", "rate": 20}
		b := row(cups, 2.5)
		b["price"], b["sum"] = rub(10.01), rub(1000000)
		c := must(t, h.Do("POST", "/api/v3/consignment", apitest.Req{Body: map[string]any{"type": "income",
			"warehouse": apitest.Link("Warehouse", wh), "rows": []any{a, b}, "price": rub(1)}}))
		// 3 × 120 = 360 (VAT 60) and 2.5 × 10.01 = 25.025 → 25.03.
		if moneyOf(c, "price") != 385.03 || moneyOf(c, "taxSum") != 60 || moneyOf(c, "sumWithoutTax") != 325.03 {
			t.Fatalf("totals %v %v %v", c["price"], c["taxSum"], c["sumWithoutTax"])
		}
		byOffer := map[string]map[string]any{}
		for _, r := range must2(t, h.Do("GET", "/api/v3/consignment/"+c["id"].(string)+"/rows", apitest.Req{})) {
			byOffer[r["offer"].(map[string]any)["id"].(string)] = r
		}
		if moneyOf(byOffer[cups], "sum") != 25.03 || moneyOf(byOffer[tea], "priceWithoutTax") != 100 || moneyOf(byOffer[tea], "taxSum") != 60 {
			t.Fatalf("row sums %v %v", byOffer[cups]["sum"], byOffer[tea]["priceWithoutTax"])
		}
		usd := row(cups, 1)
		usd["price"] = map[string]any{"contentType": "Money", "value": 1, "currency": "USD", "rate": 90}
		refused(t, h.Do("POST", "/api/v3/consignment/"+c["id"].(string), apitest.Req{Body: map[string]any{"rows": []any{a, usd}}}),
			"stock_rows_currencies", "Позиции накладной должны быть в одной валюте")
		if got := moneyOf(must(t, h.Do("GET", "/api/v3/consignment/"+c["id"].(string), apitest.Req{})), "price"); got != 385.03 {
			t.Fatalf("a refused change moved the total: %v", got)
		}
	})
}
