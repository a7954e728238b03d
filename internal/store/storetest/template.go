package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/store"
)

// Migrating a fresh database takes about 4 s on PostgreSQL and a third of
// a second on SQLite, and the suites open some three hundred of each. So a
// test process migrates one template per dialect, the first time it needs
// it, and every later database is a copy of it: CREATE DATABASE … TEMPLATE
// on PostgreSQL (under half a second), a file copy on SQLite. The template
// is made by this very binary, so it has exactly the schema its code
// expects.

var templates struct {
	sync.Mutex
	made map[string]string // dialect → template: a database name or a file path
}

// stale is how old another run's template must be to be
// dropped: no test process lives this long (go test's own timeout is
// 10 minutes by default), and a crashed one leaves its template behind.
const stale = 3 * time.Hour

const templatePrefix = "artel_tmpl_"

// template returns the dialect's template, migrating it on first use.
func template(t testing.TB, dialect string) string {
	t.Helper()
	templates.Lock()
	defer templates.Unlock()
	if name, ok := templates.made[dialect]; ok {
		return name
	}
	var (
		name string
		err  error
	)
	if dialect == "postgres" {
		name, err = pgTemplate()
	} else {
		name, err = sqliteTemplate()
	}
	if err != nil {
		t.Fatalf("template %s: %v", dialect, err)
	}
	if templates.made == nil {
		templates.made = map[string]string{}
	}
	templates.made[dialect] = name
	return name
}

func migrated(dataDir, url string) error {
	ctx := context.Background()
	db, err := store.Open(ctx, dataDir, url)
	if err != nil {
		return err
	}
	defer db.Close()
	return migrate.Run(ctx, db, catalog.MustLoad())
}

func pgTemplate() (string, error) {
	admin, err := sql.Open("pgx", os.Getenv("ARTEL_TEST_POSTGRES"))
	if err != nil {
		return "", err
	}
	defer admin.Close()
	dropStale(admin)
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	name := fmt.Sprintf("%s%d_%s", templatePrefix, time.Now().Unix(), hex.EncodeToString(b))
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		return "", err
	}
	if err := migrated("", withPath(os.Getenv("ARTEL_TEST_POSTGRES"), name)); err != nil {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		return "", err
	}
	return name, nil
}

// dropStale drops the templates that crashed or finished runs left.
func dropStale(admin *sql.DB) {
	rows, err := admin.Query("SELECT datname FROM pg_database WHERE datname LIKE '" + templatePrefix + "%'")
	if err != nil {
		return
	}
	names, _ := scanNames(rows)
	for _, n := range names {
		stamp, _, _ := strings.Cut(strings.TrimPrefix(n, templatePrefix), "_")
		if sec, err := strconv.ParseInt(stamp, 10, 64); err == nil && time.Since(time.Unix(sec, 0)) > stale {
			_, _ = admin.Exec("DROP DATABASE IF EXISTS " + n + " WITH (FORCE)")
		}
	}
}

func scanNames(rows *sql.Rows) ([]string, error) {
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// sqliteTemplate migrates a database in a directory of its own; closing
// it checkpoints the write-ahead log into the one file that is copied.
func sqliteTemplate() (string, error) {
	old, _ := filepath.Glob(filepath.Join(os.TempDir(), "artel-template-*"))
	for _, d := range old {
		if fi, err := os.Stat(d); err == nil && time.Since(fi.ModTime()) > stale {
			_ = os.RemoveAll(d)
		}
	}
	dir, err := os.MkdirTemp("", "artel-template-")
	if err != nil {
		return "", err
	}
	if err := migrated(dir, ""); err != nil {
		return "", err
	}
	return filepath.Join(dir, "artel.db"), nil
}

// copyFile copies the SQLite template into a test's data directory.
func copyFile(from, dir string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(filepath.Join(dir, "artel.db"))
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
