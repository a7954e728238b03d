package reportkeep

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
)

// syncName is this package's row of access_sync (migration 34), which
// remembers what the triggers were made from.
const syncName = "reports"

// Sync makes the triggers and kept rows match the catalogue. It runs
// inside the schema migration's transaction at every start and does
// nothing unless the columns changed since the last run (or the tables
// are new), when it rebuilds the rows and the triggers.
func Sync(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	n := NamesOf(cat)
	var have string
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind("SELECT signature FROM access_sync WHERE name = ?"), syncName).Scan(&have)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("reportkeep: sync: %w", err)
	}
	if have == n.signature() {
		return nil
	}
	if err := DropTriggers(ctx, db); err != nil {
		return err
	}
	if err := Rebuild(ctx, db, cat); err != nil {
		return err
	}
	ddl := n.sqliteTriggers()
	if db.Dialect == store.Postgres {
		ddl = n.pgTriggers()
	}
	for _, stmt := range ddl {
		if err := db.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("reportkeep: %s: %w", stmt, err)
		}
	}
	if err := db.Exec(ctx, "DELETE FROM access_sync WHERE name = ?", syncName); err != nil {
		return fmt.Errorf("reportkeep: sync: %w", err)
	}
	return db.Exec(ctx, "INSERT INTO access_sync (name, signature) VALUES (?, ?)", syncName, n.signature())
}

// Rebuild recomputes the kept rows from the deals, their history and the
// tasks as stored.
func Rebuild(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	for _, stmt := range NamesOf(cat).rebuild() {
		if err := db.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("reportkeep: rebuild: %w", err)
		}
	}
	return nil
}

// Resync rebuilds the kept rows and the triggers whatever the last Sync
// did: for a bulk load that dropped the triggers (DropTriggers) to write
// faster, once it is done.
func Resync(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	return db.WithTx(ctx, func(ctx context.Context) error {
		if err := db.Exec(ctx, "DELETE FROM access_sync WHERE name = ?", syncName); err != nil {
			return fmt.Errorf("reportkeep: resync: %w", err)
		}
		return Sync(ctx, db, cat)
	})
}

// DropTriggers removes the triggers; until Resync the kept rows are
// wrong, so only a bulk load that ends in Resync may.
func DropTriggers(ctx context.Context, db *store.DB) error {
	return access.DropPrefixed(ctx, db, "rk")
}
