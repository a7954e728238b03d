package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// An employee (not an administrator) receives and ships goods: the rows
// they write inline are the consignment's, and they see them through it.
func TestConsignmentByEmployee(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea := d.warehouse("Основной"), d.offer("Чай", "product")
		_, tok := h.Person(t, "Ольга", "olga", "olga long password")
		post := func(path string, body map[string]any) *apitest.Resp {
			return h.Do("POST", "/api/v3/"+path, apitest.Req{Token: tok, Body: body})
		}
		must(t, post("consignment", map[string]any{"type": "income", "state": "performed",
			"warehouse": apitest.Link("Warehouse", wh), "rows": []any{row(tea, 5)}}))
		c := must(t, post("consignment", map[string]any{"type": "expense", "state": "reserved",
			"warehouse": apitest.Link("Warehouse", wh), "rows": []any{row(tea, 2)}}))
		rows := must2(t, h.Do("GET", "/api/v3/consignment/"+c["id"].(string)+"/rows", apitest.Req{Token: tok}))
		if len(rows) != 1 || rows[0]["quantity"] != 2.0 {
			t.Fatalf("the employee's rows: %v", rows)
		}
		must(t, post("consignment/"+c["id"].(string), map[string]any{"state": "performed"}))
		bal := must2(t, h.Do("GET", "/api/v3/warehouse/"+wh+"/balances", apitest.Req{Token: tok}))
		if len(bal) != 1 || bal[0]["balance"] != 3.0 {
			t.Fatalf("the employee's balances: %v", bal)
		}
	})
}
