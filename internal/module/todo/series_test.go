package todo_test

import (
	"context"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/module/todo"
)

// Repeating to-dos: a rule makes copies ahead of time, a new rule
// remakes those not begun, deleting by deleteMode cuts the series, and
// the series job keeps the horizon ahead as time goes by.
func TestTodoSeries(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		set := clock(h, "2026-11-25T09:00:00Z")
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		olegID, oleg := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		r := h.Do("POST", "/api/v3/todo", js(nina, `{"name":"Стендап","responsible":`+emp(ninaID)+`,"when":`+
			at("2026-11-30T10:00:00+00:00", "2026-11-30T10:15:00+00:00")+`,"participants":[`+emp(olegID)+`]}`))
		if r.Status != 200 {
			t.Fatalf("create: %s", r.Body)
		}
		id := r.Obj()["id"].(string)
		count := func(token, from, to string) int {
			t.Helper()
			return len(h.Do("GET", "/api/v3/time?from="+from+"&to="+to+`&fields=["name"]`, apitest.Req{Token: token}).List())
		}
		sched := "/api/v3/todo/" + id + "/schedule/changeCurrent"
		h.Run(t, []apitest.Scenario{
			{Name: "not a rule", Method: "POST", Path: sched, Status: 422, Req: js(nina, `{"contentType":"Schedule","interval":"hourly"}`)},
			{Name: "not a field", Method: "POST", Path: sched, Status: 422, Req: js(nina, `{"contentType":"Schedule","interval":"day","colour":1}`),
				Contains: []string{`"field":"colour"`}},
			{Name: "an invitee does not make it repeat", Method: "POST", Path: sched, Status: 403, Req: js(oleg, `{"contentType":"Schedule","interval":"day"}`)},
			{Name: "five days", Method: "POST", Path: sched, Status: 200, Req: js(nina, `{"contentType":"Schedule","interval":"day","repetitions":5}`),
				Contains: []string{`"name":"Стендап"`}},
		})
		if n := count(nina, "2026-11-30T00:00:00Z", "2026-12-07T00:00:00Z"); n != 5 {
			t.Fatalf("nina's week: %d to-dos, want 5", n)
		}
		if n := count(oleg, "2026-11-30T00:00:00Z", "2026-12-07T00:00:00Z"); n != 5 {
			t.Fatalf("oleg, invited to each: %d, want 5", n)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "three days now", Method: "POST", Path: "/api/v3/todo/" + id + "/schedule/changeTemplate", Status: 200,
				Req: js(nina, `{"contentType":"Schedule","interval":"day","repetitions":3}`)},
		})
		week := h.Do("GET", `/api/v3/time?from=2026-11-30T00:00:00Z&to=2026-12-07T00:00:00Z&fields=["name","when"]`, apitest.Req{Token: nina}).List()
		if len(week) != 3 {
			t.Fatalf("after the new rule: %d, want 3", len(week))
		}
		second := week[1]["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "this one and those after", Method: "POST", Path: "/api/v3/todo/" + second + "/doAction", Status: 200,
				Req: js(nina, `{"contentType":"TodoDeleteRepeatableActionRequest","deleteMode":"changeSequent"}`)},
		})
		if n := count(nina, "2026-11-30T00:00:00Z", "2026-12-07T00:00:00Z"); n != 1 {
			t.Fatalf("after changeSequent: %d, want the first only", n)
		}

		// Weekly without end: made for the horizon, then kept ahead.
		h.Run(t, []apitest.Scenario{
			{Name: "weekly", Method: "POST", Path: sched, Status: 200, Req: js(nina, `{"contentType":"Schedule","interval":"week"}`)},
		})
		ahead := count(nina, "2026-11-30T00:00:00Z", "2027-01-14T00:00:00Z") + count(nina, "2027-01-14T00:00:00Z", "2027-02-27T00:00:00Z")
		if ahead != 9 {
			t.Fatalf("weekly for 62 days ahead: %d, want 9 (Nov 30 to Jan 25)", ahead)
		}
		ctx := context.Background()
		runner, err := app.Jobs(ctx, h.Srv)
		if err != nil {
			t.Fatal(err)
		}
		set("2026-12-25T09:00:00Z")
		if err := runner.Run(ctx, todo.JobSeries); err != nil {
			t.Fatal(err)
		}
		if n := count(nina, "2027-01-26T00:00:00Z", "2027-02-27T00:00:00Z"); n != 4 {
			t.Fatalf("a month later the series reaches further: %d in Jan 26 - Feb 26, want 4", n)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "stop repeating", Method: "DELETE", Path: "/api/v3/todo/" + id + "/schedule", Status: 200, Req: apitest.Req{Token: nina}},
		})
		if n := count(nina, "2026-12-26T00:00:00Z", "2027-02-27T00:00:00Z"); n != 0 {
			t.Fatalf("after stopping: %d to-dos ahead, want none", n)
		}
		if n := count(nina, "2026-11-30T00:00:00Z", "2026-12-25T00:00:00Z"); n != 4 {
			t.Fatalf("those begun stay: %d, want 4", n)
		}
	})
}
