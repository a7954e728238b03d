package staff_test

import (
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// Absences: a vacation, a sick leave, a business trip; refused when they
// end before they begin or have an unknown type; an employee's current and
// coming ones, soonest first.
func TestAbsences(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		nina, _ := h.Person(t, "Нина", "nina@example.com", "nina-password")
		day := func(d int) string { return time.Now().UTC().AddDate(0, 0, d).Format(time.DateOnly) }
		abs := func(typ string, from, to int) map[string]any {
			return map[string]any{"employee": emp(nina), "type": typ, "firstDay": day(from), "lastDay": day(to)}
		}
		trip := mk(t, h, "vacation", abs("trip", 20, 22))
		sick := mk(t, h, "vacation", abs("sick", -1, 2))
		mk(t, h, "vacation", abs("vacation", -30, -20)) // over
		plain := mk(t, h, "vacation", map[string]any{"employee": emp(nina), "firstDay": day(40), "lastDay": day(40)})
		h.Run(t, []apitest.Scenario{
			{Name: "no type is a vacation", Method: "GET", Path: "/api/v3/vacation/" + plain, Status: 200, Contains: []string{`"type":"vacation"`}},
			{Name: "ends before it begins", Method: "POST", Path: "/api/v3/vacation", Status: 422,
				Req: apitest.Req{Body: abs("vacation", 5, 3)}, Contains: []string{`"type":"absence_days"`, `"field":"lastDay"`}},
			{Name: "an update that would end it before it begins", Method: "POST", Path: "/api/v3/vacation/" + trip, Status: 422,
				Req: apitest.Req{Body: map[string]any{"lastDay": day(10)}}, Contains: []string{`"field":"lastDay"`}},
			{Name: "an unknown type", Method: "POST", Path: "/api/v3/vacation", Status: 422,
				Req: apitest.Req{Body: abs("holiday", 1, 2)}, Contains: []string{`"field":"type"`}},
			{Name: "no employee", Method: "POST", Path: "/api/v3/vacation", Status: 422,
				Req: apitest.Req{Body: map[string]any{"firstDay": day(1), "lastDay": day(2)}}, Contains: []string{`"field":"employee"`}},
			{Name: "current and coming, soonest first", Method: "GET", Path: "/api/v3/employee/" + nina + "/vacations", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					list, _ := r.JSON["data"].([]any)
					var ids []string
					for _, e := range list {
						ids = append(ids, e.(map[string]any)["id"].(string))
					}
					if len(ids) != 3 || ids[0] != sick || ids[1] != trip || ids[2] != plain {
						t.Fatalf("got %v, want [%s %s %s]", ids, sick, trip, plain)
					}
				}},
			{Name: "the closest", Method: "GET", Path: "/api/v3/employee/" + nina + "/closestVacation", Status: 200,
				Contains: []string{`"id":"` + sick + `"`, `"type":"sick"`}},
			{Name: "no such employee", Method: "GET", Path: "/api/v3/employee/999999/vacations", Status: 404},
		})
	})
}
