package storetest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/store"
)

// A backup taken while a write transaction is open neither waits for it
// nor contains it, and restores into a fresh data dir with every committed
// row.
func TestBackupOnlineAndRestore(t *testing.T) {
	Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		db := Open(t, d)
		file := filepath.Join(t.TempDir(), "artel.backup")
		if d != "sqlite" {
			if err := db.Backup(ctx, file); !errors.Is(err, store.ErrNotSQLite) {
				t.Fatalf("backup on %s: %v", d, err)
			}
			return
		}
		e := entity.New(db, cat, nil)
		kept := mustCreate(t, e, acc1, "Task", `{"name":"Сохранить"}`)

		held, release := make(chan int64), make(chan struct{})
		done := make(chan error, 1)
		go func() {
			done <- db.WithTx(ctx, func(ctx context.Context) error {
				rec, err := e.Create(ctx, acc1, "Task", in(t, `{"name":"Ещё не записано"}`))
				if err != nil {
					close(held)
					return err
				}
				held <- rec.ID
				<-release
				return nil
			})
		}()
		pending, ok := <-held
		if !ok {
			t.Fatalf("create in transaction: %v", <-done)
		}
		bctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := db.Backup(bctx, file)
		cancel()
		close(release)
		if err != nil {
			t.Fatalf("backup beside an open write transaction: %v", err)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if err := e.Delete(ctx, acc1, "Task", kept.ID); err != nil { // after the backup: must come back
			t.Fatal(err)
		}
		e2 := restoreInto(t, file)
		if got, err := e2.Get(ctx, acc1, "Task", kept.ID); err != nil || got.String("name") != "Сохранить" {
			t.Fatalf("restored task: %v %+v", err, got)
		}
		if _, err := e2.Get(ctx, acc1, "Task", pending); !errors.Is(err, entity.ErrNotFound) {
			t.Fatalf("a transaction open during the backup is in it: %v", err)
		}
		// A second backup to the same name replaces the first, and has the
		// transaction committed since.
		if err := db.Backup(ctx, file); err != nil {
			t.Fatalf("backup over an older one: %v", err)
		}
		if _, err := restoreInto(t, file).Get(ctx, acc1, "Task", pending); err != nil {
			t.Fatalf("second backup: %v", err)
		}
	})
}

// restoreInto restores file into a fresh data dir and opens it migrated,
// as the next start of the server would.
func restoreInto(t *testing.T, file string) *entity.Engine {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	prev, err := store.Restore(ctx, file, dir)
	if err != nil || prev != "" {
		t.Fatalf("restore into an empty dir: %q %v", prev, err)
	}
	restored, err := store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { restored.Close() })
	if err := migrate.Run(ctx, restored, cat); err != nil {
		t.Fatalf("migrate the restored database: %v", err)
	}
	return entity.New(restored, cat, nil)
}

// Restore refuses a database in use and files that are not Artel
// databases, and keeps the database it replaces.
func TestRestoreRefusals(t *testing.T) {
	ctx := context.Background()
	db := Open(t, "sqlite")
	dir := filepath.Dir(db.Path())
	file := filepath.Join(t.TempDir(), "good.db")
	if err := db.Backup(ctx, file); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Restore(ctx, file, dir); !errors.Is(err, store.ErrInUse) {
		t.Fatalf("restore under an open database: %v", err)
	}
	junk := filepath.Join(t.TempDir(), "junk.db")
	if err := os.WriteFile(junk, []byte("this is not a database, not even close to one; SQLite must say so"), 0o600); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(t.TempDir(), "empty")
	other, err := store.Open(ctx, empty, "") // SQLite, but never migrated
	if err != nil {
		t.Fatal(err)
	}
	other.Close()
	db.Close()
	for _, bad := range []string{junk, store.SQLiteFile(empty), filepath.Join(dir, "missing.db")} {
		if _, err := store.Restore(ctx, bad, dir); err == nil {
			t.Errorf("restored %s", bad)
		}
	}
	prev, err := store.Restore(ctx, file, dir)
	if err != nil || prev == "" {
		t.Fatalf("restore over a stopped database: %q %v", prev, err)
	}
	if _, err := os.Stat(prev); err != nil {
		t.Fatalf("previous database not kept: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".artel-*"))
	if len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}
