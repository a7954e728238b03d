package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/artel/artel/internal/store"
)

// backupCmd is `artel backup FILE`: a consistent copy of the SQLite
// database, taken while the server runs. PostgreSQL is backed up with
// pg_dump, so there the command only says how.
func backupCmd(ctx context.Context, args []string) error {
	d, file, err := backupArgs("backup", args)
	if err != nil {
		return err
	}
	if d.url != "" {
		fmt.Fprintf(os.Stderr, `This deployment uses PostgreSQL; back it up with pg_dump, which takes a
consistent snapshot while Artel keeps running:

  pg_dump --format=custom --file=%s --dbname=%s

Restore such a file with pg_restore (see: artel restore FILE --database-url URL).
`, shellQuote(file), shellQuote(d.url))
		return errors.New("backup: PostgreSQL is backed up with pg_dump (command above)")
	}
	// store.Open would create an empty database where none is; a backup of
	// that would only hide a wrong --data.
	if _, err := os.Stat(store.SQLiteFile(d.data)); err != nil {
		return fmt.Errorf("backup: no database in %s: %w", d.data, err)
	}
	db, err := store.Open(ctx, d.data, "")
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, file); err != nil {
		return err
	}
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	fmt.Printf("Backed up %s to %s (%d bytes).\n", db.Path(), file, fi.Size())
	return nil
}

// restoreCmd is `artel restore FILE`: replaces the SQLite database of the
// data dir with a backup. The server must be stopped; the command refuses
// while the database is open.
func restoreCmd(ctx context.Context, args []string) error {
	d, file, err := backupArgs("restore", args)
	if err != nil {
		return err
	}
	if d.url != "" {
		fmt.Fprintf(os.Stderr, `This deployment uses PostgreSQL; restore a pg_dump archive with pg_restore.
Stop every Artel node first, then:

  pg_restore --clean --if-exists --no-owner --single-transaction --dbname=%s %s

A plain SQL dump (pg_dump --format=plain) goes through psql instead:

  psql --single-transaction --set=ON_ERROR_STOP=1 --dbname=%s --file=%s
`, shellQuote(d.url), shellQuote(file), shellQuote(d.url), shellQuote(file))
		return errors.New("restore: PostgreSQL is restored with pg_restore (command above)")
	}
	prev, err := store.Restore(ctx, file, d.data)
	if errors.Is(err, store.ErrInUse) {
		return fmt.Errorf("restore: %s is open in another process: stop the server, then restore", store.SQLiteFile(d.data))
	}
	if err != nil {
		return err
	}
	fmt.Printf("Restored %s from %s.\n", store.SQLiteFile(d.data), file)
	if prev != "" {
		fmt.Printf("The database it replaced is kept as %s; delete it when no longer needed.\n", prev)
	}
	return nil
}

// backupArgs reads the storage flags and the one FILE argument, which may
// come before or after the flags.
func backupArgs(name string, args []string) (dbFlags, string, error) {
	fs := flag.NewFlagSet(name, flag.ExitOnError)
	var d dbFlags
	d.register(fs)
	_ = fs.Parse(args)
	rest := fs.Args()
	if len(rest) > 0 {
		_ = fs.Parse(rest[1:])
	}
	if len(rest) == 0 || fs.NArg() != 0 {
		return d, "", fmt.Errorf("usage: artel %s [--data DIR | --database-url URL] FILE", name)
	}
	return d, rest[0], nil
}

// shellQuote quotes s for a POSIX shell, so the printed command can be
// pasted as is whatever the URL holds.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
