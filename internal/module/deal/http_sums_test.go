package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Position sums to the kopeck: quantity × price, discounts in percent and
// absolute, tax included or on top; the deal's price is their sum, kept
// by the server. See docs/deal.md, "Sums".
func TestPositionSums(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		id := p.deal(t, map[string]any{"price": rub(1)})
		dealLink := apitest.Link("Deal", id)
		offer := apitest.Link("Offer", p.make(t, "offer", map[string]any{"name": "Лицензия", "price": rub(100)}))
		vat := func(rate float64) map[string]any {
			return map[string]any{"contentType": "Tax", "name": "НДС", "rate": rate}
		}
		pct := func(v float64) map[string]any {
			return map[string]any{"contentType": "Discount", "type": "percent", "valueInMain": v}
		}
		abs := func(v float64) map[string]any {
			return map[string]any{"contentType": "Discount", "type": "absolute", "valueInMain": v}
		}
		row := func(extra map[string]any) map[string]any {
			body := map[string]any{"deal": dealLink, "offer": offer, "name": "Позиция"}
			for k, v := range extra {
				body[k] = v
			}
			return body
		}
		sums := func(r *apitest.Resp) [3]float64 {
			o := r.Obj()
			v := func(f string) float64 { m, _ := o[f].(map[string]any); x, _ := m["value"].(float64); return x }
			return [3]float64{v("sum"), v("sumWithoutTax"), v("taxSum")}
		}
		var rows []string
		for _, tc := range []struct {
			name string
			body map[string]any
			want [3]float64 // sum, without tax, tax
		}{
			// 3 × 33.33 = 99.99; 20 % included: 99.99 × 100/120 = 83.325 → 83.33.
			{"tax included", row(map[string]any{"price": rub(33.33), "quantity": 3, "tax": vat(20)}), [3]float64{99.99, 83.33, 16.66}},
			// 2.5 × 99.99 = 249.975 → 249.98; −10 % = 24.998 → 25.00: 224.98; +20 % on top 44.996 → 45.00.
			{"tax on top, percent discount", row(map[string]any{"priceWithoutTax": rub(99.99), "quantity": 2.5, "tax": vat(20), "discount": pct(10)}), [3]float64{269.98, 224.98, 45}},
			// 7 × 0.1 = 0.70 exactly (never 0.7000000000000001); −0.05 absolute.
			{"absolute discount, no tax", row(map[string]any{"price": rub(0.1), "quantity": 7, "discount": abs(0.05)}), [3]float64{0.65, 0.65, 0}},
			// 10 % tax included on 1.01: 1.01 / 1.1 = 0.91818 → 0.92.
			{"quantity left out is one", row(map[string]any{"price": rub(1.01), "tax": vat(10)}), [3]float64{1.01, 0.92, 0.09}},
		} {
			r := h.Do("POST", "/api/v3/offerRow", apitest.Req{Body: tc.body})
			if r.Status != 200 {
				t.Fatalf("%s: %s", tc.name, r.Body)
			}
			if got := sums(r); got != tc.want {
				t.Errorf("%s: sums %v, want %v", tc.name, got, tc.want)
			}
			rows = append(rows, r.Obj()["id"].(string))
		}
		price := func() float64 { m := p.get(t, id)["price"].(map[string]any); return m["value"].(float64) }
		if got := price(); got != 371.63 { // 99.99 + 269.98 + 0.65 + 1.01
			t.Errorf("deal price %v, want 371.63", got)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a priced deal keeps its price", Method: "POST", Path: "/api/v3/deal/" + id, Req: apitest.Req{Body: map[string]any{"price": rub(5)}}, Status: 200,
				Contains: []string{`"value":371.63`}},
			{Name: "a quantity change reprices", Method: "POST", Path: "/api/v3/offerRow/" + rows[2], Req: apitest.Req{Body: map[string]any{"quantity": 1}}, Status: 200,
				Contains: []string{`"sum":{"contentType":"Money","currency":"RUB","rate":1,"value":0.05`}},
			{Name: "both prices", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Body: row(map[string]any{"price": rub(1), "priceWithoutTax": rub(1)})}, Status: 422,
				Contains: []string{`"type":"two_prices"`}},
			{Name: "discount over the amount", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Body: row(map[string]any{"price": rub(1), "discount": abs(2)})}, Status: 422,
				Contains: []string{`"type":"discount_too_large"`}},
			{Name: "percent over a hundred", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Body: row(map[string]any{"price": rub(1), "discount": pct(101)})}, Status: 422,
				Contains: []string{`"field":"discount"`}},
			{Name: "unknown discount type", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Body: row(map[string]any{"price": rub(1), "discount": map[string]any{"type": "gift", "valueInMain": 1}})}, Status: 422,
				Contains: []string{`"field":"discount"`}},
			{Name: "tax rate out of range", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Body: row(map[string]any{"price": rub(1), "tax": vat(-1)})}, Status: 422,
				Contains: []string{`"field":"tax"`}},
			{Name: "negative quantity", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Body: row(map[string]any{"price": rub(1), "quantity": -1})}, Status: 422,
				Contains: []string{`"field":"quantity"`}},
			{Name: "another currency", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Body: row(map[string]any{"price": map[string]any{"value": 1, "currency": "USD", "rate": 90}})}, Status: 422,
				Contains: []string{`"type":"positions_currencies"`}},
			{Name: "client sums are ignored", Method: "POST", Path: "/api/v3/offerRow/" + rows[3], Req: apitest.Req{Body: map[string]any{"sum": rub(1000000)}}, Status: 200,
				Contains: []string{`"value":1.01`}},
		})
		if got := price(); got != 371.03 {
			t.Errorf("after the quantity change %v, want 371.03", got)
		}
		if r := h.Do("DELETE", "/api/v3/offerRow/"+rows[0], apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		if got := price(); got != 271.04 {
			t.Errorf("after a delete %v, want 271.04", got)
		}
		if n := p.get(t, id)["positionsCount"]; n != float64(3) {
			t.Errorf("positionsCount %v", n)
		}
	})
}
