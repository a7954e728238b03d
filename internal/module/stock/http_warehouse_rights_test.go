package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// ids are the ids of a list's items.
func ids(items []map[string]any) map[string]bool {
	out := map[string]bool{}
	for _, it := range items {
		if w, ok := it["warehouse"].(map[string]any); ok && it["contentType"] == "WarehouseBalance" {
			out[w["id"].(string)] = true
		} else if id, ok := it["id"].(string); ok {
			out[id] = true
		}
	}
	return out
}

// A warehouse that a WarehousePermission names is closed: an employee
// sees it, its balances and its consignments, and writes them, only as
// the permissions naming them grant; an open warehouse stays open.
func TestWarehouseRights(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		open, shut := d.warehouse("Открытый"), d.warehouse("Закрытый")
		tea := d.offer("Чай", "product")
		d.receive(open, tea, 5)
		income := d.receive(shut, tea, 7)
		olga, tok := h.Person(t, "Ольга", "olga", "olga long password")
		petr, _ := h.Person(t, "Пётр", "petr", "petr long password")
		grant := func(who, wh, wr string, expense []string) string {
			return must(t, h.Do("POST", "/api/v3/warehousePermission", apitest.Req{Body: map[string]any{
				"warehouse": apitest.Link("Warehouse", wh), "user": apitest.Link("Employee", who),
				"warehouseRights": wr, "expenseRights": expense}}))["id"].(string)
		}
		get := func(path string) *apitest.Resp { return h.Do("GET", "/api/v3/"+path, apitest.Req{Token: tok}) }
		post := func(path string, body map[string]any) *apitest.Resp {
			return h.Do("POST", "/api/v3/"+path, apitest.Req{Token: tok, Body: body})
		}
		expense := func(wh, state string) *apitest.Resp {
			return post("consignment", map[string]any{"type": "expense", "state": state,
				"warehouse": apitest.Link("Warehouse", wh), "rows": []any{row(tea, 1)}})
		}
		grant(petr, shut, "full_access", []string{"read", "create", "reserve", "perform", "cancel"})

		// Closed to Olga: not listed, 404 on its own, left out of sums.
		if seen := ids(must2(t, get("warehouse"))); !seen[open] || seen[shut] {
			t.Fatalf("warehouses Olga sees: %v", seen)
		}
		for _, p := range []string{"warehouse/" + shut, "warehouse/" + shut + "/balances", "consignment/" + income} {
			if r := get(p); r.Status != 404 {
				t.Errorf("GET %s: %d, want 404", p, r.Status)
			}
		}
		if seen := ids(must2(t, get("offer/"+tea+"/balances"))); !seen[open] || seen[shut] {
			t.Errorf("offer balances Olga sees: %v", seen)
		}
		if o := must(t, get("offer/"+tea)); o["balanceQuantity"] != 5.0 {
			t.Errorf("Olga's offer sum %v, want 5 (the open warehouse)", o["balanceQuantity"])
		}
		if r := get("offer?warehouse=" + shut); r.Status != 404 {
			t.Errorf("the offers of a closed warehouse: %d", r.Status)
		}
		if r := expense(shut, "created"); r.Status == 200 {
			t.Errorf("a consignment at a closed warehouse: %s", r.Body)
		}
		must(t, expense(open, "performed")) // the open one as before
		// The administrator still sees all.
		if seen := ids(must2(t, h.Do("GET", "/api/v3/warehouse", apitest.Req{}))); !seen[shut] {
			t.Errorf("the administrator lost the closed warehouse")
		}

		// Reading and expenses up to a reserve: no perform, no income.
		grant(olga, shut, "read", []string{"read", "create", "reserve"})
		if seen := ids(must2(t, get("warehouse"))); !seen[shut] {
			t.Fatalf("Olga granted read does not see it")
		}
		if bs := must2(t, get("warehouse/"+shut+"/balances")); len(bs) != 1 || bs[0]["balance"] != 7.0 {
			t.Errorf("Olga's balances: %v", bs)
		}
		c := must(t, expense(shut, "reserved"))["id"].(string)
		// Her rights as the reference's values, and the moves left to her.
		got := must(t, get("consignment/"+c))
		if ps, _ := got["possibleStates"].([]any); len(ps) != 1 || ps[0] != "created" {
			t.Errorf("Olga's possible states: %v", got["possibleStates"])
		}
		wr := must(t, get("warehouse/"+shut))["rights"].(map[string]any)
		er := wr["expenseConsignmentsRights"].(map[string]any)
		if wr["read"] != true || wr["edit"] != false || er["reserve"] != true || er["perform"] != false {
			t.Errorf("Olga's warehouse rights: %v", wr)
		}
		if r := post("consignment/"+c, map[string]any{"state": "performed"}); r.Status != 403 {
			t.Errorf("perform without the right: %d %s", r.Status, r.Body)
		}
		if r := expense(shut, "performed"); r.Status != 403 {
			t.Errorf("a performed expense without the right: %d", r.Status)
		}
		if r := post("consignment", map[string]any{"type": "income", "warehouse": apitest.Link("Warehouse", shut),
			"rows": []any{row(tea, 1)}}); r.Status != 403 {
			t.Errorf("an income without income rights: %d", r.Status)
		}
		if r := get("consignment/" + income); r.Status != 404 {
			t.Errorf("an income Olga has no right on: %d", r.Status)
		}
		if seen := ids(must2(t, get("consignment"))); !seen[c] || seen[income] {
			t.Errorf("consignments Olga sees: %v", seen)
		}
		if q, r, _ := d.balance(shut, tea); q != 7 || r != 1 {
			t.Errorf("after the refusals: %v on hand, %v reserved; want 7 and 1", q, r)
		}
		// A permission given to a Group is its members'.
		pavel, ptok := h.Person(t, "Павел", "pavel", "pavel long password")
		group := must(t, h.Do("POST", "/api/v3/group", apitest.Req{Body: map[string]any{"name": "Кладовщики",
			"children": []any{apitest.Link("Employee", pavel)}}}))["id"].(string)
		if r := h.Do("GET", "/api/v3/warehouse/"+shut, apitest.Req{Token: ptok}); r.Status != 404 {
			t.Errorf("Pavel before the group's grant: %d", r.Status)
		}
		must(t, h.Do("POST", "/api/v3/warehousePermission", apitest.Req{Body: map[string]any{
			"warehouse": apitest.Link("Warehouse", shut), "user": apitest.Link("Group", group),
			"warehouseRights": "read", "incomeRights": []string{"read", "create", "perform"}}}))
		must(t, h.Do("GET", "/api/v3/warehouse/"+shut, apitest.Req{Token: ptok}))
		if r := h.Do("POST", "/api/v3/consignment", apitest.Req{Token: ptok, Body: map[string]any{"type": "income", "state": "performed",
			"warehouse": apitest.Link("Warehouse", shut), "rows": []any{row(tea, 2)}}}); r.Status != 200 {
			t.Errorf("Pavel's income through the group: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/consignment", apitest.Req{Token: ptok, Body: map[string]any{"type": "expense",
			"warehouse": apitest.Link("Warehouse", shut), "rows": []any{row(tea, 2)}}}); r.Status != 403 {
			t.Errorf("Pavel's expense without expense rights: %d", r.Status)
		}
		// Permissions and the warehouse itself are not hers to change.
		if r := post("warehousePermission", map[string]any{"warehouse": apitest.Link("Warehouse", shut),
			"user": apitest.Link("Employee", olga), "warehouseRights": "full_access"}); r.Status != 403 {
			t.Errorf("Olga grants herself: %d", r.Status)
		}
		if r := post("warehouse/"+shut, map[string]any{"name": "Мой"}); r.Status != 403 {
			t.Errorf("Olga renames a warehouse she only reads: %d", r.Status)
		}
	})
}
