package migrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
)

// ShareIDs makes the tables of an id space (catalog.Type.IDSpace) draw
// from one sequence on PostgreSQL: each table's own identity gives way,
// once, to a default on the space's sequence, so every insert — the
// engine's or a bulk loader's — takes the next id of the space. At each
// start the sequence is moved past the highest id the tables hold, should
// rows have been written with ids of their own. On SQLite the one writer
// picks the id instead (entity.Engine.insert).
func ShareIDs(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	if db.Dialect != store.Postgres {
		return nil
	}
	done := map[string]bool{}
	for _, name := range cat.Names() {
		space := cat.Type(name).IDSpace
		if len(space) < 2 || done[space[0]] {
			continue
		}
		done[space[0]] = true
		seq := IDSequence(space)
		if err := db.Exec(ctx, "CREATE SEQUENCE IF NOT EXISTS "+seq); err != nil {
			return fmt.Errorf("migrate: %s: %w", seq, err)
		}
		tops := make([]string, len(space))
		for i, member := range space {
			table := cat.Type(member).Table
			if err := useSequence(ctx, db, table, seq); err != nil {
				return err
			}
			tops[i] = "(SELECT COALESCE(MAX(id), 0) FROM " + table + ")"
		}
		q := fmt.Sprintf("SELECT setval('%s', m, true) FROM (SELECT GREATEST(%s) AS m) t, %s WHERE %s.last_value < m",
			seq, strings.Join(tops, ", "), seq, seq)
		if err := db.Exec(ctx, q); err != nil {
			return fmt.Errorf("migrate: move %s past its tables' ids: %w", seq, err)
		}
	}
	return nil
}

// IDSequence names the PostgreSQL sequence of an id space.
func IDSequence(space []string) string { return "ids_" + strings.ToLower(space[0]) }

// useSequence swaps a table's identity for a default on seq, once.
func useSequence(ctx context.Context, db *store.DB, table, seq string) error {
	var identity string
	err := db.Q(ctx).QueryRowContext(ctx, `SELECT attidentity FROM pg_attribute
		WHERE attrelid = $1::regclass AND attname = 'id'`, table).Scan(&identity)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("migrate: identity of %s: %w", table, err)
	}
	if identity == "" {
		return nil
	}
	for _, stmt := range []string{
		"ALTER TABLE " + table + " ALTER COLUMN id DROP IDENTITY",
		"ALTER TABLE " + table + " ALTER COLUMN id SET DEFAULT nextval('" + seq + "')",
	} {
		if err := db.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("migrate: %s: %w", stmt, err)
		}
	}
	return nil
}
