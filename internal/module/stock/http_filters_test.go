package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The consignment list's built-in filters: by type, movement and state,
// with their counts in the panel and as the list's filter.
func TestConsignmentFilters(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		a, b := d.warehouse("Основной"), d.warehouse("Магазин")
		tea := d.offer("Чай", "product")
		d.receive(a, tea, 10)
		must(t, d.consignment("expense", "", a, row(tea, 1)))
		must(t, d.consignment("income", "reserved", a, row(tea, 2)))
		must(t, h.Do("POST", "/api/v3/warehouse/"+a+"/moveOffers/"+b, apitest.Req{Body: map[string]any{"rows": []any{row(tea, 3)}}}))
		want := map[string]float64{"any": 5, "income": 3, "expense": 2, "move": 2, "created": 1, "reserved": 1, "performed": 3, "cancelled": 0}
		panel := must2(t, h.Do("GET", "/api/v3/consignmentFilter", apitest.Req{}))
		if len(panel) != len(want) {
			t.Fatalf("panel: %v", panel)
		}
		for _, f := range panel {
			if f["count"] != want[f["id"].(string)] {
				t.Errorf("filter %v: count %v, want %v", f["id"], f["count"], want[f["id"].(string)])
			}
		}
		list := must2(t, h.Do("GET", "/api/v3/consignment"+apitest.Q(`{"filter":{"contentType":"ConsignmentFilter","id":"reserved"}}`), apitest.Req{}))
		if len(list) != 1 || list[0]["state"] != "reserved" || list[0]["type"] != "income" {
			t.Errorf("reserved: %v", list)
		}
		if one := must(t, h.Do("GET", "/api/v3/consignmentFilter/expense", apitest.Req{})); one["count"] != 2.0 || one["title"] != "Расходы" {
			t.Errorf("one filter: %v", one)
		}
	})
}
