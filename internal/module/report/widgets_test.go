package report_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Each person has a dashboard of their own; a report widget names a
// saved report its owner sees.
func TestWidgets(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		report := mk(t, h, "report", map[string]any{"name": "Выигранные сделки", "config": wonPerManager()})
		add := func(tok string, body map[string]any) *apitest.Resp {
			return h.Do("POST", "/api/v3/desktop/widget", apitest.Req{Token: tok, Body: body})
		}
		if r := add("", map[string]any{"contentType": "TaskDesktopWidget", "posX": 0, "posY": 0}); r.Status != 200 {
			t.Fatalf("add: %s", r.Body)
		}
		r := add("", map[string]any{"contentType": "ReportDesktopWidget", "reportId": report, "chartType": "bar", "posX": 1, "posY": 0})
		if r.Status != 200 || r.Obj()["reportId"] != report {
			t.Fatalf("report widget: %s", r.Body)
		}
		id := r.Obj()["id"].(string)
		if r := h.Do("POST", "/api/v3/desktop/widget/"+id, apitest.Req{Body: map[string]any{"contentType": "ReportDesktopWidget", "reportId": report,
			"chartType": "pie", "posX": 0, "posY": 1}}); r.Status != 200 || r.Obj()["posY"] != 1.0 {
			t.Errorf("moved: %s", r.Body)
		}
		list := h.Do("GET", "/api/v3/desktop/widget", apitest.Req{}).List()
		if len(list) != 2 || list[1]["id"] != id || list[1]["chartType"] != "pie" {
			t.Errorf("the administrator's dashboard: %v", list)
		}
		if n := len(h.Do("GET", "/api/v3/desktop/widget", apitest.Req{Token: b.olgaTok}).List()); n != 0 {
			t.Errorf("Olga's dashboard is her own: %d", n)
		}
		// The people widgets, on Olga's own dashboard.
		for _, kind := range []string{"EmployeeBirthdayDesktopWidget", "EmployeeEffectivenessDesktopWidget"} {
			if r := add(b.olgaTok, map[string]any{"contentType": kind, "posX": 0, "posY": 0}); r.Status != 200 || r.Obj()["contentType"] != kind {
				t.Errorf("%s: %d %s", kind, r.Status, r.Body)
			}
		}
		if mine := h.Do("GET", "/api/v3/desktop/widget", apitest.Req{Token: b.olgaTok}).List(); len(mine) != 2 {
			t.Errorf("Olga's people widgets: %v", mine)
		}
		if r := h.Do("GET", "/api/v3/desktop/widget/list", apitest.Req{Token: b.olgaTok}); r.Status != 200 ||
			!strings.Contains(string(r.Body), `"EmployeeBirthdayDesktopWidget","EmployeeEffectivenessDesktopWidget"`) {
			t.Errorf("the kinds: %s", r.Body)
		}
		for _, c := range []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"a report Olga does not see", map[string]any{"contentType": "ReportDesktopWidget", "reportId": report}, "reportId"},
			{"no such kind", map[string]any{"contentType": "CoffeeDesktopWidget"}, "contentType"},
		} {
			if r := add(b.olgaTok, c.body); r.Status != 422 || r.Errors()[0]["field"] != c.field {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		if r := h.Do("POST", "/api/v3/desktop/widget/"+id, apitest.Req{Token: b.olgaTok, Body: map[string]any{"contentType": "TaskDesktopWidget"}}); r.Status != 404 {
			t.Errorf("Olga moves the administrator's widget: %d", r.Status)
		}
		if r := h.Do("DELETE", "/api/v3/desktop/widget", apitest.Req{Body: map[string]any{"contentType": "ReportDesktopWidget", "id": id}}); r.Status != 200 {
			t.Errorf("delete: %s", r.Body)
		}
		if n := len(h.Do("GET", "/api/v3/desktop/widget", apitest.Req{}).List()); n != 1 {
			t.Errorf("one widget left: %d", n)
		}
	})
}
