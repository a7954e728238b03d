package task_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/module/task"
)

// schedScene is a harness whose engine runs on the test's clock, with
// helpers to make templates and run the due-jobs step at that clock.
type schedScene struct {
	t     *testing.T
	h     *apitest.Harness
	clock atomic.Int64
	log   *slog.Logger
}

func newSchedScene(t *testing.T, h *apitest.Harness, start string) *schedScene {
	s := &schedScene{t: t, h: h, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	s.set(start)
	h.Srv.Engine.Now = func() time.Time { return time.UnixMilli(s.clock.Load()) }
	return s
}

func (s *schedScene) set(rfc3339 string) time.Time {
	at, err := time.Parse(time.RFC3339, rfc3339)
	if err != nil {
		s.t.Fatal(err)
	}
	s.clock.Store(at.UnixMilli())
	return at
}

// runDue moves the clock and runs the schedules step synchronously.
func (s *schedScene) runDue(rfc3339 string) {
	s.t.Helper()
	if err := task.RunDueSchedules(context.Background(), s.h.Srv.Engine, s.set(rfc3339), s.log); err != nil {
		s.t.Fatalf("run due: %v", err)
	}
}

func (s *schedScene) create(path string, body map[string]any) map[string]any {
	s.t.Helper()
	r := s.h.Do("POST", path, apitest.Req{Body: body})
	if r.Status != 200 {
		s.t.Fatalf("POST %s: %s", path, r.Body)
	}
	return r.Obj()
}

// made lists the work made from a template, oldest first.
func (s *schedScene) made(kind, id string) []map[string]any {
	s.t.Helper()
	r := s.h.Do("GET", "/api/v3/"+kind+"/"+id+"/entitiesByTemplate"+apitest.Q(`{"fields":["subTasksCount","originalTemplate","owner","isTemplate"]}`), apitest.Req{})
	if r.Status != 200 {
		s.t.Fatalf("entitiesByTemplate: %s", r.Body)
	}
	list := r.List()
	slices.Reverse(list)
	return list
}

func dateOnly(y, m, d int) map[string]any {
	return map[string]any{"contentType": "DateOnly", "year": y, "month": m - 1, "day": d}
}

func TestTaskSchedules(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		s := newSchedScene(t, h, "2026-03-02T08:00:00Z") // a Monday
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		tpl := s.create("/api/v3/task", map[string]any{"name": "Отчёт", "isTemplate": true})["id"].(string)
		s.create("/api/v3/task", map[string]any{"name": "Собрать цифры", "isTemplate": true, "parent": apitest.Link("Task", tpl)})
		work := s.create("/api/v3/task", map[string]any{"name": "Просто работа"})["id"].(string)
		path := "/api/v3/task/" + tpl + "/schedule"
		every2 := map[string]any{"contentType": "Schedule", "interval": "day", "each": 2, "hour": 9, "minute": 0, "startDate": dateOnly(2026, 3, 2)}
		errorsOn := func(fields ...string) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				var got []string
				for _, e := range r.Errors() {
					got = append(got, e["field"].(string))
				}
				for _, f := range fields {
					if !slices.Contains(got, f) {
						t.Errorf("no error on %s: %s", f, r.Body)
					}
				}
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "work cannot repeat", Method: "POST", Path: "/api/v3/task/" + work + "/schedule", Req: apitest.Req{Body: every2},
				Status: 422, Contains: []string{`"field":"isTemplate"`, `"type":"not_template"`}},
			{Name: "nor be unscheduled", Method: "DELETE", Path: "/api/v3/task/" + work + "/schedule", Status: 422},
			{Name: "an unknown template", Method: "POST", Path: "/api/v3/task/999999/schedule", Req: apitest.Req{Body: every2}, Status: 404},
			{Name: "interval is required", Method: "POST", Path: path, Req: apitest.Req{Body: map[string]any{"hour": 9}},
				Status: 422, Check: errorsOn("interval")},
			{Name: "an unknown interval", Method: "POST", Path: path, Req: apitest.Req{Body: map[string]any{"interval": "fortnight"}},
				Status: 422, Contains: []string{`"field":"interval"`, `"type":"invalid_enum"`}},
			{Name: "a field of the wrong type", Method: "POST", Path: path, Req: apitest.Req{Body: map[string]any{"interval": "day", "each": "two"}},
				Status: 422, Contains: []string{`"field":"each"`, `"type":"invalid_type"`}},
			{Name: "out of range, per field", Method: "POST", Path: path, Req: apitest.Req{Body: map[string]any{"interval": "week",
				"hour": 24, "minute": 60, "each": 0, "repetitions": 0, "weekDays": []int{0, 8}, "week": 6, "month": 13, "day": 32,
				"startDate": dateOnly(2026, 3, 10), "endDate": dateOnly(2026, 3, 1)}},
				Status: 422, Check: errorsOn("hour", "minute", "each", "repetitions", "weekDays", "week", "month", "day", "endDate")},
			{Name: "an unknown field", Method: "POST", Path: path, Req: apitest.Req{Body: map[string]any{"interval": "day", "often": true}},
				Status: 422, Contains: []string{`"field":"often"`}},
			{Name: "refusals changed nothing", Method: "GET", Path: path, Status: 200, Contains: []string{`"data":null`}},
			{Name: "and made no Schedule", Method: "GET", Path: "/api/v3/schedule", Status: 200, Contains: []string{`"count":0`}},
			{Name: "every 2 days at 9:00", Method: "POST", Path: path, Req: apitest.Req{Body: every2}, Status: 200,
				Contains: []string{`"contentType":"Schedule"`, `"interval":"day"`, `"each":2`, `"hour":9`}},
		})
		sid := h.Do("GET", path, apitest.Req{}).Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "the template names it", Method: "GET", Path: "/api/v3/task/" + tpl, Status: 200,
				Contains: []string{`"schedule":{"contentType":"Schedule","id":"` + sid + `"}`, `"scheduleActive":true`}},
			{Name: "a client cannot detach it", Method: "POST", Path: "/api/v3/task/" + tpl, Req: apitest.Req{Body: map[string]any{"schedule": nil, "scheduleActive": false}},
				Status: 200, Contains: []string{`"schedule":{"contentType":"Schedule","id":"` + sid + `"}`, `"scheduleActive":true`}},
			{Name: "nor change it generically", Method: "POST", Path: "/api/v3/schedule/" + sid, Req: apitest.Req{Body: map[string]any{"each": 1}}, Status: 403},
			{Name: "nor delete it so", Method: "DELETE", Path: "/api/v3/schedule/" + sid, Status: 403},
			{Name: "nor make loose ones", Method: "POST", Path: "/api/v3/schedule", Req: apitest.Req{Body: map[string]any{"interval": "day"}}, Status: 403},
		})

		s.runDue("2026-03-02T08:59:00Z")
		if got := s.made("task", tpl); len(got) != 0 {
			t.Fatalf("made before 9:00: %v", got)
		}
		h.Events()
		// Mon 09:00, Wed 09:00 and Fri 09:00 are due by Friday 10:00.
		s.runDue("2026-03-06T10:00:00Z")
		made := s.made("task", tpl)
		if len(made) != 3 {
			t.Fatalf("made %d, want 3: %v", len(made), made)
		}
		for _, m := range made {
			if linkID(m, "originalTemplate") != tpl || linkID(m, "owner") != me || m["isTemplate"] != false || m["subTasksCount"] != float64(1) {
				t.Fatalf("made from the template: %v", m)
			}
		}
		created := 0
		for _, ev := range h.Events() {
			if ev.Type == "Task" && ev.Action == "created" {
				created++
			}
		}
		if created != 6 {
			t.Fatalf("%d created events, want 3 tasks and their 3 subtasks", created)
		}
		s.runDue("2026-03-06T10:00:00Z")
		if got := s.made("task", tpl); len(got) != 3 {
			t.Fatalf("a second run made more: %d", len(got))
		}
		s.runDue("2026-03-08T09:00:00Z")
		if got := s.made("task", tpl); len(got) != 4 {
			t.Fatalf("Sunday's occurrence: %d", len(got))
		}

		h.Run(t, []apitest.Scenario{
			{Name: "removed", Method: "DELETE", Path: path, Status: 200,
				Contains: []string{`"schedule":null`, `"scheduleActive":false`}},
			{Name: "gone", Method: "GET", Path: path, Status: 200, Contains: []string{`"data":null`}},
			{Name: "the Schedule too", Method: "GET", Path: "/api/v3/schedule/" + sid, Status: 404},
			{Name: "removing again is harmless", Method: "DELETE", Path: path, Status: 200},
		})
		s.runDue("2026-03-20T10:00:00Z")
		if got := s.made("task", tpl); len(got) != 4 {
			t.Fatalf("a removed schedule made work: %d", len(got))
		}
	})
}

func TestTaskScheduleEnds(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		s := newSchedScene(t, h, "2026-03-02T00:00:00Z")
		mk := func(name string, sched map[string]any) string {
			id := s.create("/api/v3/task", map[string]any{"name": name, "isTemplate": true})["id"].(string)
			s.create("/api/v3/task/"+id+"/schedule", sched)
			return id
		}
		twice := mk("Дважды", map[string]any{"interval": "day", "repetitions": 2, "startDate": dateOnly(2026, 3, 2)})
		// Mondays and Wednesdays until Wednesday the 11th.
		until := mk("До среды", map[string]any{"interval": "week", "weekDays": []int{1, 3}, "hour": 9,
			"startDate": dateOnly(2026, 3, 2), "endDate": dateOnly(2026, 3, 11)})
		workdays := mk("По будням", map[string]any{"interval": "day", "workDaysOnly": true, "hour": 9, "startDate": dateOnly(2026, 3, 6)})
		s.runDue("2026-03-20T10:00:00Z")
		for _, c := range []struct {
			id   string
			want int
		}{{twice, 2}, {until, 4}} {
			if got := len(s.made("task", c.id)); got != c.want {
				t.Fatalf("template %s made %d, want %d", c.id, got, c.want)
			}
			r := h.Do("GET", "/api/v3/task/"+c.id, apitest.Req{})
			if r.Obj()["scheduleActive"] != false {
				t.Fatalf("an ended schedule is active: %s", r.Body)
			}
		}
		// Fri 6, then Mon 9 to Fri 13 and Mon 16 to Fri 20: 11 work days.
		if got := len(s.made("task", workdays)); got != 11 {
			t.Fatalf("workdays made %d, want 11", got)
		}
		s.runDue("2026-04-20T10:00:00Z")
		if got := len(s.made("task", twice)); got != 2 {
			t.Fatalf("after 2 repetitions it made %d", got)
		}
		if got := len(s.made("task", until)); got != 4 {
			t.Fatalf("after the end date it made %d", got)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "an ended schedule is still shown", Method: "GET", Path: "/api/v3/task/" + twice + "/schedule", Status: 200,
				Contains: []string{`"repetitions":2`}},
			{Name: "and can be extended", Method: "POST", Path: "/api/v3/task/" + twice + "/schedule", Status: 200,
				Req: apitest.Req{Body: map[string]any{"interval": "day", "repetitions": 3, "startDate": dateOnly(2026, 3, 2)}}},
		})
		s.runDue("2026-04-21T10:00:00Z")
		if got := len(s.made("task", twice)); got != 3 {
			t.Fatalf("extended to 3 it made %d in all", got)
		}
	})
}

func TestProjectScheduleAndZone(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		s := newSchedScene(t, h, "2026-01-31T12:00:00Z")
		h.Run(t, []apitest.Scenario{{Name: "the account is in Moscow", Method: "POST", Path: "/api/v3/systemSetting",
			Req: apitest.Req{Body: map[string]any{"id": task.ZoneSetting, "value": "Europe/Moscow"}}, Status: 200}})
		pr := s.create("/api/v3/project", map[string]any{"name": "Закрытие месяца", "isTemplate": true})["id"].(string)
		path := "/api/v3/project/" + pr + "/schedule"
		// The last day of each month at 09:00 Moscow time (06:00 UTC).
		s.create(path, map[string]any{"interval": "month", "day": 31, "hour": 9, "startDate": dateOnly(2026, 1, 31)})
		h.Run(t, []apitest.Scenario{
			{Name: "a project's schedule", Method: "GET", Path: path, Status: 200, Contains: []string{`"interval":"month"`, `"day":31`}},
		})
		s.runDue("2026-02-28T05:59:00Z")
		if got := len(s.made("project", pr)); got != 0 {
			t.Fatalf("made before 09:00 Moscow: %d", got)
		}
		s.runDue("2026-02-28T06:00:00Z")
		made := s.made("project", pr)
		if len(made) != 1 || linkID(made[0], "originalTemplate") != pr {
			t.Fatalf("February's project: %v", made)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "deleting the template", Method: "DELETE", Path: "/api/v3/project/" + pr, Status: 200},
			{Name: "deletes its Schedule", Method: "GET", Path: "/api/v3/schedule", Status: 200, Contains: []string{`"count":0`}},
		})
		s.runDue("2026-03-31T07:00:00Z")
	})
}

// River itself enqueues and works the schedules job and makes the work.
func TestSchedulesRunByRiver(t *testing.T) {
	h := apitest.New(t, "sqlite")
	s := newSchedScene(t, h, "2026-03-02T09:00:00Z")
	tpl := s.create("/api/v3/task", map[string]any{"name": "Планёрка", "isTemplate": true})["id"].(string)
	s.create("/api/v3/task/"+tpl+"/schedule", map[string]any{"interval": "day", "hour": 9, "startDate": dateOnly(2026, 3, 2)})
	ctx := context.Background()
	runner, err := app.Jobs(ctx, h.Srv)
	if err != nil {
		t.Fatal(err)
	}
	// The production wiring, with the schedules job every second instead
	// of every minute.
	runner.Periodic(task.JobSchedules, time.Second, func(ctx context.Context, now time.Time) error {
		return task.RunDueSchedules(ctx, h.Srv.Engine, now, s.log)
	})
	if err := runner.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer runner.Stop(ctx)
	deadline := time.Now().Add(60 * time.Second)
	for len(s.made("task", tpl)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("River did not make the occurrence within a minute")
		}
		time.Sleep(200 * time.Millisecond)
	}
	stop, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := runner.Stop(stop); err != nil {
		t.Fatal(err)
	}
	if got := len(s.made("task", tpl)); got != 1 {
		t.Fatalf("made %d, want the one occurrence", got)
	}
}
