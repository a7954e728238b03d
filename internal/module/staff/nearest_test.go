package staff_test

import (
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// Employee.nearestVacation is the current or next vacation (not a sick
// leave or a trip, not one that is over) and nearestVacationsCount the
// vacations touching the coming 30 days.
func TestNearestVacation(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		now := time.Date(2027, 3, 10, 9, 0, 0, 0, time.UTC)
		h.Srv.Engine.Now = func() time.Time { return now }
		nina, _ := h.Person(t, "Нина", "nina@example.com", "nina-password")
		olga, _ := h.Person(t, "Ольга", "olga@example.com", "olga-password")
		add := func(who, typ, first, last string) string {
			r := h.Do("POST", "/api/v3/vacation", apitest.Req{Body: map[string]any{"employee": apitest.Link("Employee", who),
				"type": typ, "firstDay": first, "lastDay": last}})
			if r.Status != 200 {
				t.Fatalf("absence: %s", r.Body)
			}
			return r.Obj()["id"].(string)
		}
		add(nina, "vacation", "2027-02-01", "2027-02-14") // over
		add(nina, "sick", "2027-03-11", "2027-03-12")     // not a vacation
		next := add(nina, "vacation", "2027-03-20", "2027-03-27")
		add(nina, "vacation", "2027-06-01", "2027-06-14") // past the 30 days
		get := func(id string) map[string]any {
			r := h.Do("GET", "/api/v3/employee/"+id, apitest.Req{})
			if r.Status != 200 {
				t.Fatalf("employee: %s", r.Body)
			}
			return r.Obj()
		}
		n := get(nina)
		if l, _ := n["nearestVacation"].(map[string]any); l == nil || l["id"] != next || l["contentType"] != "Vacation" {
			t.Errorf("Nina's nearest vacation: %v, want %s", n["nearestVacation"], next)
		}
		if n["nearestVacationsCount"] != float64(1) {
			t.Errorf("Nina's vacations in 30 days: %v", n["nearestVacationsCount"])
		}
		if o := get(olga); o["nearestVacation"] != nil || o["nearestVacationsCount"] != float64(0) {
			t.Errorf("Olga has none: %v %v", o["nearestVacation"], o["nearestVacationsCount"])
		}
		// Asked for in a list, the page is filled at once.
		r := h.Do("GET", "/api/v3/employee"+apitest.Q(`{"limit":50,"fields":["nearestVacation","nearestVacationsCount"]}`), apitest.Req{})
		found := false
		for _, e := range r.List() {
			if e["id"] == nina {
				found = e["nearestVacationsCount"] == float64(1)
			}
		}
		if !found {
			t.Errorf("the list does not fill Nina's: %s", r.Body)
		}
	})
}
