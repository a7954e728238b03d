package reportkeep_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/reportkeep"
	"github.com/artel/artel/internal/store"
)

// TestBulkLoadDropsAndResyncs: a bulk load drops the reports' triggers
// (and only them: the kept visibility's stay), writes, and Resync makes
// the lines the rows' again and the triggers keep them from then on.
func TestBulkLoadDropsAndResyncs(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ctx := context.Background()
		triggers := func(prefix string) int {
			q := "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE ?"
			if h.DB.Dialect == store.Postgres {
				q = "SELECT COUNT(*) FROM pg_trigger WHERE tgname LIKE ?"
			}
			var n int
			if err := h.DB.Q(ctx).QueryRowContext(ctx, h.DB.Dialect.Rebind(q), prefix+"%").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		rk, acc := triggers("rk_"), triggers("acc_")
		if rk == 0 || acc == 0 {
			t.Fatalf("triggers after start: rk %d, acc %d", rk, acc)
		}
		if err := reportkeep.DropTriggers(ctx, h.DB); err != nil {
			t.Fatal(err)
		}
		if n, a := triggers("rk_"), triggers("acc_"); n != 0 || a != acc {
			t.Fatalf("after the drop: rk %d, acc %d (was %d)", n, a, acc)
		}
		mk := func(typ string, body map[string]any) string {
			r := h.Do("POST", "/api/v3/"+typ, apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("create %s: %s", typ, r.Body)
			}
			return r.Obj()["id"].(string)
		}
		p := mk("program", map[string]any{"name": "Продажи"})
		mk("programState", map[string]any{"name": "Новая", "type": "active", "isEntry": true, "program": apitest.Link("Program", p)})
		deal := func() {
			mk("deal", map[string]any{"name": "Сделка", "program": apitest.Link("Program", p),
				"price": map[string]any{"contentType": "Money", "value": 10, "currency": "RUB"}})
		}
		deal()
		pid, _ := strconv.ParseInt(p, 10, 64)
		lines := func() (int64, float64) {
			now, _, err := reportkeep.Funnel(ctx, h.DB, h.Account, pid)
			if err != nil {
				t.Fatal(err)
			}
			var n int64
			var sum float64
			for _, l := range now {
				n, sum = n+l.N, sum+l.Sum
			}
			return n, sum
		}
		if n, _ := lines(); n != 0 {
			t.Fatalf("a deal written without the triggers is counted: %d", n)
		}
		if err := reportkeep.Resync(ctx, h.DB, catalog.MustLoad()); err != nil {
			t.Fatal(err)
		}
		if n := triggers("rk_"); n != rk {
			t.Fatalf("after the resync: %d triggers, %d before", n, rk)
		}
		deal()
		if n, sum := lines(); n != 2 || sum != 20 {
			t.Fatalf("after the resync and one more deal: %d deals, %v", n, sum)
		}
	})
}
