package staff_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Birthdays in a window: soonest first, across the new year, without the
// dismissed and those who hide their birthday.
func TestBirthdays(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		person := func(first, birthday string, extra map[string]any) string {
			body := map[string]any{"firstName": first, "lastName": "Тестов", "birthday": birthday}
			for k, v := range extra {
				body[k] = v
			}
			return mk(t, h, "employee", body)
		}
		jan := person("Январь", "1990-01-03", nil)
		dec := person("Декабрь", "1985-12-30", nil)
		person("Июль", "1990-07-01", nil)
		person("Скрытный", "1990-12-31", map[string]any{"hideMyBirthday": true})
		gone := person("Уволенный", "1990-12-29", nil)
		if r := h.Do("POST", "/api/v3/employee/"+gone+"/fire", apitest.Req{}); r.Status != 200 {
			t.Fatalf("fire: %d %s", r.Status, r.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "across the new year, soonest first", Method: "GET", Path: "/api/v3/employee/birthdays?startDate=2026-12-28&daysCount=10", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					list, _ := r.JSON["data"].([]any)
					var ids []string
					for _, e := range list {
						ids = append(ids, e.(map[string]any)["id"].(string))
					}
					if len(ids) != 2 || ids[0] != dec || ids[1] != jan {
						t.Fatalf("got %v, want [%s %s]", ids, dec, jan)
					}
				}},
			{Name: "a DateOnly object works too", Method: "GET", Path: `/api/v3/employee/birthdays?startDate={"contentType":"DateOnly","year":2026,"month":6,"day":1}&daysCount=1`, Status: 200,
				Contains: []string{`"firstName":"Июль"`}},
			{Name: "a bad date", Method: "GET", Path: "/api/v3/employee/birthdays?startDate=завтра", Status: 422, Contains: []string{`"field":"startDate"`}},
			{Name: "too long a window", Method: "GET", Path: "/api/v3/employee/birthdays?daysCount=400", Status: 422, Contains: []string{`"field":"daysCount"`}},
			{Name: "not a number", Method: "GET", Path: "/api/v3/employee/birthdays?daysCount=x", Status: 422},
		})
	})
}
