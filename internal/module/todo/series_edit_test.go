package todo_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Changing a to-do of a series: this one only, this one and the later
// ones (the series splits, the rule follows the new time), or the
// template and every to-do not begun; a refusal changes none.
func TestTodoEditInSeries(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		clock(h, "2026-11-25T09:00:00Z")
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		olegID, oleg := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		first := newTodo(t, h, nina, `{"name":"Стендап","responsible":`+emp(ninaID)+`,"when":`+
			at("2026-12-01T09:00:00+00:00", "2026-12-01T09:15:00+00:00")+`,"participants":[`+emp(olegID)+`]}`)
		h.Run(t, []apitest.Scenario{
			{Name: "repeat daily four times", Method: "POST", Path: "/api/v3/todo/" + first + "/schedule/changeTemplate", Status: 200,
				Req: js(nina, `{"contentType":"Schedule","interval":"day","repetitions":4}`)},
		})
		type row struct{ id, name, from, to, series string }
		week := func() []row {
			t.Helper()
			list := h.Do("GET", `/api/v3/time?from=2026-12-01T00:00:00Z&to=2026-12-15T00:00:00Z&fields=["name","when","schedule"]`, apitest.Req{Token: nina}).List()
			out := make([]row, len(list))
			for i, td := range list {
				w := td["when"].(map[string]any)
				sched, _ := td["schedule"].(map[string]any)
				out[i] = row{td["id"].(string), td["name"].(string), w["from"].(map[string]any)["value"].(string),
					w["to"].(map[string]any)["value"].(string), sched["id"].(string)}
			}
			return out
		}
		days := week()
		if len(days) != 4 {
			t.Fatalf("the series: %d to-dos, want 4", len(days))
		}
		second, third := days[1].id, days[2].id
		h.Run(t, []apitest.Scenario{
			{Name: "an invitee may not change it", Method: "POST", Path: "/api/v3/todo/" + third + "/changeSequent", Status: 403,
				Req: js(oleg, `{"name":"Чужое"}`)},
			{Name: "a bad time changes nothing", Method: "POST", Path: "/api/v3/todo/" + third + "/changeTemplate", Status: 422,
				Req: js(nina, `{"name":"Не то","when":`+at("2026-12-03T10:00:00+00:00", "2026-12-03T09:00:00+00:00")+`}`)},
			{Name: "this one only", Method: "POST", Path: "/api/v3/todo/" + second + "/changeCurrent", Status: 200,
				Req: js(nina, `{"name":"Стендап с гостем"}`), Contains: []string{`"name":"Стендап с гостем"`}},
			{Name: "this one and the later ones, an hour later and longer", Method: "POST", Path: "/api/v3/todo/" + third + "/changeSequent", Status: 200,
				Req: js(nina, `{"name":"Поздний стендап","when":`+at("2026-12-03T10:00:00+00:00", "2026-12-03T10:30:00+00:00")+`}`)},
		})
		want := []row{
			{first, "Стендап", "2026-12-01T09:00:00+00:00", "2026-12-01T09:15:00+00:00", first},
			{second, "Стендап с гостем", "2026-12-02T09:00:00+00:00", "2026-12-02T09:15:00+00:00", first},
			{third, "Поздний стендап", "2026-12-03T10:00:00+00:00", "2026-12-03T10:30:00+00:00", third},
			{days[3].id, "Поздний стендап", "2026-12-04T10:00:00+00:00", "2026-12-04T10:30:00+00:00", third},
		}
		if got := week(); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
			t.Fatalf("after the changes:\n got %v\nwant %v", got, want)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the template and those not begun", Method: "POST", Path: "/api/v3/todo/" + second + "/changeTemplate", Status: 200,
				Req: js(nina, `{"name":"Стендап команды","when":`+at("2026-12-02T08:30:00+00:00", "2026-12-02T08:45:00+00:00")+`}`)},
			{Name: "the rule follows, ending where the split began", Method: "GET", Path: "/api/v3/todo/" + first + `?fields=["schedule"]`, Status: 200, Req: apitest.Req{Token: nina},
				Contains: []string{`"interval":"day"`, `"repetitions":2`, `"startDate":{"contentType":"DateTime","value":"2026-12-01T08:30:00+00:00"}`}},
		})
		got := week()
		if len(got) != 4 || got[0].name != "Стендап команды" || got[0].from != "2026-12-01T08:30:00+00:00" ||
			got[1].from != "2026-12-02T08:30:00+00:00" || got[2].name != "Поздний стендап" {
			t.Fatalf("after the template changed: %v", got)
		}
	})
}
