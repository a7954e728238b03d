// Command calendar measures the calendar (docs/todo.md) on the real
// binary over HTTP: a department of 50 people with 20,000 to-dos in one
// month (each with its responsible and up to three invitees from the
// department), then GET /api/v3/time for a person's month, the
// department's week and the department's month, as an ordinary employee
// and as the administrator, each for a fixed time from concurrent
// clients; then 10,000 reminders falling due at one moment, and how long
// until all have reached their recipients. It prints one table and writes bench/results/<date>-calendar.json.
//
//	go run ./bench/calendar -binary bin/artel [-postgres URL]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
)

const (
	adminLogin    = "admin@bench.local"
	adminPassword = "bench admin password"
	people        = 50
	password      = "bench person password"
)

type config struct {
	binary, postgres, out string
	todos, concurrency    int
	reminders             int
	duration              time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.binary, "binary", "bin/artel", "the artel binary to measure")
	flag.StringVar(&c.postgres, "postgres", "", "also measure on this PostgreSQL URL (a fresh database is made in it)")
	flag.StringVar(&c.out, "out", "bench/results", "where the JSON result goes")
	flag.IntVar(&c.todos, "todos", 20000, "to-dos in the month")
	flag.IntVar(&c.concurrency, "concurrency", 8, "concurrent clients per scenario")
	flag.IntVar(&c.reminders, "reminders", 10000, "to-dos whose reminders fall due at one moment (0: skip)")
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "measured time per scenario")
	flag.Parse()
	ctx := context.Background()
	var results []result
	rs, err := measure(ctx, c, "sqlite", nil)
	if err != nil {
		log.Fatal(err)
	}
	results = append(results, rs...)
	if c.postgres != "" {
		db, drop, err := loadgen.FreshPostgres(ctx, c.postgres, "bench_calendar")
		if err != nil {
			log.Fatal(err)
		}
		rs, err := measure(ctx, c, "postgres", []string{"--database-url", db})
		drop()
		if err != nil {
			log.Fatal(err)
		}
		results = append(results, rs...)
	}
	report(c, results)
}

type result struct {
	Dialect  string  `json:"dialect"`
	Key      string  `json:"key"`
	What     string  `json:"what"`
	Items    int     `json:"itemsPerAnswer"`
	PerSec   float64 `json:"perSec"`
	P50ms    float64 `json:"p50ms"`
	P99ms    float64 `json:"p99ms"`
	Errors   int64   `json:"errors"`
	SetupSec float64 `json:"setupSec,omitempty"`
}

// measure starts the binary on a fresh database, fills the department
// and runs the scenarios.
func measure(ctx context.Context, c config, dialect string, args []string) ([]result, error) {
	dir, err := os.MkdirTemp("", "artel-calendar-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if args == nil {
		args = []string{"--data", filepath.Join(dir, "data")}
	}
	env := []string{"ARTEL_ADMIN_EMAIL=" + adminLogin, "ARTEL_ADMIN_PASSWORD=" + adminPassword}
	proc, err := loadgen.Start(c.binary, append([]string{"serve"}, args...), env, filepath.Join(dir, "server.log"))
	if err != nil {
		return nil, err
	}
	defer proc.Stop()
	admin := loadgen.NewClient(proc.URL, c.concurrency)
	if err := admin.SignIn(ctx, adminLogin, adminPassword); err != nil {
		return nil, err
	}
	start := time.Now()
	dept, err := fill(ctx, admin, c.todos)
	if err != nil {
		return nil, err
	}
	setup := time.Since(start).Seconds()
	log.Printf("%s: %d people, %d to-dos in %.0f s", dialect, people, c.todos, setup)
	emp := loadgen.NewClient(proc.URL, c.concurrency)
	if err := emp.SignIn(ctx, "p0@bench.local", password); err != nil {
		return nil, err
	}
	month := func(subjects []map[string]any) string {
		return timePath(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), subjects)
	}
	week := timePath(time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC), dept)
	var out []result
	for _, s := range []struct {
		key, what string
		cl        *loadgen.Client
		path      string
	}{
		{"month-own", "an employee's own month", emp, month(nil)},
		{"week-dept-emp", "the department's week, as an employee", emp, week},
		{"week-dept", "the department's week, as the administrator", admin, week},
		{"month-dept", "the department's month, as the administrator", admin, month(dept)},
		{"month-grid", "the department's month as a busy grid, as an employee", emp,
			strings.Replace(month(dept), "/api/v3/time", "/api/v3/todo/busyGrid", 1)},
	} {
		r, err := run(ctx, c, s.cl, s.path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.key, err)
		}
		r.Dialect, r.Key, r.What, r.SetupSec = dialect, s.key, s.what, setup
		log.Printf("%s %-14s %6d items  %7.1f/s  p50 %7.1f ms  p99 %7.1f ms  errors %d", dialect, s.key, r.Items, r.PerSec, r.P50ms, r.P99ms, r.Errors)
		out = append(out, r)
	}
	if c.reminders > 0 {
		r, err := reminders(ctx, proc.URL, admin, dept, c.reminders)
		if err != nil {
			return nil, fmt.Errorf("reminders: %w", err)
		}
		r.Dialect, r.Key, r.What = dialect, "reminders", "all reminders due at one moment delivered, after it (ms)"
		log.Printf("%s reminders: %d delivered %.0f ms after they fell due", dialect, r.Items, r.P99ms)
		out = append(out, r)
	}
	return out, nil
}

func timePath(from, to time.Time, subjects []map[string]any) string {
	q := map[string]any{"from": from.Format(time.RFC3339), "to": to.Format(time.RFC3339),
		"fields": []string{"name", "when", "category", "responsible"}, "onlyRequestedFields": true}
	if subjects != nil {
		q["subjects"] = subjects
	}
	return "/api/v3/time" + loadgen.Q(q)
}

// run drives one path from concurrent clients for the configured time.
func run(ctx context.Context, c config, cl *loadgen.Client, path string) (result, error) {
	body, err := cl.Do(ctx, "GET", path, nil)
	if err != nil {
		return result{}, err
	}
	var page struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		return result{}, err
	}
	op := func(ctx context.Context, w *loadgen.Worker) error { _, err := cl.Do(ctx, "GET", path, nil); return err }
	loadgen.Run(ctx, c.concurrency, 2*time.Second, 1, op, loadgen.NewRecorder())
	rec := loadgen.NewRecorder()
	loadgen.Run(ctx, c.concurrency, c.duration, 2, op, rec)
	st := rec.Snapshot()
	return result{Items: len(page.Data), PerSec: st.PerSec(), P50ms: ms(st.P50), P99ms: ms(st.P99), Errors: st.Errors}, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// fill makes the department's people (p0..p49, who can sign in) and the
// month's to-dos, from eight writers; it returns the people as links.
func fill(ctx context.Context, admin *loadgen.Client, todos int) ([]map[string]any, error) {
	body, err := admin.Do(ctx, "POST", "/api/v3/department", map[string]any{"name": "Отдел продаж"})
	if err != nil {
		return nil, err
	}
	var d struct {
		Data struct{ ID string } `json:"data"`
	}
	if err := json.Unmarshal(body, &d); err != nil {
		return nil, err
	}
	var dept []map[string]any
	for i := range people {
		body, err := admin.Do(ctx, "POST", "/api/v3/employee", map[string]any{"firstName": "Сотрудник", "lastName": fmt.Sprint(i),
			"login": fmt.Sprintf("p%d@bench.local", i), "password": password, "canLogin": true, "isWorking": true,
			"department": map[string]any{"contentType": "Department", "id": d.Data.ID}})
		if err != nil {
			return nil, err
		}
		var e struct {
			Data struct{ ID string } `json:"data"`
		}
		if err := json.Unmarshal(body, &e); err != nil {
			return nil, err
		}
		dept = append(dept, map[string]any{"contentType": "Employee", "id": e.Data.ID})
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(7, uint64(w)))
			for i := next.Add(1); i <= int64(todos); i = next.Add(1) {
				if _, err := admin.Do(ctx, "POST", "/api/v3/todo", todoBody(r, dept)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return dept, <-errs
}

// todoBody is a to-do on a working day of March 2026, 9:00 to 18:00, of
// 30 to 90 minutes, for someone of the department with up to three
// colleagues invited.
func todoBody(r *rand.Rand, dept []map[string]any) map[string]any {
	day := time.Date(2026, 3, 2+r.IntN(27), 0, 0, 0, 0, time.UTC)
	start := day.Add(time.Duration(9*60+15*r.IntN(32)) * time.Minute)
	end := start.Add(time.Duration(30+30*r.IntN(3)) * time.Minute)
	dt := func(t time.Time) map[string]any {
		return map[string]any{"contentType": "DateTime", "value": t.Format(time.RFC3339)}
	}
	var invited []map[string]any
	for range r.IntN(4) {
		invited = append(invited, map[string]any{"contentType": "Participant", "subject": dept[r.IntN(len(dept))]})
	}
	cats := []string{"meeting", "call", "todo"}
	return map[string]any{"name": fmt.Sprintf("Встреча %d", r.IntN(100000)), "responsible": dept[r.IntN(len(dept))],
		"category": map[string]any{"contentType": "TodoCategory", "id": cats[r.IntN(3)]},
		"when":     map[string]any{"contentType": "IntervalTime", "from": dt(start), "to": dt(end)}, "participants": invited}
}
