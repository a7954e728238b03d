package report_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func sum(v any) float64 { m, _ := v.(map[string]any); f, _ := m["valueInMain"].(float64); return f }

type step struct {
	count, reached  float64
	sum, reachedSum float64
	conversion      float64
}

func funnel(t *testing.T, b *books, tok string) map[string]step {
	t.Helper()
	r := b.h.Do("GET", "/api/v3/report/salesFunnel"+apitest.Q(`{"program":"`+b.program+`"}`), apitest.Req{Token: tok})
	if r.Status != 200 {
		t.Fatalf("funnel: %s", r.Body)
	}
	out := map[string]step{}
	for _, s := range r.Obj()["steps"].([]any) {
		m := s.(map[string]any)
		out[m["state"].(map[string]any)["name"].(string)] = step{m["count"].(float64), m["reached"].(float64), sum(m["sum"]), sum(m["reachedSum"]), m["conversion"].(float64)}
	}
	return out
}

func TestSalesFunnel(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		want := map[string]step{
			"Новая":       {1, 6, 300, 1120, 100},
			"Предложение": {1, 4, 70, 770, 66.67},
			"Выиграна":    {2, 2, 300, 300, 50},
			"Проиграна":   {2, 2, 450, 450, 33.33},
		}
		if got := funnel(t, b, ""); !equal(got, want) {
			t.Errorf("administrator's funnel:\n got %v\nwant %v", got, want)
		}
		// Olga sees her four deals only (she lost deal_enter).
		want = map[string]step{
			"Новая":       {1, 4, 300, 650, 100},
			"Предложение": {0, 2, 0, 300, 50},
			"Выиграна":    {2, 2, 300, 300, 100},
			"Проиграна":   {1, 1, 50, 50, 25},
		}
		if got := funnel(t, b, b.olgaTok); !equal(got, want) {
			t.Errorf("Olga's funnel:\n got %v\nwant %v", got, want)
		}
		if r := h.Do("GET", "/api/v3/report/salesFunnel", apitest.Req{}); r.Status != 422 {
			t.Errorf("no program: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/report/salesFunnel"+apitest.Q(`{"program":"999999"}`), apitest.Req{}); r.Status != 404 {
			t.Errorf("unknown program: %d %s", r.Status, r.Body)
		}
	})
}

func equal(a, b map[string]step) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func lines(t *testing.T, h *apitest.Harness, path, tok, who string) map[string]map[string]any {
	t.Helper()
	r := h.Do("GET", "/api/v3/report/"+path, apitest.Req{Token: tok})
	if r.Status != 200 {
		t.Fatalf("%s: %s", path, r.Body)
	}
	out := map[string]map[string]any{}
	for _, l := range r.List() {
		out[l[who].(map[string]any)["id"].(string)] = l
	}
	return out
}

func TestSalesDepartment(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		check := func(who string, l map[string]any, won, wonSum, lost, lostSum, active, activeSum, paid, paidSum float64) {
			t.Helper()
			got := []float64{l["won"].(float64), sum(l["wonSum"]), l["lost"].(float64), sum(l["lostSum"]), l["active"].(float64), sum(l["activeSum"]),
				l["invoicesPaid"].(float64), sum(l["invoicesPaidSum"])}
			want := []float64{won, wonSum, lost, lostSum, active, activeSum, paid, paidSum}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s: got %v, want %v", who, got, want)
					return
				}
			}
		}
		all := lines(t, h, "salesDepartment", "", "manager")
		if len(all) != 2 || all[b.olga]["manager"].(map[string]any)["name"] == "" {
			t.Fatalf("two managers: %v", all)
		}
		check("Olga", all[b.olga], 2, 300, 1, 50, 1, 300, 1, 100)
		check("Ivan", all[b.ivan], 0, 0, 1, 400, 1, 70, 0, 0)
		mine := lines(t, h, "salesDepartment", b.ivanTok, "manager")
		if len(mine) != 1 || mine[b.ivan] == nil {
			t.Fatalf("Ivan sees his own line only: %v", mine)
		}
		check("Ivan as himself", mine[b.ivan], 0, 0, 1, 400, 1, 70, 0, 0)
	})
}

func TestTaskEffectiveness(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		check := func(who string, l map[string]any, onTime, late, overdue, inWork, eff float64) {
			t.Helper()
			got := []float64{l["doneOnTime"].(float64), l["doneLate"].(float64), l["overdue"].(float64), l["inWork"].(float64), l["effectiveness"].(float64)}
			want := []float64{onTime, late, overdue, inWork, eff}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s: got %v, want %v", who, got, want)
					return
				}
			}
		}
		all := lines(t, h, "taskEffectiveness", "", "employee")
		check("Olga", all[b.olga], 2, 1, 1, 1, 50)
		check("Ivan", all[b.ivan], 0, 0, 2, 1, 0)
		// Olga audits one of Ivan's late tasks and sees no other of his.
		seen := lines(t, h, "taskEffectiveness", b.olgaTok, "employee")
		check("Olga as herself", seen[b.olga], 2, 1, 1, 1, 50)
		check("Ivan as Olga sees him", seen[b.ivan], 0, 0, 1, 0, 0)
		// Per department: each in a department of their own.
		for who, name := range map[string]string{b.olga: "Продажи", b.ivan: "Поддержка"} {
			dept := mk(t, h, "department", map[string]any{"name": name})
			if r := h.Do("POST", "/api/v3/employee/"+who, apitest.Req{Body: map[string]any{"department": apitest.Link("Department", dept)}}); r.Status != 200 {
				t.Fatalf("department of %s: %s", who, r.Body)
			}
		}
		r := h.Do("GET", "/api/v3/report/taskEffectiveness"+apitest.Q(`{"by":"department"}`), apitest.Req{})
		depts := map[string]map[string]any{}
		for _, l := range r.List() {
			depts[l["department"].(map[string]any)["name"].(string)] = l
		}
		if len(depts) != 2 {
			t.Fatalf("two departments: %s", r.Body)
		}
		check("sales", depts["Продажи"], 2, 1, 1, 1, 50)
		check("support", depts["Поддержка"], 0, 0, 2, 1, 0)
		if r := h.Do("GET", "/api/v3/report/taskEffectiveness"+apitest.Q(`{"by":"project"}`), apitest.Req{}); r.Status != 422 {
			t.Errorf("by project: %d", r.Status)
		}
	})
}

func TestOverdue(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		r := h.Do("GET", "/api/v3/report/overdue", apitest.Req{})
		o := r.Obj()
		if o["invoices"] != 1.0 || sum(o["invoicesSum"]) != 50 {
			t.Errorf("overdue invoices: %s", r.Body)
		}
		tasks := o["tasks"].([]any)
		if len(tasks) != 2 || tasks[0].(map[string]any)["overdue"] != 2.0 || tasks[0].(map[string]any)["employee"].(map[string]any)["id"] != b.ivan {
			t.Errorf("overdue tasks, most first: %s", r.Body)
		}
		r = h.Do("GET", "/api/v3/report/overdue", apitest.Req{Token: b.ivanTok})
		tasks = r.Obj()["tasks"].([]any)
		if len(tasks) != 1 || tasks[0].(map[string]any)["overdue"] != 2.0 {
			t.Errorf("Ivan's overdue work: %s", r.Body)
		}
	})
}
