// Command load measures the real artel binary over HTTP on a generated
// account, on SQLite and (with -postgres) on PostgreSQL, and prints one
// table: operations per second, p50, p99, errors and the ratio to a plain
// Go handler (the ceiling of this machine, client included) per scenario,
// then start time, resident memory and database size. Results also go to
// bench/results/<date>-<dialect>.json.
//
//	go run ./bench/load -binary bin/artel -postgres URL            # full: 1,000,000 tasks
//	go run ./bench/load -binary bin/artel -tasks 20000 -duration 3s  # quick
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/artel/artel/bench/internal/datagen"
	"github.com/artel/artel/bench/internal/loadgen"
	"github.com/artel/artel/internal/app"
)

type config struct {
	binary      string
	postgres    string
	pgCache     bool
	dialects    []string
	gen         datagen.Options
	duration    time.Duration
	warmup      time.Duration
	concurrency int
	dataRoot    string
	resultsDir  string
	only        map[string]bool
	profile     string
}

func main() {
	loadgen.ServeCeilingIfAsked()
	loadgen.ServeProfiledIfAsked()
	var c config
	flag.StringVar(&c.binary, "binary", "bin/artel", "the artel binary to measure")
	flag.StringVar(&c.postgres, "postgres", "", "PostgreSQL URL; a database artel_bench_* is made there and dropped")
	flag.BoolVar(&c.pgCache, "postgres-cache", false, "keep the generated PostgreSQL database (artel_bench_cache_*) for the next run; each run works on a copy")
	dialects := flag.String("dialects", "", "sqlite,postgres (default: sqlite, plus postgres when -postgres is set)")
	flag.IntVar(&c.gen.Tasks, "tasks", 1000000, "tasks in the generated account")
	flag.IntVar(&c.gen.Clients, "clients", -1, "clients (default: tasks/10)")
	flag.IntVar(&c.gen.Deals, "deals", -1, "deals (default: tasks/10)")
	flag.IntVar(&c.gen.Employees, "employees", -1, "employees (default: tasks/1000, at least 20)")
	flag.IntVar(&c.gen.Comments, "comments", -1, "comments (default: tasks/5)")
	seed := flag.Uint64("seed", 1, "data and request seed")
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "measured time per scenario")
	flag.DurationVar(&c.warmup, "warmup", 0, "unmeasured time before each scenario (default: duration/5, at most 2s)")
	flag.IntVar(&c.concurrency, "concurrency", 32, "concurrent clients (keep-alive connections)")
	flag.StringVar(&c.dataRoot, "data-root", "bench/data", "where generated SQLite data sets are cached (git-ignored)")
	flag.StringVar(&c.resultsDir, "results", "bench/results", "where the JSON results go")
	only := flag.String("scenarios", "", "comma-separated scenario keys to run (default: all): "+strings.Join(scenarioKeys(), ","))
	flag.StringVar(&c.profile, "profile", "", "write a CPU profile of an in-process server (the binary's own wiring) to this file; use with -scenarios")
	flag.Parse()
	// The load generator shares the machine's cores with the server it
	// measures, so its own garbage collection (32 clients reading answers)
	// is CPU the server lacks; it runs with the server's GC setting.
	app.TuneGC()
	c.gen.Seed = *seed
	def := func(v *int, n int) {
		if *v < 0 {
			*v = n
		}
	}
	def(&c.gen.Clients, c.gen.Tasks/10)
	def(&c.gen.Deals, c.gen.Tasks/10)
	def(&c.gen.Employees, max(20, c.gen.Tasks/1000))
	def(&c.gen.Comments, c.gen.Tasks/5)
	if c.warmup == 0 {
		c.warmup = min(2*time.Second, c.duration/5)
	}
	c.dialects = []string{"sqlite"}
	if c.postgres != "" {
		c.dialects = append(c.dialects, "postgres")
	}
	if *dialects != "" {
		c.dialects = strings.Split(*dialects, ",")
	}
	if *only != "" {
		c.only = map[string]bool{}
		for _, k := range strings.Split(*only, ",") {
			c.only[k] = true
		}
	}
	if _, err := os.Stat(c.binary); err != nil && c.profile == "" {
		fail(fmt.Errorf("no binary %s: run make build first (%v)", c.binary, err))
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, c); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "load:", err)
	os.Exit(1)
}

func run(ctx context.Context, c config) error {
	runDir := filepath.Join(c.dataRoot, fmt.Sprintf("run-%d", os.Getpid()))
	if err := os.MkdirAll(runDir, 0o750); err != nil {
		return err
	}
	defer os.RemoveAll(runDir)
	ceiling, err := measureCeiling(ctx, c, runDir)
	if err != nil {
		return err
	}
	fmt.Printf("ceiling (plain Go handler): %.0f ops/s, p99 %.2f ms\n", ceiling.OpsPerSec, ceiling.P99Ms)
	var runs []*Result
	for _, d := range c.dialects {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		res, err := session(ctx, c, d, runDir, ceiling)
		if err != nil {
			return fmt.Errorf("%s: %w", d, err)
		}
		if c.profile == "" {
			path, err := res.save(c.resultsDir)
			if err != nil {
				return err
			}
			fmt.Println("wrote", path)
		}
		runs = append(runs, res)
	}
	fmt.Println()
	printTable(os.Stdout, runs)
	return nil
}

// measureCeiling drives the plain handler with the same client and
// concurrency: what this machine gives an HTTP server that does nothing.
func measureCeiling(ctx context.Context, c config, runDir string) (Figure, error) {
	p, err := loadgen.StartCeiling(filepath.Join(runDir, "ceiling.log"))
	if err != nil {
		return Figure{}, err
	}
	defer p.Stop()
	cl := loadgen.NewClient(p.URL, c.concurrency)
	op := func(ctx context.Context, w *loadgen.Worker) error {
		_, err := cl.Do(ctx, "GET", "/api/v3/task/1", nil)
		return err
	}
	loadgen.Run(ctx, c.concurrency, c.warmup, c.gen.Seed, op, loadgen.NewRecorder())
	rec := loadgen.NewRecorder()
	cpu0, _ := loadgen.CPUTime(p.Cmd.Process.Pid)
	loadgen.Run(ctx, c.concurrency, c.duration, c.gen.Seed, op, rec)
	cpu1, _ := loadgen.CPUTime(p.Cmd.Process.Pid)
	f := figure("ceiling", "ceiling: plain Go handler", rec.Snapshot(), 0)
	f.CPUMsOp = cpuPerOp(cpu1-cpu0, f.Ops)
	f.Ratio = 1
	return f, nil
}
