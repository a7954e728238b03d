package store

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// checkpointEvery is how often the SQLite log is folded into the database
// and truncated. SQLite's own automatic checkpoint cannot reset the log
// while readers keep it busy, so under steady load the -wal file grew
// without bound (80 MB to 306 MB in a 10-minute soak) and reads slowed.
const checkpointEvery = 30 * time.Second

// Checkpoint copies the log into the database file and truncates it. It
// runs on the writer, so writes wait for it; readers of older snapshots
// are waited for up to the busy timeout.
func (db *DB) Checkpoint(ctx context.Context) error {
	if db.Dialect != SQLite {
		return nil
	}
	_, err := db.writer.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	return err
}

func (db *DB) checkpointLoop(every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := db.Checkpoint(ctx); err != nil && ctx.Err() == nil {
					slog.Warn("sqlite checkpoint", "err", err)
				}
			}
		}
	}()
	return func() { cancel(); wg.Wait() }
}
