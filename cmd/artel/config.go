package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/jobs"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/store"
)

// dbFlags are the storage flags every command shares, with their
// environment variables as defaults.
type dbFlags struct {
	data string
	// storage is the file store (file.Configure); "" keeps $ARTEL_STORAGE.
	storage string
	url     string
}

func (d *dbFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&d.data, "data", env("ARTEL_DATA", "./data"), "data directory (SQLite file, uploads)")
	fs.StringVar(&d.storage, "storage", "", "where file bytes go: db, disk (under --data/files) or s3 (ARTEL_S3_*); default $ARTEL_STORAGE or db")
	fs.StringVar(&d.url, "database-url", env("ARTEL_DATABASE_URL", ""), "PostgreSQL URL; empty uses SQLite in --data")
}

// server opens and migrates the database and builds the server over it;
// the caller closes the database.
func (d *dbFlags) server(ctx context.Context) (*api.Server, *store.DB, error) {
	cat := catalog.MustLoad()
	db, err := d.open(ctx, cat)
	if err != nil {
		return nil, nil, err
	}
	// The file store reads its settings from the environment
	// (file.Configure); the flags only fill in what is not set there.
	if d.storage != "" {
		os.Setenv("ARTEL_STORAGE", d.storage)
	}
	if os.Getenv("ARTEL_STORAGE_DIR") == "" {
		os.Setenv("ARTEL_STORAGE_DIR", filepath.Join(d.data, "files"))
	}
	srv, err := app.Build(ctx, db, cat, version, slog.Default())
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return srv, db, nil
}

// open connects and migrates.
func (d *dbFlags) open(ctx context.Context, cat *catalog.Catalog) (*store.DB, error) {
	db, err := store.Open(ctx, d.data, d.url)
	if err != nil {
		return nil, err
	}
	if err := migrate.Run(ctx, db, cat); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func migrateCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ExitOnError)
	var d dbFlags
	d.register(fs)
	_ = fs.Parse(args)
	db, err := d.open(ctx, catalog.MustLoad())
	if err != nil {
		return err
	}
	defer db.Close()
	// The job queue's tables too, so serve starts on a complete schema.
	if err := jobs.Migrate(ctx, db, slog.Default()); err != nil {
		return err
	}
	fmt.Println("schema is up to date")
	return nil
}
