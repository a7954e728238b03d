package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/jobs"
	"github.com/artel/artel/internal/store/storetest"
)

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// River itself enqueues and works a periodic job, on each database, and
// a second New on a migrated database finds River's schema up to date.
func TestRiverRunsPeriodicJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, dialect string) {
		ctx := context.Background()
		db := storetest.Open(t, dialect)
		fixed := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
		r, err := jobs.New(ctx, db, jobs.Config{Log: quietLog(), Now: func() time.Time { return fixed }, Poll: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := jobs.New(ctx, db, jobs.Config{Log: quietLog()}); err != nil {
			t.Fatalf("second migration: %v", err)
		}
		var runs atomic.Int64
		ran := make(chan time.Time, 16)
		r.Periodic("test_tick", time.Second, func(ctx context.Context, now time.Time) error {
			runs.Add(1)
			ran <- now
			return nil
		})
		if err := r.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer r.Stop(ctx)
		select {
		case now := <-ran:
			if !now.Equal(fixed) {
				t.Fatalf("the job got %v, want the runner's clock %v", now, fixed)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("River did not run the periodic job within a minute")
		}
		stopCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := r.Stop(stopCtx); err != nil {
			t.Fatalf("stop: %v", err)
		}
		after := runs.Load()
		time.Sleep(1500 * time.Millisecond)
		if runs.Load() != after {
			t.Fatal("a job ran after Stop")
		}
	})
}

func TestRunByName(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, "sqlite")
	r, err := jobs.New(ctx, db, jobs.Config{Log: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Run(ctx, "nothing"); err == nil {
		t.Fatal("an unknown job ran")
	}
	if err := r.Stop(ctx); err != nil {
		t.Fatalf("stopping a runner never started: %v", err)
	}
}
