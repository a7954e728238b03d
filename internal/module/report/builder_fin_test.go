package report_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Finance operations as the builder's source: grouped by kind and by
// account, counted and summed; a reader without the finance right gets
// no figure of them.
func TestBuilderFinOperations(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		acc := func(name, kind string) map[string]any {
			r := h.Do("POST", "/api/v3/finRealAccount", apitest.Req{Body: map[string]any{"name": name, "kind": kind}})
			if r.Status != 200 {
				t.Fatalf("account: %s", r.Body)
			}
			return apitest.Link("FinRealAccount", r.Obj()["id"].(string))
		}
		bank, cash := acc("Банк", "bank"), acc("Касса", "cash")
		for _, op := range []struct {
			kind    string
			sum     float64
			account map[string]any
		}{{"income", 1000, bank}, {"income", 250.5, bank}, {"expense", 300, bank}, {"expense", 49.5, cash}} {
			r := h.Do("POST", "/api/v3/finOperation", apitest.Req{Body: map[string]any{"kind": op.kind, "realAccount": op.account,
				"sum": map[string]any{"contentType": "Money", "value": op.sum, "currency": "RUB"}}})
			if r.Status != 200 {
				t.Fatalf("operation: %s", r.Body)
			}
		}
		byKind := build(t, h, "", map[string]any{"entityType": "FinOperation", "grouping": []any{map[string]any{"name": "kind"}},
			"columns": []any{map[string]any{"formula": "count", "alias": "count"}, map[string]any{"formula": "sum", "name": "sum", "alias": "sum"}}})
		if byKind["income"]["count"] != 2.0 || byKind["income"]["sum"] != 1250.5 || byKind["expense"]["count"] != 2.0 || byKind["expense"]["sum"] != 349.5 {
			t.Errorf("operations by kind: %v", byKind)
		}
		byAccount := build(t, h, "", map[string]any{"entityType": "FinOperation", "grouping": []any{map[string]any{"name": "realAccount"}}})
		if byAccount[bank["id"].(string)]["count"] != 3.0 || byAccount[bank["id"].(string)]["label"] != "Банк" || byAccount[cash["id"].(string)]["count"] != 1.0 {
			t.Errorf("operations by account: %v", byAccount)
		}
		r := h.Do("POST", "/api/v3/report/build", apitest.Req{Token: b.olgaTok, Body: map[string]any{"entityType": "FinOperation", "grouping": []any{map[string]any{"name": "kind"}}}})
		if r.Status == 200 {
			if rows := r.Obj()["rows"].([]any); len(rows) != 0 {
				t.Errorf("an employee without the finance right counts operations: %s", r.Body)
			}
		} else if r.Status != 403 {
			t.Errorf("an employee's operations report: %d %s", r.Status, r.Body)
		}
	})
}

// A saved list filter (here a TaskFilter) is a builder report's filter:
// the report counts what the list shows.
func TestBuilderSavedFilter(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		newBooks(t, h)
		saved := h.Do("POST", "/api/v3/taskFilter", apitest.Req{Body: map[string]any{"title": "Сделанные", "config": map[string]any{
			"contentType": "FilterConfig", "termGroup": map[string]any{"contentType": "FilterTermGroup", "join": "and", "terms": []any{
				map[string]any{"contentType": "FilterTermEnum", "field": "status", "comparison": "equals", "value": []any{"done"}}}}}}})
		if saved.Status != 200 {
			t.Fatalf("saved filter: %s", saved.Body)
		}
		link := `{"contentType":"TaskFilter","id":"` + saved.Obj()["id"].(string) + `"}`
		rows := build(t, h, "", map[string]any{"entityType": "Task", "filterRules": link, "grouping": []any{map[string]any{"name": "status"}}})
		if len(rows) != 1 || rows["done"] == nil || rows["done"]["count"].(float64) < 1 {
			t.Errorf("tasks of the saved filter by status: %v", rows)
		}
	})
}
