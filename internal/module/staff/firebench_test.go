package staff_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/entity"
)

// TestFireBenchmark dismisses a person holding ARTEL_BENCH_FIRE_TASKS
// tasks (default 10,000) and ARTEL_BENCH_FIRE_DEALS deals (2,000), and
// meanwhile reads a task list over HTTP again and again, to show how long
// the hand-over takes and that the API answers while it runs. Off unless
// ARTEL_BENCH_FIRE is set (it takes minutes); figures in docs/performance.md.
//
//	ARTEL_BENCH_FIRE=1 go test -run TestFireBenchmark -v -timeout 60m ./internal/module/staff/
func TestFireBenchmark(t *testing.T) {
	if os.Getenv("ARTEL_BENCH_FIRE") == "" {
		t.Skip("set ARTEL_BENCH_FIRE=1 to run the dismissal benchmark")
	}
	tasks, deals := envInt("ARTEL_BENCH_FIRE_TASKS", 10000), envInt("ARTEL_BENCH_FIRE_DEALS", 2000)
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		petr, _ := h.Person(t, "Пётр", "petr@example.com", "petr-password")
		anna, _ := h.Person(t, "Анна", "anna@example.com", "anna-password")
		prog := map[string]any{"contentType": "Program", "id": mk(t, h, "program", map[string]any{"name": "Продажи"})}
		mk(t, h, "programState", map[string]any{"name": "Новая", "type": "active", "isEntry": true, "program": prog})
		start := time.Now()
		fill(t, h, tasks, "Task", func(i int) map[string]any {
			return map[string]any{"name": "Задача " + strconv.Itoa(i), "responsible": emp(petr)}
		})
		fill(t, h, deals, "Deal", func(i int) map[string]any {
			return map[string]any{"name": "Сделка " + strconv.Itoa(i), "program": prog, "manager": emp(petr)}
		})
		t.Logf("filled %d tasks and %d deals in %s", tasks, deals, time.Since(start).Round(time.Millisecond))

		base := readFor(h, 2*time.Second)
		t.Logf("task list before, idle: %d reads, p50 %s, p95 %s", len(base), pctOf(base, 0.5), pctOf(base, 0.95))

		stop := make(chan struct{})
		var mu sync.Mutex
		var lat []time.Duration
		var bad int
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // a person working meanwhile: the first page of tasks
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				t0 := time.Now()
				r := h.Do("GET", "/api/v3/task?limit=25", apitest.Req{})
				mu.Lock()
				lat = append(lat, time.Since(t0))
				if r.Status != 200 {
					bad++
				}
				mu.Unlock()
				time.Sleep(20 * time.Millisecond)
			}
		}()
		t0 := time.Now()
		r := h.Do("POST", "/api/v3/employee/"+petr+"/fireJob", apitest.Req{Body: map[string]any{"newEmployee": emp(anna)}})
		accepted := time.Since(t0)
		if r.Status != 202 {
			t.Fatalf("fireJob: %d %s", r.Status, r.Body)
		}
		job := r.Obj()["id"].(string)
		var got map[string]any
		for {
			got = h.Do("GET", "/api/v3/fireJob/"+job, apitest.Req{}).Obj()
			if got["state"] == "done" {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		took := time.Since(t0)
		close(stop)
		wg.Wait()
		if got["done"] != float64(tasks+deals) || got["failed"] != float64(0) {
			t.Fatalf("job: done %v failed %v of %v", got["done"], got["failed"], tasks+deals)
		}
		if left := roles(t, h, petr); len(left) != 0 {
			t.Fatalf("roles left: %v", left)
		}
		pct := func(p float64) time.Duration { return pctOf(lat, p) }
		t.Logf("dismissal: answered in %s, %d objects handed over in %s (%.0f/s)", accepted.Round(time.Millisecond),
			tasks+deals, took.Round(time.Millisecond), float64(tasks+deals)/took.Seconds())
		t.Logf("task list meanwhile: %d reads, %d not 200, p50 %s, p95 %s, p99 %s, max %s",
			len(lat), bad, pct(0.5), pct(0.95), pct(0.99), pct(1))
		if bad > 0 {
			t.Errorf("%d reads failed during the dismissal", bad)
		}
	})
}

// fill creates n entities through the engine, 500 to a transaction.
func fill(t *testing.T, h *apitest.Harness, n int, typ string, body func(i int) map[string]any) {
	t.Helper()
	e := h.Srv.Engine
	sc := entity.Scope{Account: h.Account, System: true}
	ctx := context.Background()
	for from := 0; from < n; from += 500 {
		err := e.DB.WithTx(ctx, func(ctx context.Context) error {
			for i := from; i < min(from+500, n); i++ {
				in := entity.Input{}
				for k, v := range body(i) {
					raw, _ := json.Marshal(v)
					in[k] = raw
				}
				if _, err := e.Create(ctx, sc, typ, in); err != nil {
					return fmt.Errorf("%s %d: %w", typ, i, err)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// readFor reads the first page of tasks for d and answers the latencies.
func readFor(h *apitest.Harness, d time.Duration) []time.Duration {
	var out []time.Duration
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		t0 := time.Now()
		h.Do("GET", "/api/v3/task?limit=25", apitest.Req{})
		out = append(out, time.Since(t0))
	}
	return out
}

// pctOf is the p-th percentile of latencies (sorted in place).
func pctOf(lat []time.Duration, p float64) time.Duration {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return lat[int(p*float64(len(lat)-1))].Round(time.Microsecond)
}
