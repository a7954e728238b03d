// Command soak runs a mixed read/write load (reads, lists, creates,
// updates, deletes) against the real artel binary on a generated SQLite
// account for a fixed time, printing p99, throughput, errors and resident
// memory per interval, and the memory growth from start to end. It exits
// non-zero on any error.
//
//	go run ./bench/soak -binary bin/artel -duration 10m
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/artel/artel/bench/internal/datagen"
	"github.com/artel/artel/bench/internal/loadgen"
)

type interval struct {
	AtSec     float64 `json:"atSec"`
	Ops       uint64  `json:"ops"`
	OpsPerSec float64 `json:"opsPerSec"`
	P50Ms     float64 `json:"p50Ms"`
	P99Ms     float64 `json:"p99Ms"`
	Errors    int64   `json:"errors"`
	RSSMB     float64 `json:"rssMB"`
	WALMB     float64 `json:"walMB"`
}

type report struct {
	Date        string          `json:"date"`
	Machine     loadgen.Machine `json:"machine"`
	Tasks       int             `json:"tasks"`
	Concurrency int             `json:"concurrency"`
	DurationSec float64         `json:"durationSec"`
	Ops         uint64          `json:"ops"`
	Errors      int64           `json:"errors"`
	RSSStartMB  float64         `json:"rssStartMB"`
	RSSEndMB    float64         `json:"rssEndMB"`
	RSSPeakMB   float64         `json:"rssPeakMB"`
	Intervals   []interval      `json:"intervals"`
}

func main() {
	binary := flag.String("binary", "bin/artel", "the artel binary")
	duration := flag.Duration("duration", 10*time.Minute, "how long to run")
	every := flag.Duration("interval", 0, "reporting interval (default: duration/10, between 5s and 1m)")
	conc := flag.Int("concurrency", 16, "concurrent clients")
	tasks := flag.Int("tasks", 100000, "tasks in the generated account (clients, deals: tasks/10)")
	dataRoot := flag.String("data-root", "bench/data", "where generated data sets are cached")
	results := flag.String("results", "bench/results", "where the JSON report goes")
	flag.Parse()
	if *every == 0 {
		*every = min(time.Minute, max(5*time.Second, *duration/10))
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	rep, err := soak(ctx, *binary, *dataRoot, *tasks, *conc, *duration, *every)
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
	if b, err := json.MarshalIndent(rep, "", "  "); err == nil {
		name := rep.Date + "-soak"
		if *duration != 10*time.Minute {
			name += "-" + duration.String() // a short run does not replace the standard one
		}
		path := filepath.Join(*results, name+".json")
		if os.MkdirAll(*results, 0o755) == nil && os.WriteFile(path, append(b, '\n'), 0o644) == nil {
			fmt.Println("wrote", path)
		}
	}
	fmt.Printf("soak: %d operations in %.0fs, %d errors; RSS %.0f MB at start, %.0f MB at end (%+.0f MB), peak %.0f MB\n",
		rep.Ops, rep.DurationSec, rep.Errors, rep.RSSStartMB, rep.RSSEndMB, rep.RSSEndMB-rep.RSSStartMB, rep.RSSPeakMB)
	if rep.Errors > 0 {
		os.Exit(1)
	}
}

func soak(ctx context.Context, binary, dataRoot string, tasks, conc int, duration, every time.Duration) (*report, error) {
	opt := datagen.Options{Tasks: tasks, Clients: tasks / 10, Deals: tasks / 10, Employees: max(20, tasks/1000),
		Comments: tasks / 5, Seed: 1, Log: os.Stdout}
	dir, gen, _, err := datagen.Cached(ctx, dataRoot, opt)
	if err != nil {
		return nil, err
	}
	runDir := filepath.Join(dataRoot, fmt.Sprintf("soak-%d", os.Getpid()))
	defer os.RemoveAll(runDir)
	if err := datagen.CopyDir(dir, filepath.Join(runDir, "data")); err != nil {
		return nil, err
	}
	proc, err := loadgen.Start(binary, []string{"serve", "--data", filepath.Join(runDir, "data")}, nil, filepath.Join(runDir, "server.log"))
	if err != nil {
		return nil, err
	}
	defer proc.Stop()
	cl := loadgen.NewClient(proc.URL, conc)
	if err := cl.SignIn(ctx, datagen.AdminLogin, datagen.AdminPassword); err != nil {
		return nil, err
	}
	api := &loadgen.API{C: cl, A: loadgen.Account{Employees: gen.EmpIDs, Projects: gen.ProjIDs,
		TaskFirst: gen.TaskFirst, TaskLast: gen.TaskLast, Words: datagen.SearchWords()}}
	if _, err := api.Check(ctx); err != nil {
		return nil, err
	}
	rep := &report{Date: time.Now().Format("2006-01-02"), Machine: loadgen.ThisMachine(), Tasks: tasks,
		Concurrency: conc, DurationSec: duration.Seconds()}
	start, _ := proc.RSS()
	rep.RSSStartMB = float64(start) / (1 << 20)
	pctx, pstop := context.WithCancel(ctx)
	defer pstop()
	peak := loadgen.PeakRSS(pctx, proc.Cmd.Process.Pid)
	rec := loadgen.NewRecorder()
	done := make(chan struct{})
	began := time.Now()
	go func() {
		loadgen.Run(ctx, conc, duration, 1, mixed(api), rec)
		close(done)
	}()
	fmt.Printf("%8s %9s %9s %9s %9s %7s %9s %9s\n", "at", "ops", "ops/s", "p50 ms", "p99 ms", "errors", "RSS MB", "WAL MB")
	tick := time.NewTicker(every)
	defer tick.Stop()
	for running := true; running; {
		select {
		case <-tick.C:
		case <-done:
			running = false
		}
		s := rec.Snapshot()
		if !running && s.Elapsed < every/2 {
			// The last moments after the final tick: too short to be an
			// interval of their own, but their errors still count.
			rep.Ops += s.Ops
			rep.Errors += s.Errors
			for _, e := range s.Samples {
				fmt.Println("   error:", e)
			}
			break
		}
		rss, _ := proc.RSS()
		iv := interval{AtSec: time.Since(began).Seconds(), Ops: s.Ops, OpsPerSec: s.PerSec(), P50Ms: ms(s.P50), P99Ms: ms(s.P99),
			Errors: s.Errors, RSSMB: float64(rss) / (1 << 20), WALMB: walSize(filepath.Join(runDir, "data"))}
		rep.Intervals = append(rep.Intervals, iv)
		rep.Ops += s.Ops
		rep.Errors += s.Errors
		fmt.Printf("%7.0fs %9d %9.0f %9.2f %9.2f %7d %9.0f %9.1f\n", iv.AtSec, iv.Ops, iv.OpsPerSec, iv.P50Ms, iv.P99Ms, iv.Errors, iv.RSSMB, iv.WALMB)
		for _, e := range s.Samples {
			fmt.Println("   error:", e)
		}
	}
	end, _ := proc.RSS()
	rep.RSSEndMB, rep.RSSPeakMB = float64(end)/(1<<20), float64(peak())/(1<<20)
	return rep, ctx.Err()
}

// walSize is the SQLite write-ahead log's size: it can only be reset when
// no reader holds it, so under constant reads it may grow, and reads slow
// down with it.
func walSize(dir string) float64 {
	st, err := os.Stat(filepath.Join(dir, "artel.db-wal"))
	if err != nil {
		return 0
	}
	return float64(st.Size()) / (1 << 20)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
