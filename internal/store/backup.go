package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"modernc.org/sqlite"
)

var (
	// ErrNotSQLite: backup and restore here are for SQLite; PostgreSQL has
	// pg_dump and pg_restore, which do it better than Artel could.
	ErrNotSQLite = errors.New("store: backup and restore are for SQLite; use pg_dump and pg_restore for PostgreSQL")
	// ErrInUse: a process (a running server) has the database open.
	ErrInUse = errors.New("store: the database is in use; stop the server first")
)

// SQLiteFile is the database file of a data dir. It must name the same
// file openSQLite opens.
func SQLiteFile(dataDir string) string { return filepath.Join(dataDir, "artel.db") }

// Backup writes a consistent copy of the SQLite database to path while the
// server keeps running. path is replaced atomically: a failed or
// interrupted backup never leaves a partial file under that name.
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.Dialect != SQLite {
		return ErrNotSQLite
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".artel-backup-*.db")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	tmpName := tmp.Name()
	tmp.Close() // VACUUM INTO accepts an existing file only when it is empty
	defer os.Remove(tmpName)
	// A connection of its own: not the writer, whose one connection would
	// stall every write for the whole copy, and not a reader, whose
	// read-only mode refuses to write the output file. VACUUM INTO reads
	// the source in one read transaction, a WAL snapshot that writers do
	// not wait for.
	conn, err := sql.Open("sqlite", "file:"+db.path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "VACUUM INTO ?", tmpName); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	// VACUUM INTO does not sync its output; a backup must survive a crash.
	if err := syncFile(tmpName); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	return syncDir(filepath.Dir(path))
}

// Restore replaces the SQLite database of dataDir with the backup at src.
// The server must be stopped: Restore answers ErrInUse while any process
// has the database open. src is copied, checked (integrity and Artel's
// schema) and renamed into place, so a bad file never replaces a good
// one. The database it replaces is kept beside it, and its name is
// returned ("" when there was none).
func Restore(ctx context.Context, src, dataDir string) (previous string, err error) {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return "", fmt.Errorf("store: restore: %w", err)
	}
	target := SQLiteFile(dataDir)
	tmpName, err := copyToTemp(src, dataDir)
	if err != nil {
		return "", fmt.Errorf("store: restore: %w", err)
	}
	defer os.Remove(tmpName)
	if err := checkArtelDB(ctx, tmpName); err != nil {
		return "", fmt.Errorf("store: restore: %s: %w", src, err)
	}
	if _, err := os.Stat(target); err == nil {
		if err := quiesce(ctx, target); err != nil {
			return "", err
		}
		previous = target + ".before-restore-" + time.Now().UTC().Format("20060102T150405Z")
		if err := os.Rename(target, previous); err != nil {
			return "", fmt.Errorf("store: restore: %w", err)
		}
	}
	// A WAL left by the old database would be replayed onto the new one and
	// corrupt it; quiesce has checkpointed everything it held.
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if err := os.Remove(target + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return previous, fmt.Errorf("store: restore: %w", err)
		}
	}
	if err := os.Rename(tmpName, target); err != nil {
		return previous, fmt.Errorf("store: restore: %w", err)
	}
	return previous, syncDir(dataDir)
}

// quiesce proves nobody has the database open and folds its WAL into the
// file. Every open connection of a WAL database holds a shared lock on the
// file, so an exclusive lock taken without waiting fails while a server
// runs.
func quiesce(ctx context.Context, path string) error {
	conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)&_pragma=locking_mode(EXCLUSIVE)")
	if err != nil {
		return fmt.Errorf("store: restore: %w", err)
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	if _, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		if isBusy(err) {
			return ErrInUse
		}
		// The old file may be what is broken (the reason to restore); it is
		// kept aside, not read, so going on is safe.
		return nil
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return fmt.Errorf("store: restore: %w", err)
	}
	var busy, logFrames, done int
	if err := conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logFrames, &done); err != nil {
		return fmt.Errorf("store: restore: checkpoint: %w", err)
	}
	if busy != 0 {
		return ErrInUse
	}
	return nil
}

func isBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == 5 // SQLITE_BUSY and its extended codes
}

// checkArtelDB verifies that path is an intact SQLite database that Artel's
// migrations have run on.
func checkArtelDB(ctx context.Context, path string) error {
	conn, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return err
	}
	defer conn.Close()
	var res string
	if err := conn.QueryRowContext(ctx, "PRAGMA integrity_check(1)").Scan(&res); err != nil {
		return fmt.Errorf("not a readable SQLite database: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("integrity check failed: %s", res)
	}
	var n int
	if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM schema_migrations").Scan(&n); err != nil || n == 0 {
		return errors.New("not an Artel database (no schema_migrations)")
	}
	return nil
}

// copyToTemp copies src into a new temporary file in dir, synced, so the
// final rename is atomic within one file system.
func copyToTemp(src, dir string) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", err
	}
	defer in.Close()
	if fi, err := in.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", src)
	}
	out, err := os.CreateTemp(dir, ".artel-restore-*.db")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out.Name())
		return "", err
	}
	return out.Name(), nil
}

func syncFile(name string) error {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir makes a rename durable. Some systems cannot sync a directory;
// the rename has happened either way, so that error is not reported.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	_ = d.Sync()
	return d.Close()
}
