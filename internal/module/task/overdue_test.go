package task_test

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/task"
)

// Work whose deadline passes while nobody touches it becomes overdue at
// the next overdue step, with the updated event a save publishes.
func TestOverdueStep(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		var clock atomic.Int64
		set := func(s string) time.Time {
			at, err := time.Parse(time.RFC3339, s)
			if err != nil {
				t.Fatal(err)
			}
			clock.Store(at.UnixMilli())
			return at
		}
		set("2026-03-02T08:00:00Z")
		h.Srv.Engine.Now = func() time.Time { return time.UnixMilli(clock.Load()) }
		ctx := context.Background()
		step := func(now string, want int) {
			t.Helper()
			n, err := task.MarkOverdue(ctx, h.Srv.Engine, set(now))
			if err != nil || n != want {
				t.Fatalf("at %s marked %d (%v), want %d", now, n, err, want)
			}
		}
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		mine := map[string]any{"contentType": "Employee", "id": me}
		nine := map[string]any{"contentType": "DateTime", "value": "2026-03-02T09:00:00+00:00"}
		today := map[string]any{"contentType": "DateOnly", "year": 2026, "month": 2, "day": 2}
		mk := func(path string, body map[string]any) map[string]any {
			r := h.Do("POST", path, apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("POST %s: %s", path, r.Body)
			}
			return r.Obj()
		}
		late := mk("/api/v3/task", map[string]any{"name": "К девяти", "responsible": mine, "deadline": nine})
		byDay := mk("/api/v3/task", map[string]any{"name": "До конца дня", "responsible": mine, "deadline": today})
		project := mk("/api/v3/project", map[string]any{"name": "Проект к девяти", "deadline": nine})
		mk("/api/v3/task", map[string]any{"name": "Уже сделано", "status": "completed", "deadline": nine})
		mk("/api/v3/task", map[string]any{"name": "Шаблон", "isTemplate": true, "deadline": nine})
		mk("/api/v3/task", map[string]any{"name": "Без срока"})
		get := func(kind, id string) map[string]any {
			return h.Do("GET", "/api/v3/"+kind+"/"+id, apitest.Req{}).Obj()
		}

		set("2026-03-02T10:00:00Z")
		if get("task", late["id"].(string))["isOverdue"] != false {
			t.Fatal("time alone flipped isOverdue")
		}
		h.Events()
		step("2026-03-02T10:00:00Z", 2)
		got := get("task", late["id"].(string))
		if got["isOverdue"] != true || got["status"] != "accepted" {
			t.Fatalf("late task: %v", got)
		}
		if got["activity"].(map[string]any)["value"] != late["activity"].(map[string]any)["value"] {
			t.Fatalf("the step moved activity: %v", got["activity"])
		}
		if get("project", project["id"].(string))["isOverdue"] != true {
			t.Fatal("the late project is not overdue")
		}
		updated := map[string]bool{}
		for _, ev := range h.Events() {
			if ev.Action == "updated" && slices.Contains(ev.Fields, "isOverdue") {
				updated[ev.Type] = true
			}
		}
		if !updated["Task"] || !updated["Project"] {
			t.Fatalf("no updated events: %v", updated)
		}
		step("2026-03-02T23:59:00Z", 0)
		step("2026-03-03T00:00:00Z", 1) // the DateOnly deadline's day is over
		if get("task", byDay["id"].(string))["isOverdue"] != true {
			t.Fatal("the day's task is not overdue")
		}
		step("2026-03-03T00:05:00Z", 0)

		// More than one batch, after the scan has a mark.
		var calls []any
		for i := range 205 {
			calls = append(calls, map[string]any{"url": "/api/v3/task", "method": "POST",
				"body": map[string]any{"name": "Пачка", "responsible": mine, "deadline": map[string]any{
					"contentType": "DateTime", "value": time.Date(2026, 3, 3, 1, 0, i%60, 0, time.UTC).Format(time.RFC3339)}}})
		}
		for i := 0; i < len(calls); i += 100 {
			r := h.Do("POST", "/api/v3/bulk", apitest.Req{Body: map[string]any{"calls": calls[i:min(i+100, len(calls))]}})
			if r.Status != 200 {
				t.Fatalf("bulk: %s", r.Body)
			}
		}
		step("2026-03-03T02:00:00Z", 205)
		step("2026-03-03T02:01:00Z", 0)
	})
}
