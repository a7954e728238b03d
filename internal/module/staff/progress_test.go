package staff_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/staff"
	"github.com/artel/artel/internal/value"
)

// A dismissal job tells its initiator how it goes on their own live
// route: FireJob messages with the counts, the last one done. Only an
// administrator may start or read one.
func TestFireJobProgressAndRights(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		petr, petrTok := h.Person(t, "Пётр", "petr@example.com", "petr-password")
		anna, _ := h.Person(t, "Анна", "anna@example.com", "anna-password")
		for _, name := range []string{"Один", "Два", "Три"} {
			mk(t, h, "task", map[string]any{"name": name, "responsible": emp(petr)})
		}
		h.Run(t, []apitest.Scenario{
			{Name: "not for everyone to start", Method: "POST", Path: "/api/v3/employee/" + anna + "/fireJob", Status: 403,
				Req: apitest.Req{Token: petrTok, Body: map[string]any{"newEmployee": "x"}}},
		})
		ctx := context.Background()
		now := time.Now().Add(-time.Hour).UnixMilli() // stale, so Resume takes it
		if err := h.DB.Exec(ctx, `INSERT INTO fire_jobs (account_id, employee_id, actor_id, state, plan, total, created_at, beat_at)
			VALUES (?, ?, 1, 'running', ?, 0, ?, ?)`, h.Account, petr, `{"tasks":`+anna+`}`, now, now); err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var got []map[string]any
		var routes []string
		js := &staff.Jobs{Engine: h.Srv.Engine, Push: func(_ context.Context, account int64, user value.Link, route string, msg any) error {
			mu.Lock()
			defer mu.Unlock()
			if account != h.Account || user != (value.Link{Type: "Employee", ID: 1}) {
				t.Errorf("pushed to %d %v", account, user)
			}
			routes = append(routes, route)
			got = append(got, msg.(map[string]any))
			return nil
		}}
		if err := js.Resume(ctx, time.Now()); err != nil {
			t.Fatal(err)
		}
		js.Wait()
		if len(got) < 2 {
			t.Fatalf("want progress and an end, got %v", got)
		}
		last := got[len(got)-1]
		if routes[0] != "user:1" || last["contentType"] != "FireJob" || last["state"] != "done" || last["done"] != 3 || last["total"] != 3 {
			t.Fatalf("routes %v, last message %v", routes, last)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "not for everyone to read", Method: "GET", Path: "/api/v3/fireJob/1", Status: 403, Req: apitest.Req{Token: petrTok}},
		})
	})
}
