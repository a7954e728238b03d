package staff_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/entity"
)

// waitJob polls a dismissal job until it is done.
func waitJob(t *testing.T, h *apitest.Harness, job string) map[string]any {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		got := h.Do("GET", "/api/v3/fireJob/"+job, apitest.Req{}).Obj()
		if got["state"] == "done" {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("job not done: %v", got)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Deals that cannot be saved stay with the dismissed person and are in
// the report; once they can be, a retry moves them (whole: manager and
// auditors), keeps what moved before in the report, and leaves nothing
// behind. A deal rule that refuses saves while a switch is on stands in
// for whatever made them fail (a rule of the server, not a mock of it).
func TestFireJobRetry(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		var refuse atomic.Bool
		h.Srv.Engine.Hook("Deal", entity.Hooks{BeforeSave: func(context.Context, *entity.Change) error {
			if refuse.Load() {
				return errors.New("the deal is locked")
			}
			return nil
		}})
		petr, _ := h.Person(t, "Пётр", "petr@example.com", "petr-password")
		anna, _ := h.Person(t, "Анна", "anna@example.com", "anna-password")
		vera, _ := h.Person(t, "Вера", "vera@example.com", "vera-password")
		_, clerk := h.Person(t, "Клерк", "clerk@example.com", "clerk-password")
		p := emp(petr)
		prog := map[string]any{"contentType": "Program", "id": mk(t, h, "program", map[string]any{"name": "Продажи"})}
		mk(t, h, "programState", map[string]any{"name": "Новая", "type": "active", "isEntry": true, "program": prog})
		mk(t, h, "deal", map[string]any{"name": "Первая", "program": prog, "manager": p, "auditors": []any{p}})
		mk(t, h, "deal", map[string]any{"name": "Вторая", "program": prog, "manager": p})
		mk(t, h, "task", map[string]any{"name": "Отчёт", "responsible": p})

		refuse.Store(true)
		r := h.Do("POST", "/api/v3/employee/"+petr+"/fireJob", apitest.Req{Body: map[string]any{"newEmployee": emp(anna)}})
		if r.Status != 202 {
			t.Fatalf("fireJob: %d %s", r.Status, r.Body)
		}
		job := r.Obj()["id"].(string)
		got := waitJob(t, h, job)
		fails, _ := got["report"].(map[string]any)["failures"].([]any)
		if got["failed"] != float64(2) || got["done"] != float64(1) || len(fails) != 2 {
			t.Fatalf("first run: %v", got)
		}
		if left := roles(t, h, petr); left["Deal.manager"] != 2 || left["Deal.auditors"] != 1 || left["Task.responsible"] != 0 {
			t.Fatalf("left after the first run: %v", left)
		}

		// Vera is dismissed (without a job), so she cannot take anything.
		if r := h.Do("POST", "/api/v3/employee/"+vera+"/fire", apitest.Req{}); r.Status != 200 {
			t.Fatalf("fire vera: %s", r.Body)
		}
		path := "/api/v3/fireJob/" + job + "/retry"
		h.Run(t, []apitest.Scenario{
			{Name: "not an administrator", Method: "POST", Path: path, Req: apitest.Req{Token: clerk}, Status: 403},
			{Name: "no such job", Method: "POST", Path: "/api/v3/fireJob/999999/retry", Status: 404},
			{Name: "a dismissed replacement", Method: "POST", Path: path, Status: 422,
				Req: apitest.Req{Body: map[string]any{"newEmployee": emp(vera)}}, Contains: []string{`"type":"employee_not_working"`}},
			{Name: "the fired person themselves", Method: "POST", Path: path, Status: 422,
				Req: apitest.Req{Body: map[string]any{"newEmployee": p}}, Contains: []string{`"type":"self_replacement"`}},
			{Name: "malformed", Method: "POST", Path: path, Status: 400, Req: apitest.Req{Body: `{"newEmployee":`, ContentType: "application/json"}},
		})
		if g := h.Do("GET", "/api/v3/fireJob/"+job, apitest.Req{}).Obj(); g["state"] != "done" || g["failed"] != float64(2) {
			t.Fatalf("a refused retry changed the job: %v", g)
		}

		refuse.Store(false)
		r = h.Do("POST", path, apitest.Req{})
		if r.Status != 202 {
			t.Fatalf("retry: %d %s", r.Status, r.Body)
		}
		got = waitJob(t, h, job)
		rep := got["report"].(map[string]any)
		moved := rep["moved"].(map[string]any)
		if got["failed"] != float64(0) || got["done"] != float64(3) || got["total"] != float64(3) || len(rep["failures"].([]any)) != 0 ||
			moved["Deal.manager"] != float64(2) || moved["Deal.auditors"] != float64(1) || moved["Task.responsible"] != float64(1) {
			t.Fatalf("after the retry: %v", got)
		}
		if left := roles(t, h, petr); len(left) != 0 {
			t.Fatalf("left after the retry: %v", left)
		}
		if annas := roles(t, h, anna); annas["Deal.manager"] != 2 || annas["Deal.auditors"] != 1 || annas["Task.responsible"] != 1 {
			t.Fatalf("anna's roles: %v", annas)
		}
		if r := h.Do("POST", path, apitest.Req{}); r.Status != 422 || !strings.Contains(string(r.Body), "fire_job_no_failures") {
			t.Fatalf("nothing left to retry: %d %s", r.Status, r.Body)
		}
	})
}
