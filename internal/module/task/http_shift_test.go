package task_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// Work made from a template turns the template's relative deadline into a
// date counted from now; in working days it skips the weekend and the
// account's days off (docs/tasks.md).
func TestTemplateShiftDeadline(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		// Wednesday 2026-12-30, 10:15 UTC; 2027-01-01..08 are days off.
		now := time.Date(2026, 12, 30, 10, 15, 0, 0, time.UTC)
		h.Srv.Engine.Now = func() time.Time { return now }
		for d := 1; d <= 8; d++ {
			if r := h.Do("POST", "/api/v3/holidayDay", apitest.Req{Body: map[string]any{"date": fmt.Sprintf("2027-01-%02d", d)}}); r.Status != 200 {
				t.Fatalf("day off: %s", r.Body)
			}
		}
		work := func(shift map[string]any) any {
			t.Helper()
			shift["contentType"] = "ShiftDate"
			r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Шаблон", "isTemplate": true, "deadline": shift}})
			if r.Status != 200 {
				t.Fatalf("template: %s", r.Body)
			}
			tpl := r.Obj()
			if d := tpl["deadline"].(map[string]any); d["contentType"] != "ShiftDate" {
				t.Fatalf("a template keeps its shift: %s", r.Body)
			}
			r = h.Do("POST", "/api/v3/task/"+tpl["id"].(string)+"/clone", apitest.Req{})
			if r.Status != 200 {
				t.Fatalf("clone: %s", r.Body)
			}
			return r.Obj()["deadline"]
		}
		day := func(y, m, d int) map[string]any {
			return map[string]any{"contentType": "DateOnly", "year": float64(y), "month": float64(m - 1), "day": float64(d)}
		}
		for _, tc := range []struct {
			name  string
			shift map[string]any
			want  any
		}{
			{"calendar days", map[string]any{"days": 3}, day(2027, 1, 2)},
			{"working days skip the holidays and the weekend", map[string]any{"days": 2, "isWorkDays": true}, day(2027, 1, 11)},
			{"no days is today", map[string]any{"isWorkDays": true}, day(2026, 12, 30)},
			{"hours make an instant", map[string]any{"days": 1, "hours": 4, "isWorkDays": true},
				map[string]any{"contentType": "DateTime", "value": "2026-12-31T14:15:00+00:00"}},
			{"a shift below zero is kept", map[string]any{"days": -2},
				map[string]any{"contentType": "ShiftDate", "days": float64(-2), "hours": float64(0), "minutes": float64(0), "isWorkDays": false}},
		} {
			got := work(tc.shift)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("%s: deadline %v, want %v", tc.name, got, tc.want)
			}
		}
		// Making a template from work keeps the shift relative.
		r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Шаблон 2", "isTemplate": true,
			"deadline": map[string]any{"contentType": "ShiftDate", "days": 5}}})
		r = h.Do("POST", "/api/v3/task/"+r.Obj()["id"].(string)+"/clone", apitest.Req{Body: map[string]any{"isTemplate": true}})
		if d, _ := r.Obj()["deadline"].(map[string]any); d == nil || d["contentType"] != "ShiftDate" {
			t.Fatalf("a template's copy keeps the shift: %s", r.Body)
		}
	})
}
