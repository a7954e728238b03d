package store

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// Concurrent writers share commits on SQLite (group.go), yet each keeps
// all-or-nothing: a failing or panicking one leaves none of its rows, the
// others all of theirs, and each success's after-commit hook runs once,
// when its row can be read.
func TestGroupCommitKeepsEachWriteAlone(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Exec(ctx, "CREATE TABLE rows (id INTEGER PRIMARY KEY, writer INTEGER NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	const writers = 60
	var hooks, unseen atomic.Int32
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { _ = recover() }() // the panicking writers
			_ = db.WithTx(ctx, func(ctx context.Context) error {
				for range 3 {
					if err := db.Exec(ctx, "INSERT INTO rows (writer) VALUES (?)", w); err != nil {
						return err
					}
				}
				switch w % 6 {
				case 1:
					return errors.New("refused")
				case 2:
					panic("broken")
				}
				AfterCommit(ctx, func() {
					hooks.Add(1)
					var n int
					if err := db.Q(context.Background()).QueryRowContext(context.Background(),
						"SELECT COUNT(*) FROM rows WHERE writer = ?", w).Scan(&n); err != nil || n != 3 {
						unseen.Add(1)
					}
				})
				return nil
			})
		}()
	}
	wg.Wait()
	rows, err := db.Q(ctx).QueryContext(ctx, "SELECT writer, COUNT(*) FROM rows GROUP BY writer")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	kept := 0
	for rows.Next() {
		var w, n int
		if err := rows.Scan(&w, &n); err != nil {
			t.Fatal(err)
		}
		if w%6 == 1 || w%6 == 2 || n != 3 {
			t.Errorf("writer %d left %d rows", w, n)
		}
		kept++
	}
	if want := writers * 4 / 6; kept != want || hooks.Load() != int32(want) {
		t.Errorf("%d writers kept their rows and %d hooks ran, want %d", kept, hooks.Load(), want)
	}
	if unseen.Load() != 0 {
		t.Errorf("%d hooks ran before their rows could be read", unseen.Load())
	}
}
