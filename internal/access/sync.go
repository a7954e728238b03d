package access

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/store"
)

// Sync makes the triggers and kept rows match specs. It runs inside the
// schema migration's transaction at every start and does nothing unless
// the specs changed since the last run (a rule gained a role field, or
// the tables are new), when it rebuilds everything from the rows.
func Sync(ctx context.Context, db *store.DB, specs []Spec) error {
	sig := signature(specs)
	var have string
	err := db.Q(ctx).QueryRowContext(ctx, "SELECT signature FROM access_sync WHERE name = 'rules'").Scan(&have)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("access: sync: %w", err)
	}
	if have == sig {
		return nil
	}
	if err := DropTriggers(ctx, db); err != nil {
		return err
	}
	if err := Rebuild(ctx, db, specs); err != nil {
		return err
	}
	ddl := sqliteTriggers(specs)
	if db.Dialect == store.Postgres {
		ddl = pgTriggers(specs)
	}
	for _, stmt := range ddl {
		if err := db.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("access: %s: %w", stmt, err)
		}
	}
	if err := db.Exec(ctx, "DELETE FROM access_sync WHERE name = 'rules'"); err != nil {
		return fmt.Errorf("access: sync: %w", err)
	}
	return db.Exec(ctx, "INSERT INTO access_sync (name, signature) VALUES ('rules', ?)", sig)
}

// Rebuild recomputes the kept rows and counts of specs from the rows as
// stored: after Sync changed the triggers, and after a bulk load that
// wrote with the triggers off.
func Rebuild(ctx context.Context, db *store.DB, specs []Spec) error {
	stmts := []string{"DELETE FROM entity_access"}
	for _, s := range sorted(specs) {
		stmts = append(stmts, rebuild(s))
	}
	if len(specs) > 0 {
		stmts = append(stmts, rebuildMembers)
	}
	stmts = append(stmts, recount(specs)...)
	for _, stmt := range stmts {
		if err := db.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("access: rebuild: %w", err)
		}
	}
	return nil
}

// Resync rebuilds the kept rows and triggers whatever the last Sync did:
// for a bulk load that dropped the triggers (DropTriggers) to write
// faster, once it is done.
func Resync(ctx context.Context, db *store.DB, specs []Spec) error {
	return db.WithTx(ctx, func(ctx context.Context) error {
		if err := db.Exec(ctx, "DELETE FROM access_sync WHERE name = 'rules'"); err != nil {
			return fmt.Errorf("access: resync: %w", err)
		}
		return Sync(ctx, db, specs)
	})
}

// DropTriggers removes the triggers that keep the rows; until Resync
// the kept rows are wrong, so only a bulk load that ends in Resync may.
func DropTriggers(ctx context.Context, db *store.DB) error {
	return DropPrefixed(ctx, db, "acc")
}

// DropPrefixed removes every trigger whose name starts with prefix and
// an underscore: a kept structure's triggers (this package's "acc",
// internal/reportkeep's "rk").
func DropPrefixed(ctx context.Context, db *store.DB, prefix string) error {
	q := `SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ? ESCAPE '\'`
	drop := "DROP TRIGGER IF EXISTS %s"
	if db.Dialect == store.Postgres {
		q = `SELECT tgname, tgrelid::regclass::text FROM pg_trigger WHERE tgname LIKE ? ESCAPE '\'`
		drop = "DROP TRIGGER IF EXISTS %s ON %s"
	}
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), prefix+`\_%`)
	if err != nil {
		return fmt.Errorf("access: triggers: %w", err)
	}
	var stmts []string
	for rows.Next() {
		var name, table string
		if err := rows.Scan(&name, &table); err != nil {
			rows.Close()
			return err
		}
		if db.Dialect == store.Postgres {
			stmts = append(stmts, fmt.Sprintf(drop, name, table))
		} else {
			stmts = append(stmts, fmt.Sprintf(drop, name))
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, stmt := range stmts {
		if err := db.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("access: %s: %w", stmt, err)
		}
	}
	return nil
}
