// Package storetest is the one conformance suite of the storage layer, run
// on SQLite always and on PostgreSQL when ARTEL_TEST_POSTGRES names a
// server. Each test gets its own fresh database, dropped afterwards. Other
// packages' tests (the API scenarios) open their databases here too.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/artel/artel/internal/store"
)

// Dialects lists the databases this run covers.
func Dialects() []string {
	if os.Getenv("ARTEL_TEST_POSTGRES") != "" {
		return []string{"sqlite", "postgres"}
	}
	return []string{"sqlite"}
}

// Each runs fn as a subtest per database.
func Each(t *testing.T, fn func(t *testing.T, dialect string)) {
	for _, d := range Dialects() {
		t.Run(d, func(t *testing.T) { fn(t, d) })
	}
}

// URL makes a fresh, empty database and returns what `artel serve` takes:
// a PostgreSQL URL, or "" with a fresh data dir for SQLite.
func URL(t testing.TB, dialect string) (dataDir, dbURL string) {
	t.Helper()
	dataDir = t.TempDir()
	if dialect != "postgres" {
		return dataDir, ""
	}
	return dataDir, pgDatabase(t, "")
}

// pgDatabase makes a database, a copy of template when one is named, and
// drops it at cleanup.
func pgDatabase(t testing.TB, template string) string {
	t.Helper()
	base := os.Getenv("ARTEL_TEST_POSTGRES")
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "artel_test_" + hex.EncodeToString(b)
	create := "CREATE DATABASE " + name
	if template != "" {
		// WAL_LOG copies page by page without the checkpoint FILE_COPY
		// needs: 0.45 s against 2.6 s for the migrated schema.
		create += " TEMPLATE " + template + " STRATEGY WAL_LOG"
	}
	if _, err := admin.Exec(create); err != nil {
		admin.Close()
		t.Fatalf("create database: %v", err)
	}
	// A test's database is thrown away: a commit need not wait for its
	// WAL to reach the disk, which was most of a PostgreSQL test's time.
	// A benchmark of writes asks for durable commits, as production has.
	if os.Getenv("ARTEL_TEST_PG_DURABLE") != "" {
		// Left as the server has it.
	} else if _, err := admin.Exec("ALTER DATABASE " + name + " SET synchronous_commit = off"); err != nil {
		admin.Close()
		t.Fatalf("alter database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	})
	return withPath(base, name)
}

// withPath is the PostgreSQL URL base with its database replaced.
func withPath(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u.Path = "/" + name
	return u.String()
}

// Open makes a fresh, migrated database of the dialect, closed at cleanup:
// a copy of the process's migrated template (template.go).
func Open(t testing.TB, dialect string) *store.DB {
	t.Helper()
	tmpl := template(t, dialect)
	dir, u := t.TempDir(), ""
	if dialect == "postgres" {
		u = pgDatabase(t, tmpl)
	} else if err := copyFile(tmpl, dir); err != nil {
		t.Fatalf("copy template: %v", err)
	}
	db, err := store.Open(context.Background(), dir, u)
	if err != nil {
		t.Fatalf("open %s: %v", dialect, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
