package store

import (
	"context"
	"errors"
	"testing"
)

// A failed savepoint takes back its rows and its after-commit work; the
// transaction goes on and commits the rest, whose work runs after.
func TestSavepointTakesBackOnlyItsOwn(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Exec(ctx, "CREATE TABLE rows (n INTEGER NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	if err := db.Savepoint(ctx, "alone", func(context.Context) error { return nil }); err == nil {
		t.Fatal("a savepoint outside a transaction ran")
	}
	var ran []int
	refused := errors.New("refused")
	err = db.WithTx(ctx, func(ctx context.Context) error {
		for n := 1; n <= 3; n++ {
			err := db.Savepoint(ctx, "row", func(ctx context.Context) error {
				if err := db.Exec(ctx, "INSERT INTO rows (n) VALUES (?)", n); err != nil {
					return err
				}
				AfterCommit(ctx, func() { ran = append(ran, n) })
				if n == 2 {
					return refused
				}
				return nil
			})
			if n == 2 && !errors.Is(err, refused) || n != 2 && err != nil {
				return err
			}
		}
		if len(ran) != 0 {
			t.Errorf("after-commit work ran before the commit: %v", ran)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var sum, count int
	if err := db.Q(ctx).QueryRowContext(ctx, "SELECT COALESCE(SUM(n), 0), COUNT(*) FROM rows").Scan(&sum, &count); err != nil {
		t.Fatal(err)
	}
	if sum != 4 || count != 2 || len(ran) != 2 || ran[0] != 1 || ran[1] != 3 {
		t.Fatalf("rows %d (sum %d), after-commit %v; want rows 1 and 3, work for them", count, sum, ran)
	}
}
