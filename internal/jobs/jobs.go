// Package jobs runs Artel's background work on River
// (github.com/riverqueue/river), over the database the server already has:
// riversqlite on the one SQLite writer connection, riverdatabasesql on the
// PostgreSQL pool. Modules register periodic functions; the runner turns
// each into a River periodic job, so on PostgreSQL only the elected leader
// enqueues it and one node works each enqueued job. See docs/operations.md.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/artel/artel/internal/metrics"
	"github.com/artel/artel/internal/store"
)

// Func is one run of a periodic job. now is the runner's clock, so tests
// can run a step at a time of their choosing. An alias, so modules can
// name the shape without importing this package.
type Func = func(ctx context.Context, now time.Time) error

// Config is what the runner needs besides the database.
type Config struct {
	Log *slog.Logger
	// Now is the clock each run gets; nil is time.Now.
	Now func() time.Time
	// Metrics, when set, counts runs and the jobs waiting.
	Metrics *metrics.Metrics
	// Poll is how often a node asks for work (default 5 s). Neither driver
	// listens for new jobs, and periodic work is minute-scale, so a rare
	// poll keeps the single SQLite writer free for requests.
	Poll time.Duration
}

type periodic struct {
	name  string
	every time.Duration
	fn    Func
}

// Runner owns the River client of one server process.
type Runner struct {
	db  *store.DB
	cfg Config

	mu       sync.Mutex
	periodic map[string]periodic
	order    []string
	client   *river.Client[*sql.Tx]
	tickers  []periodic
	stop     chan struct{}
	ticking  sync.WaitGroup
}

// New migrates River's own tables (outside our numbered migrations: River
// versions its schema itself) and makes a runner that is not started yet.
func New(ctx context.Context, db *store.DB, cfg Config) (*Runner, error) {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Poll == 0 {
		cfg.Poll = 5 * time.Second
	}
	if err := migrateRiver(ctx, db, cfg.Log); err != nil {
		return nil, err
	}
	return &Runner{db: db, cfg: cfg, periodic: map[string]periodic{}}, nil
}

// Periodic registers fn to run every period, from Start on. Names are
// what River stores, so they stay stable across releases.
func (r *Runner) Periodic(name string, every time.Duration, fn Func) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.periodic[name]; !dup {
		r.order = append(r.order, name)
	}
	r.periodic[name] = periodic{name, every, fn}
}

// Every registers fn to run every period on every node, outside River,
// from Start to Stop: for work due to the second (reminders), which
// River's poll would delay. fn must claim its work atomically, since
// each node of a cluster runs it.
func (r *Runner) Every(name string, every time.Duration, fn Func) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tickers = append(r.tickers, periodic{name, every, fn})
}

func (r *Runner) tick(p periodic, stop <-chan struct{}) {
	defer r.ticking.Done()
	t := time.NewTicker(p.every)
	defer t.Stop()
	run := func() {
		ctx, cancel := context.WithTimeout(context.Background(), p.every*10)
		err := p.fn(ctx, r.cfg.Now())
		cancel()
		r.count(context.Background(), err)
		if err != nil {
			r.cfg.Log.Error("job failed", "job", p.name, "err", err)
		}
	}
	// Once at start too: work due while the node was down (and webhooks
	// written in its first second) should not wait a whole period.
	run()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			run()
		}
	}
}

// Run runs one registered job (periodic or Every) now, in the caller's
// goroutine: what the River worker calls, and what tests call instead of
// waiting for timers.
func (r *Runner) Run(ctx context.Context, name string) error {
	r.mu.Lock()
	p, ok := r.periodic[name]
	for _, t := range r.tickers {
		if !ok && t.name == name {
			p, ok = t, true
		}
	}
	r.mu.Unlock()
	if !ok {
		return fmt.Errorf("jobs: no job %q", name)
	}
	err := p.fn(ctx, r.cfg.Now())
	r.count(ctx, err)
	if err != nil {
		return fmt.Errorf("jobs: %s: %w", name, err)
	}
	return nil
}

// Start builds the River client with the registered jobs and starts it.
// River keeps working until Stop: the server's own context ends at the
// first signal, and the jobs must outlive it until HTTP has drained.
func (r *Runner) Start(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.client != nil {
		return errors.New("jobs: already started")
	}
	client, err := r.newClient()
	if err != nil {
		return err
	}
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("jobs: start: %w", err)
	}
	r.client = client
	r.stop = make(chan struct{})
	for _, p := range r.tickers {
		r.ticking.Add(1)
		go r.tick(p, r.stop)
	}
	r.cfg.Log.Info("background jobs started", "jobs", r.order, "tickers", len(r.tickers))
	return nil
}

// Stop lets a running job finish (until ctx ends, then cancels it) and
// stops the client. A runner never started stops at once.
func (r *Runner) Stop(ctx context.Context) error {
	r.mu.Lock()
	client := r.client
	r.client = nil
	if r.stop != nil {
		close(r.stop)
		r.stop = nil
	}
	r.mu.Unlock()
	r.ticking.Wait()
	if client == nil {
		return nil
	}
	err := client.Stop(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		hard, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err = client.StopAndCancel(hard)
	}
	if err != nil {
		return fmt.Errorf("jobs: stop: %w", err)
	}
	return nil
}

// count feeds the metrics: the run's result and what is left waiting.
func (r *Runner) count(ctx context.Context, err error) {
	m := r.cfg.Metrics
	if m == nil {
		return
	}
	result := "ok"
	if err != nil {
		result = "error"
	}
	m.JobsRun.WithLabelValues(result).Inc()
	var n int64
	q := "SELECT COUNT(*) FROM river_job WHERE state IN ('available', 'scheduled', 'retryable')"
	if r.db.Q(ctx).QueryRowContext(ctx, q).Scan(&n) == nil {
		m.JobsQueued.Set(float64(n))
	}
}
