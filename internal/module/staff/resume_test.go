package staff_test

import (
	"context"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/staff"
)

// A dismissal job whose node stopped mid-way (its row still running, no
// progress for minutes) is picked up by the periodic resume and finished;
// one with recent progress is left to its node.
func TestFireJobResumes(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		petr, _ := h.Person(t, "Пётр", "petr@example.com", "petr-password")
		anna, _ := h.Person(t, "Анна", "anna@example.com", "anna-password")
		mk(t, h, "task", map[string]any{"name": "Отчёт", "responsible": emp(petr)})
		mk(t, h, "deal", map[string]any{"name": "Сделка", "manager": emp(petr),
			"program": map[string]any{"contentType": "Program", "id": entryProgram(t, h)}})
		ctx := context.Background()
		now := time.Now()
		insert := func(beat time.Time) {
			err := h.DB.Exec(ctx, `INSERT INTO fire_jobs (account_id, employee_id, actor_id, state, plan, total, created_at, beat_at)
				VALUES (?, ?, 1, 'running', ?, 0, ?, ?)`, h.Account, petr, `{"tasks":`+anna+`,"deals":`+anna+`}`, beat.UnixMilli(), beat.UnixMilli())
			if err != nil {
				t.Fatal(err)
			}
		}
		insert(now.Add(-10 * time.Second)) // fresh: its node is at work
		js := &staff.Jobs{Engine: h.Srv.Engine}
		if err := js.Resume(ctx, now); err != nil {
			t.Fatal(err)
		}
		js.Wait()
		if n := len(roles(t, h, petr)); n != 2 {
			t.Fatalf("a fresh job was taken over: roles left %d", n)
		}
		insert(now.Add(-10 * time.Minute)) // stale: its node died
		if err := js.Resume(ctx, now); err != nil {
			t.Fatal(err)
		}
		js.Wait()
		if left := roles(t, h, petr); len(left) != 0 {
			t.Fatalf("roles left after resume: %v", left)
		}
		if got := roles(t, h, anna); got["Task.responsible"] != 1 || got["Deal.manager"] != 1 {
			t.Fatalf("replacement's roles: %v", got)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the resumed job is done", Method: "GET", Path: "/api/v3/fireJob/2", Status: 200,
				Contains: []string{`"state":"done"`, `"done":2`, `"total":2`}},
			{Name: "the fresh one is still its node's", Method: "GET", Path: "/api/v3/fireJob/1", Status: 200,
				Contains: []string{`"state":"running"`}},
		})
	})
}

// entryProgram makes a deal program with an entry state.
func entryProgram(t *testing.T, h *apitest.Harness) string {
	prog := mk(t, h, "program", map[string]any{"name": "Продажи"})
	mk(t, h, "programState", map[string]any{"name": "Новая", "type": "active", "isEntry": true,
		"program": map[string]any{"contentType": "Program", "id": prog}})
	return prog
}
