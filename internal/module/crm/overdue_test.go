package crm_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// A client's overdue to-dos are those still to do whose end has passed:
// a timed one's end instant, a whole-day one's last day; each to-do says
// so itself in isOverdue.
func TestClientOverdueContacts(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		client := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Вектор»"})
		about := []any{apitest.Link("ContractorCompany", client)}
		now := time.Now().UTC()
		timed := func(from, to time.Time) map[string]any {
			at := func(t time.Time) map[string]any {
				return map[string]any{"contentType": "DateTime", "value": t.Format(time.RFC3339)}
			}
			return map[string]any{"contentType": "IntervalTime", "from": at(from), "to": at(to)}
		}
		day := func(d time.Time) map[string]any {
			return map[string]any{"contentType": "IntervalDates", "from": map[string]any{"contentType": "DateOnly",
				"year": d.Year(), "month": int(d.Month()) - 1, "day": d.Day()}}
		}
		todo := func(name string, when map[string]any) string {
			return create(t, h, "todo", map[string]any{"name": name, "when": when, "relations": about})
		}
		late := todo("Звонок вчера", timed(now.Add(-3*time.Hour), now.Add(-2*time.Hour)))
		todo("Встреча позавчера", day(now.AddDate(0, 0, -2)))
		todo("Визит послезавтра", day(now.AddDate(0, 0, 2)))
		soon := todo("Звонок через час", timed(now.Add(time.Hour), now.Add(2*time.Hour)))
		done := todo("Письмо утром", timed(now.Add(-5*time.Hour), now.Add(-4*time.Hour)))
		if r := h.Do("POST", "/api/v3/todo/"+done+"/doAction", apitest.Req{Body: map[string]any{"contentType": "TodoFinishActionRequest"}}); r.Status != 200 {
			t.Fatalf("finish: %s", r.Body)
		}
		overdue := func(path string) string {
			o := h.Do("GET", "/api/v3/"+path, apitest.Req{}).Obj()
			return fmt.Sprint(o["isOverdue"], o["countOverdueCommunications"])
		}
		for path, want := range map[string]string{
			"contractorCompany/" + client + `?fields=["countOverdueCommunications"]`:     "<nil> 2",
			"contractor/" + client + `?fields=["countOverdueCommunications"]`:            "<nil> 2",
			"contractorCompany" + apitest.Q(`{"fields":["countOverdueCommunications"]}`): "",
			"todo/" + late + `?fields=["isOverdue"]`:                                     "true <nil>",
			"todo/" + soon + `?fields=["isOverdue"]`:                                     "false <nil>",
			"todo/" + done + `?fields=["isOverdue"]`:                                     "false <nil>",
		} {
			if want == "" {
				list := h.Do("GET", "/api/v3/"+path, apitest.Req{}).List()
				if len(list) != 1 || fmt.Sprint(list[0]["countOverdueCommunications"]) != "2" {
					t.Errorf("%s: %v", path, list)
				}
				continue
			}
			if got := overdue(path); got != want {
				t.Errorf("%s: %s, want %s", path, got, want)
			}
		}
	})
}
