// Package migrate owns the database schema. System tables come from the
// numbered migrations in migrations.go, which are append-only: a migration
// that has landed is never edited, a change is a new one. Entity tables are
// derived from the catalogue and synchronised additively (create table, add
// column, create index; never drop or alter), see entities.go.
package migrate

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/reportkeep"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
)

// Migration is one step of the system schema: statements, then optional
// Go code for what SQL alone cannot say (it sees the catalogue).
type Migration struct {
	Version int
	Name    string
	SQL     func(d store.Dialect) []string
	Go      func(ctx context.Context, db *store.DB, cat *catalog.Catalog) error
}

// Run brings the schema up to date. It is safe to run from several
// processes at once: on PostgreSQL they take turns on an advisory lock, and
// on SQLite the single writer transaction serialises them.
func Run(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	return db.WithTx(ctx, func(ctx context.Context) error {
		if db.Dialect == store.Postgres {
			if err := db.Exec(ctx, "SELECT pg_advisory_xact_lock(7345001)"); err != nil {
				return fmt.Errorf("migrate: lock: %w", err)
			}
		}
		if err := db.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		applied, err := appliedVersions(ctx, db)
		if err != nil {
			return err
		}
		for _, m := range migrations {
			if applied[m.Version] {
				continue
			}
			for _, stmt := range m.SQL(db.Dialect) {
				if err := db.Exec(ctx, stmt); err != nil {
					return fmt.Errorf("migrate: %d %s: %w", m.Version, m.Name, err)
				}
			}
			if m.Go != nil {
				if err := m.Go(ctx, db, cat); err != nil {
					return fmt.Errorf("migrate: %d %s: %w", m.Version, m.Name, err)
				}
			}
			if err := db.Exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				m.Version, m.Name, time.Now().Unix()); err != nil {
				return fmt.Errorf("migrate: record %d: %w", m.Version, err)
			}
			slog.Info("migration applied", "version", m.Version, "name", m.Name)
		}
		if err := syncEntities(ctx, db, cat); err != nil {
			return err
		}
		if err := access.Sync(ctx, db, rights.Kept(cat)); err != nil {
			return err
		}
		return reportkeep.Sync(ctx, db, cat)
	})
}

func appliedVersions(ctx context.Context, db *store.DB) (map[int]bool, error) {
	rows, err := db.Q(ctx).QueryContext(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return nil, fmt.Errorf("migrate: read versions: %w", err)
	}
	defer rows.Close()
	out := map[int]bool{}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out[v] = true
	}
	return out, rows.Err()
}
