// Package datagen fills an account with a large, deterministic, realistic
// data set: departments and employees, clients with contact info, a sales
// process with deals, projects with tasks, and comments. bench/gen is its
// command line; bench/load and bench/soak call it to build their accounts.
package datagen

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/reportkeep"

	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// The generated account's administrator.
const (
	AdminLogin    = "bench@example.com"
	AdminPassword = "bench-password"
)

// Options says what to generate and where.
type Options struct {
	DataDir     string // SQLite data directory (when DatabaseURL is empty)
	DatabaseURL string // PostgreSQL
	Tasks       int
	Clients     int
	Deals       int
	Employees   int
	Comments    int
	Seed        uint64
	Writer      string    // "bulk" (default) or "engine"
	Batch       int       // rows per transaction; 10,000 by default
	Log         io.Writer `json:"-"` // progress lines; nil for none
}

// Step is how one content type went.
type Step struct {
	Type    string  `json:"type"`
	Rows    int     `json:"rows"`
	Seconds float64 `json:"seconds"`
	PerSec  float64 `json:"rowsPerSec"`
}

// Result is what was generated; bench/load keeps it next to a cached
// data directory and picks ids for its requests from it.
type Result struct {
	Options   Options `json:"options"`
	Account   int64   `json:"account"`
	EmpIDs    []int64 `json:"employeeIds"`
	ProjIDs   []int64 `json:"projectIds"`
	TaskFirst int64   `json:"taskFirst"`
	TaskLast  int64   `json:"taskLast"`
	Steps     []Step  `json:"steps"`
	Seconds   float64 `json:"seconds"`
}

// Run opens (and migrates) the database, creates the account and its
// administrator when the database is empty, and writes everything.
func Run(ctx context.Context, opt Options) (*Result, error) {
	if opt.Batch <= 0 {
		opt.Batch = 10000
	}
	if opt.Employees < 1 {
		opt.Employees = 1
	}
	start := time.Now()
	cat := catalog.MustLoad()
	db, err := store.Open(ctx, opt.DataDir, opt.DatabaseURL)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if err := migrate.Run(ctx, db, cat); err != nil {
		return nil, err
	}
	// The server's own wiring: the engine with every module's hooks and
	// the rights policy, so the engine writer is exactly an API create.
	srv, err := app.Build(ctx, db, cat, "bench-gen", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return nil, err
	}
	eng, accounts := srv.Engine, srv.Accounts
	if _, err := auth.Bootstrap(ctx, accounts, eng, AdminLogin, AdminPassword); err != nil {
		return nil, err
	}
	account, err := accounts.Resolve("")
	if err != nil {
		return nil, err
	}
	var adminID int64
	if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind("SELECT subject_id FROM credentials WHERE account_id = ? AND login = ?"),
		account, AdminLogin).Scan(&adminID); err != nil {
		return nil, fmt.Errorf("datagen: administrator %s: %w (a database made by another tool?)", AdminLogin, err)
	}
	var w writer = newBulkWriter(eng, account)
	if opt.Writer == "engine" {
		w = &engineWriter{e: eng, account: account}
	} else if err := access.DropTriggers(ctx, db); err != nil {
		return nil, err
	} else if err := reportkeep.DropTriggers(ctx, db); err != nil {
		return nil, err
	}
	g := &generator{ctx: ctx, cat: cat, w: w, opt: opt, res: &Result{Options: opt, Account: account},
		p: &planner{seed: opt.Seed, opt: opt, base: time.Date(2026, 1, 12, 9, 0, 0, 0, time.FixedZone("MSK", 3*3600)),
			admin: value.Link{Type: "Employee", ID: adminID}}}
	if err := g.run(); err != nil {
		return nil, err
	}
	if err := w.finish(ctx); err != nil {
		return nil, err
	}
	// The overdue job has run, as on a server that has been up: the
	// engine writer's late work is marked, and the first run of the
	// measured server does not mark a hundred thousand tasks meanwhile.
	if _, err := task.MarkOverdue(ctx, eng, time.Now()); err != nil {
		return nil, err
	}
	if db.Dialect == store.Postgres {
		// Autovacuum would vacuum and analyse the new rows soon after a
		// real import; doing it now makes the first measured minute the
		// same. The vacuum matters: until it has set the visibility map,
		// every index-only count reads the table as well (seconds for
		// the "actual" filter's 600,000 tasks).
		if err := db.Exec(ctx, "VACUUM (ANALYZE)"); err != nil {
			return nil, err
		}
	}
	g.res.Seconds = time.Since(start).Seconds()
	for _, l := range g.p.employees {
		g.res.EmpIDs = append(g.res.EmpIDs, l.ID)
	}
	for _, l := range g.p.projects {
		g.res.ProjIDs = append(g.res.ProjIDs, l.ID)
	}
	return g.res, nil
}
