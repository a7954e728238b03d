package report_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Bad input to the built-in reports answers 4xx with the field, never 500.
func TestReportsBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		bad := `{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[{"contentType":"FilterTermString","field":"nothing","comparison":"equals","value":"x"}]}}`
		for _, c := range []struct {
			name, path string
			status     int
			field      string
		}{
			{"a program that is no link", "/api/v3/report/salesFunnel" + apitest.Q(`{"program":"abc"}`), 422, "program"},
			{"a filter on a field deals do not have", "/api/v3/report/salesDepartment" + apitest.Q(`{"filter":`+bad+`}`), 422, "filter"},
			{"a task filter that is no filter", "/api/v3/report/taskEffectiveness" + apitest.Q(`{"filter":"{"}`), 422, "filter"},
			{"an export without its config", "/api/v3/report/export" + apitest.Q(`{"format":"csv"}`), 422, "config"},
		} {
			r := h.Do("GET", c.path, apitest.Req{})
			if r.Status != c.status || len(r.Errors()) == 0 || r.Errors()[0]["field"] != c.field {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		// Without report_enter the reports are closed.
		for _, grp := range h.Do("GET", "/api/v3/rightsGroup", apitest.Req{}).List() {
			if grp["everyone"] == true {
				h.Do("POST", "/api/v3/rightsGroup/"+grp["id"].(string), apitest.Req{Body: map[string]any{"name": "Сотрудники", "everyone": true, "actions": []string{"tasks_enter"}}})
			}
		}
		for _, path := range []string{"/api/v3/report/salesDepartment", "/api/v3/report/taskEffectiveness", "/api/v3/report/overdue"} {
			if r := h.Do("GET", path, apitest.Req{Token: b.olgaTok}); r.Status != 403 {
				t.Errorf("%s without report_enter: %d", path, r.Status)
			}
		}
		if r := h.Do("POST", "/api/v3/report/build", apitest.Req{Token: b.olgaTok, Body: map[string]any{"entityType": "Task"}}); r.Status != 403 {
			t.Errorf("build without report_enter: %d", r.Status)
		}
	})
}
