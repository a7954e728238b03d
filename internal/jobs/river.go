package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/artel/artel/internal/store"
)

// periodicKind is the one River job kind of every periodic function; the
// name in its args picks the function.
const periodicKind = "artel_periodic"

type periodicArgs struct {
	Name string `json:"name"`
}

func (periodicArgs) Kind() string { return periodicKind }

type periodicWorker struct {
	river.WorkerDefaults[periodicArgs]
	r *Runner
}

func (w *periodicWorker) Work(ctx context.Context, job *river.Job[periodicArgs]) error {
	if err := w.r.Run(ctx, job.Args.Name); err != nil {
		w.r.cfg.Log.Error("background job failed", "job", job.Args.Name, "err", err)
		// The next period runs it again; retrying now would only pile up.
		return river.JobCancel(err)
	}
	return nil
}

// driver picks River's driver for the dialect, over our own pool.
func driver(db *store.DB) riverdriver.Driver[*sql.Tx] {
	if db.Dialect == store.Postgres {
		return riverdatabasesql.New(db.Writer())
	}
	return riversqlite.New(db.Writer())
}

// jobTimeout bounds one run; a periodic job that takes longer is cut
// short and its next period carries on where it stopped.
const jobTimeout = 10 * time.Minute

func (r *Runner) newClient() (*river.Client[*sql.Tx], error) {
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &periodicWorker{r: r}); err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	var periodics []*river.PeriodicJob
	for _, name := range r.order {
		p := r.periodic[name]
		periodics = append(periodics, river.NewPeriodicJob(river.PeriodicInterval(p.every),
			func() (river.JobArgs, *river.InsertOpts) {
				// Unique per name and period: a leader elected mid-period
				// (RunOnStart) cannot enqueue a second run of that period.
				return periodicArgs{Name: p.name}, &river.InsertOpts{MaxAttempts: 1,
					UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: p.every}}
			}, &river.PeriodicJobOpts{ID: p.name, RunOnStart: true}))
	}
	client, err := river.NewClient(driver(r.db), &river.Config{
		Logger:            quiet(r.cfg.Log),
		Workers:           workers,
		PeriodicJobs:      periodics,
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 1}},
		FetchPollInterval: r.cfg.Poll,
		PollOnly:          true,
		JobTimeout:        jobTimeout,
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: river client: %w", err)
	}
	return client, nil
}

// migrateRiver brings River's tables up to date one version per
// transaction (PostgreSQL cannot use an enum value added in the same
// transaction, and one of River's versions does); on PostgreSQL under an
// advisory lock, so nodes starting together take turns (our own
// migrations use another key).
// Migrate brings River's own tables up to date (artel migrate does it
// ahead of a deployment; New does it at start too).
func Migrate(ctx context.Context, db *store.DB, log *slog.Logger) error {
	return migrateRiver(ctx, db, log)
}

func migrateRiver(ctx context.Context, db *store.DB, log *slog.Logger) error {
	m, err := rivermigrate.New(driver(db), &rivermigrate.Config{Logger: quiet(log)})
	if err != nil {
		return fmt.Errorf("jobs: migrator: %w", err)
	}
	for done := false; !done; {
		err := db.WithTx(ctx, func(ctx context.Context) error {
			if db.Dialect == store.Postgres {
				if err := db.Exec(ctx, "SELECT pg_advisory_xact_lock(7345002)"); err != nil {
					return fmt.Errorf("jobs: lock: %w", err)
				}
			}
			tx := store.Tx(ctx)
			res, err := m.MigrateTx(ctx, tx, rivermigrate.DirectionUp, &rivermigrate.MigrateOpts{MaxSteps: 1})
			if err != nil {
				return fmt.Errorf("jobs: migrate river: %w", err)
			}
			for _, v := range res.Versions {
				log.Info("river migration applied", "version", v.Version, "name", v.Name)
			}
			done = len(res.Versions) == 0
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
