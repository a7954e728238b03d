package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/artel/artel/bench/internal/datagen"
	"github.com/artel/artel/bench/internal/loadgen"
)

type scenario struct {
	key, title string
	op         func(a *loadgen.API) loadgen.Op
}

// scenarios run in this order: delete takes the tasks create made.
var scenarios = []scenario{
	{"list", "list: first page of 25", func(a *loadgen.API) loadgen.Op { return a.ListFirst }},
	{"screen", "list: the task screen's first page", func(a *loadgen.API) loadgen.Op { return a.ListScreen }},
	{"screen-emp", "list: screen page, as an employee", func(a *loadgen.API) loadgen.Op { return a.ListScreenEmployee }},
	{"actual", "list: screen page, filter actual", func(a *loadgen.API) loadgen.Op { return a.ListActual }},
	{"deep", "list: deep page by pageAfter", func(a *loadgen.API) loadgen.Op { return a.ListDeep }},
	{"filter", "list: responsible + actual, count", func(a *loadgen.API) loadgen.Op { return a.ListFiltered }},
	{"search", "list: full-text q", func(a *loadgen.API) loadgen.Op { return a.Search }},
	{"search-emp", "list: full-text q, as an employee", func(a *loadgen.API) loadgen.Op { return a.SearchEmployee }},
	{"search-all", "search: every area at once", func(a *loadgen.API) loadgen.Op { return a.SearchAll }},
	{"get", "get one task", func(a *loadgen.API) loadgen.Op { return a.Get }},
	{"create", "create a task", func(a *loadgen.API) loadgen.Op { return a.Create }},
	{"update", "update one field", func(a *loadgen.API) loadgen.Op { return a.Update }},
	{"delete", "delete (tasks it created)", func(a *loadgen.API) loadgen.Op { return a.Delete }},
	{"bulk", "bulk: 5 GETs", func(a *loadgen.API) loadgen.Op { return a.Bulk5 }},
	{"links", "getEntitiesByLinks: 100 links", func(a *loadgen.API) loadgen.Op { return a.ByLinks }},
	{"report-funnel", "report: sales funnel over every deal", func(a *loadgen.API) loadgen.Op { return a.ReportFunnel }},
	{"report-funnel-emp", "report: sales funnel, as an employee", func(a *loadgen.API) loadgen.Op { return a.ReportFunnelEmployee }},
	{"report-tasks", "report: task effectiveness over every task", func(a *loadgen.API) loadgen.Op { return a.ReportTasks }},
	{"report-tasks-emp", "report: task effectiveness, as an employee", func(a *loadgen.API) loadgen.Op { return a.ReportTasksEmployee }},
	// The deal screens of the one generated process (docs/deal.md).
	{"deals", "deals: a program's list page of 25", func(a *loadgen.API) loadgen.Op { return a.DealList }},
	{"deals-emp", "deals: list page, as an employee", func(a *loadgen.API) loadgen.Op { return a.DealListEmployee }},
	{"board", "deals: kanban's 100 cards, transitions", func(a *loadgen.API) loadgen.Op { return a.DealBoard }},
	{"board-emp", "deals: kanban, as an employee", func(a *loadgen.API) loadgen.Op { return a.DealBoardEmployee }},
	// The client list (docs/crm.md): both types, 25 with their figures.
	{"clients", "clients: list page of 25 with figures", func(a *loadgen.API) loadgen.Op { return a.ClientList }},
	{"clients-emp", "clients: list page, as an employee", func(a *loadgen.API) loadgen.Op { return a.ClientListEmployee }},
	{"clients-name", "clients: list page A to Z", func(a *loadgen.API) loadgen.Op { return a.ClientListByName }},
	{"clients-name-emp", "clients: A to Z, as an employee", func(a *loadgen.API) loadgen.Op { return a.ClientListByNameEmployee }},
	{"clients-deal", "clients: by the latest deal", func(a *loadgen.API) loadgen.Op { return a.ClientListByDeal }},
	{"clients-q", "clients: search by a surname", func(a *loadgen.API) loadgen.Op { return a.ClientSearch }},
	{"clients-q-emp", "clients: search, as an employee", func(a *loadgen.API) loadgen.Op { return a.ClientSearchEmployee }},
}

func scenarioKeys() []string {
	var out []string
	for _, s := range scenarios {
		out = append(out, s.key)
	}
	return out
}

const mb = 1 << 20

// session generates (or reuses) the account on one database, starts the
// server on it and runs the scenarios.
func session(ctx context.Context, c config, dialect, runDir string, ceiling Figure) (*Result, error) {
	res := &Result{Date: time.Now().Format("2006-01-02"), Dialect: dialect, Machine: loadgen.ThisMachine(), Binary: c.binary,
		Tasks: c.gen.Tasks, Clients: c.gen.Clients, Deals: c.gen.Deals, Employees: c.gen.Employees, Comments: c.gen.Comments,
		Concurrency: c.concurrency, DurationSec: c.duration.Seconds(), Ceiling: ceiling}
	if out, err := exec.Command(c.binary, "version").Output(); err == nil {
		res.Version = strings.TrimSpace(string(out))
	}
	if out, err := exec.Command("git", "describe", "--always", "--dirty").Output(); err == nil {
		res.Source = strings.TrimSpace(string(out))
	}
	opt := c.gen
	opt.Log = os.Stdout
	var gen *datagen.Result
	var dataDir, dbURL string
	var size func() (int64, error)
	switch dialect {
	case "sqlite":
		dir, g, fresh, err := datagen.Cached(ctx, c.dataRoot, opt)
		if err != nil {
			return nil, err
		}
		gen, res.GenCached = g, !fresh
		fmt.Printf("sqlite: data set %s (%s)\n", dir, map[bool]string{true: "generated now", false: "cached"}[fresh])
		// The run writes (creates, updates, deletes) to a copy, so every
		// run starts from the same data.
		dataDir = filepath.Join(runDir, "sqlite")
		if err := datagen.CopyDir(dir, dataDir); err != nil {
			return nil, err
		}
		size = func() (int64, error) { return fileSizes(dataDir, "artel.db", "artel.db-wal") }
	case "postgres":
		if c.postgres == "" {
			return nil, fmt.Errorf("-postgres URL is needed")
		}
		var drop func()
		var err error
		dbURL, gen, drop, err = postgresData(ctx, c, opt)
		if err != nil {
			return nil, err
		}
		defer drop()
		res.GenCached = gen.Steps == nil
		size = func() (int64, error) { return pgSize(ctx, dbURL) }
	default:
		return nil, fmt.Errorf("unknown dialect %q", dialect)
	}
	res.GenSeconds = gen.Seconds
	if n, err := size(); err == nil {
		res.DBSizeMB = float64(n) / mb
	}
	logPath := filepath.Join(runDir, dialect+"-server.log")
	var proc *loadgen.Proc
	var err error
	if c.profile != "" {
		path := c.profile
		if len(c.dialects) > 1 {
			path = strings.TrimSuffix(path, ".pprof") + "-" + dialect + ".pprof"
		}
		proc, err = loadgen.StartProfiled(path, dataDir, dbURL, logPath)
	} else if dbURL != "" {
		proc, err = loadgen.Start(c.binary, []string{"serve", "--database-url", dbURL}, nil, logPath)
	} else {
		proc, err = loadgen.Start(c.binary, []string{"serve", "--data", dataDir}, nil, logPath)
	}
	if err != nil {
		return nil, err
	}
	defer proc.Stop()
	res.StartupMs = float64(proc.Startup.Microseconds()) / 1000
	fmt.Printf("%s: started in %.0f ms\n", dialect, res.StartupMs)
	return res, drive(ctx, c, res, proc, gen)
}

// drive signs in, checks the answers, and runs every scenario with a short
// unmeasured warm-up, sampling resident memory throughout.
func drive(ctx context.Context, c config, res *Result, proc *loadgen.Proc, gen *datagen.Result) error {
	cl := loadgen.NewClient(proc.URL, c.concurrency)
	if err := cl.SignIn(ctx, datagen.AdminLogin, datagen.AdminPassword); err != nil {
		return err
	}
	api := &loadgen.API{C: cl, A: loadgen.Account{Employees: gen.EmpIDs, Projects: gen.ProjIDs,
		TaskFirst: gen.TaskFirst, TaskLast: gen.TaskLast, Words: datagen.SearchWords(), ClientWords: datagen.ClientWords()}}
	total, err := api.Check(ctx)
	if err != nil {
		return err
	}
	if api.Employee, err = employeeClient(ctx, cl, proc.URL, c.concurrency, gen.EmpIDs); err != nil {
		return err
	}
	if c.only == nil || c.only["deals"] || c.only["deals-emp"] || c.only["board"] || c.only["board-emp"] {
		if err := api.PrepareDeals(ctx); err != nil {
			return err
		}
	}
	time.Sleep(time.Second)
	if n, err := proc.RSS(); err == nil {
		res.RSSIdleMB = float64(n) / mb
	}
	fmt.Printf("%s: %d tasks listed, idle RSS %.0f MB\n", res.Dialect, total, res.RSSIdleMB)
	sctx, stop := context.WithCancel(ctx)
	peak := loadgen.PeakRSS(sctx, proc.Cmd.Process.Pid)
	defer stop()
	if c.profile != "" {
		_ = proc.Cmd.Process.Signal(syscall.SIGUSR1)
	}
	for i, s := range scenarios {
		if c.only != nil && !c.only[s.key] {
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		op := s.op(api)
		loadgen.Run(ctx, c.concurrency, c.warmup, c.gen.Seed+uint64(i)*1000, op, loadgen.NewRecorder())
		rec := loadgen.NewRecorder()
		cpu0, _ := loadgen.CPUTime(proc.Cmd.Process.Pid)
		loadgen.Run(ctx, c.concurrency, c.duration, c.gen.Seed+uint64(i)*1000+1, op, rec)
		cpu1, _ := loadgen.CPUTime(proc.Cmd.Process.Pid)
		f := figure(s.key, s.title, rec.Snapshot(), res.Ceiling.OpsPerSec)
		f.CPUMsOp = cpuPerOp(cpu1-cpu0, f.Ops)
		fmt.Printf("%s: %-34s %8.0f ops/s  p50 %7.2f ms  p99 %7.2f ms  errors %d  server cpu %.2f ms/op  (load average %s)\n",
			res.Dialect, s.title, f.OpsPerSec, f.P50Ms, f.P99Ms, f.Errors, f.CPUMsOp, loadgen.ThisMachine().Load1)
		for _, e := range f.Samples {
			fmt.Println("   error:", e)
		}
		res.Scenarios = append(res.Scenarios, f)
	}
	res.RSSLoadMB = float64(peak()) / mb
	return nil
}

// employeeClient gives a generated employee a login and signs them in;
// the first employee is the administrator, so the second is taken.
func employeeClient(ctx context.Context, admin *loadgen.Client, url string, conns int, emps []int64) (*loadgen.Client, error) {
	if len(emps) < 2 {
		return nil, fmt.Errorf("employee scenario: the data set has %d employees", len(emps))
	}
	const login, password = "bench-employee@example.com", "bench-password"
	if _, err := admin.Do(ctx, "POST", fmt.Sprintf("/api/v3/employee/%d", emps[1]),
		map[string]any{"login": login, "password": password, "canLogin": true}); err != nil {
		return nil, fmt.Errorf("employee scenario: give a login: %w", err)
	}
	cl := loadgen.NewClient(url, conns)
	return cl, cl.SignIn(ctx, login, password)
}

func fileSizes(dir string, names ...string) (int64, error) {
	var total int64
	for _, n := range names {
		st, err := os.Stat(filepath.Join(dir, n))
		if err == nil {
			total += st.Size()
		} else if !os.IsNotExist(err) {
			return 0, err
		}
	}
	return total, nil
}

func cpuPerOp(d time.Duration, ops uint64) float64 {
	if ops == 0 {
		return 0
	}
	return float64(d.Microseconds()) / 1000 / float64(ops)
}
