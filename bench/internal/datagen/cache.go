package datagen

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/store"
)

// format changes whenever the generator's output changes, so a cached
// data directory made by an older generator is not reused. 4: x_search
// holds stemmed words and the full-text index (migration 16). 5: tasks
// and projects share ids; clients carry their phone words. 6: process
// states carry their orderPosition. 7: clients carry their last deal's
// date (migrate.FillContacts).
const format = 7

// ResultFile is written into a generated SQLite data directory last, so its
// presence means the directory is complete.
const ResultFile = "bench-gen.json"

// Key names a data set by everything that shapes it.
func Key(o Options) string {
	return fmt.Sprintf("t%d-c%d-d%d-e%d-m%d-s%d-v%d", o.Tasks, o.Clients, o.Deals, o.Employees, o.Comments, o.Seed, format)
}

// WriteResult records a finished generation in dir.
func WriteResult(dir string, res *Result) error {
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ResultFile), b, 0o644)
}

// ReadResult reads what WriteResult recorded.
func ReadResult(dir string) (*Result, error) {
	b, err := os.ReadFile(filepath.Join(dir, ResultFile))
	if err != nil {
		return nil, err
	}
	var res Result
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, fmt.Errorf("datagen: %s: %w", ResultFile, err)
	}
	return &res, nil
}

// Cached returns the SQLite data directory of the data set opt under root
// (bench/data), generating it first when it is missing or incomplete.
// fresh says whether it was generated now.
func Cached(ctx context.Context, root string, opt Options) (dir string, res *Result, fresh bool, err error) {
	dir = filepath.Join(root, "sqlite-"+Key(opt))
	if res, err := ReadResult(dir); err == nil {
		// Bring a data set made by an older binary up to date here, so
		// the measured server start is a plain restart, not a migration.
		return dir, res, false, migrateDir(ctx, dir)
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", nil, false, err
	}
	opt.DataDir, opt.DatabaseURL = dir, ""
	if res, err = Run(ctx, opt); err != nil {
		return "", nil, false, err
	}
	return dir, res, true, WriteResult(dir, res)
}

func migrateDir(ctx context.Context, dir string) error {
	db, err := store.Open(ctx, dir, "")
	if err != nil {
		return err
	}
	defer db.Close()
	return migrate.Run(ctx, db, catalog.MustLoad())
}

// CopyDir copies a SQLite data directory (the database, its WAL if any,
// and the result file), so a run can write without touching the cache.
func CopyDir(src, dst string) error {
	if err := os.MkdirAll(dst, 0o750); err != nil {
		return err
	}
	for _, name := range []string{"artel.db", "artel.db-wal", ResultFile} {
		if err := copyFile(filepath.Join(src, name), filepath.Join(dst, name)); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
