package report_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The reference's report routes: the sources as ReportObjects (what the
// builder adds up and groups by), the saved reports a dashboard chart can
// show, and a saved report's data for its reader.
func TestReportReferenceRoutes(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		objects := h.Do("GET", "/api/v3/report/object", apitest.Req{}).List()
		var deal map[string]any
		for _, o := range objects {
			if o["id"] == "Deal" {
				deal = o
			}
		}
		if len(objects) != 7 || deal == nil || deal["title"] == "" {
			t.Fatalf("objects: %v", objects)
		}
		has := func(list any, name string, check func(map[string]any) bool) bool {
			for _, x := range list.([]any) {
				if m := x.(map[string]any); m["name"] == name {
					return check(m)
				}
			}
			return false
		}
		if !has(deal["columns"], "price", func(c map[string]any) bool { return c["isMoney"] == true }) ||
			!has(deal["grouping"], "manager", func(map[string]any) bool { return true }) ||
			!has(deal["grouping"], "timeCreated", func(g map[string]any) bool { return len(g["extraSettings"].([]any)) == 1 }) {
			t.Errorf("the deal object: %v", deal)
		}
		if r := h.Do("GET", "/api/v3/report/object/Task", apitest.Req{}); r.Status != 200 || r.Obj()["id"] != "Task" {
			t.Errorf("one object: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/report/object/Coffee", apitest.Req{}); r.Status != 404 {
			t.Errorf("no such object: %d", r.Status)
		}

		grouped := mk(t, h, "report", map[string]any{"name": "Выигранные сделки", "config": wonPerManager()})
		mk(t, h, "report", map[string]any{"name": "Все сделки", "config": map[string]any{"entityType": "Deal"}})
		if list := h.Do("GET", "/api/v3/report/forDesktop", apitest.Req{}).List(); len(list) != 1 || list[0]["id"] != grouped {
			t.Errorf("reports for the dashboard: %v", list)
		}
		if list := h.Do("GET", "/api/v3/report/forDesktop?type=Task", apitest.Req{}).List(); len(list) != 0 {
			t.Errorf("task reports for the dashboard: %v", list)
		}
		data := h.Do("GET", "/api/v3/report/"+grouped+"/data", apitest.Req{})
		groups, _ := data.Obj()["groups"].([]any)
		if data.Status != 200 || data.Obj()["objectType"] != "Deal" || len(groups) != 1 ||
			groups[0].(map[string]any)["name"] != "Ольга Тестов" || groups[0].(map[string]any)["count"] != 2.0 {
			t.Errorf("the report's data: %s", data.Body)
		}
		if r := h.Do("GET", "/api/v3/report/"+grouped+"/data", apitest.Req{Token: b.ivanTok}); r.Status != 404 {
			t.Errorf("another's report's data: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/report/999999/data", apitest.Req{}); r.Status != 404 {
			t.Errorf("a missing report's data: %d", r.Status)
		}
	})
}
