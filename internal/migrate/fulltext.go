package migrate

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/fulltext"
	"github.com/artel/artel/internal/store"
)

// syncTextIndex creates a searched type's full-text index when it is
// missing. A new SQLite FTS5 table is filled from the rows already stored;
// a PostgreSQL index reads them as it is built.
func syncTextIndex(ctx context.Context, db *store.DB, t *catalog.Type) error {
	if len(t.Search) == 0 {
		return nil
	}
	fresh := false
	if db.Dialect == store.SQLite {
		var n int
		if err := db.Q(ctx).QueryRowContext(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE name = ?", store.FTSTable(t.Table)).Scan(&n); err != nil {
			return fmt.Errorf("migrate: full-text index of %s: %w", t.Table, err)
		}
		fresh = n == 0
	}
	stmts := db.Dialect.TextIndex(t.Table)
	if fresh {
		stmts = append(stmts, db.Dialect.TextRebuild(t.Table))
	}
	for _, stmt := range stmts {
		if err := db.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("migrate: full-text index of %s: %w", t.Table, err)
		}
	}
	return nil
}

// Reindex rewrites x_search of every stored row of the searched types from
// its fields, for when the searched fields or the way words are indexed
// change. On SQLite the FTS5 triggers follow each changed row.
func Reindex(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	for _, name := range cat.Names() {
		t := cat.Type(name)
		have, err := existingColumns(ctx, db, t.Table)
		if err != nil {
			return err
		}
		if len(t.Search) == 0 || len(have) == 0 {
			continue // a new table is created empty after the migrations
		}
		if err := reindexTable(ctx, db, t, have); err != nil {
			return err
		}
	}
	return nil
}

// reindexBatch rows are read, then rewritten: a connection inside a
// transaction cannot write while it still streams a read.
const reindexBatch = 1000

func reindexTable(ctx context.Context, db *store.DB, t *catalog.Type, have map[string]bool) error {
	var fields []string
	cols := []string{"id"}
	for _, name := range t.Search {
		if c := t.Field(name).Column; have[c] {
			fields, cols = append(fields, name), append(cols, c)
		}
	}
	read := fmt.Sprintf("SELECT %s FROM %s WHERE id > ? ORDER BY id LIMIT %d", strings.Join(cols, ", "), t.Table, reindexBatch)
	for after := int64(0); ; {
		ids, docs, err := reindexRead(ctx, db, t, read, after, fields)
		if err != nil {
			return fmt.Errorf("migrate: reindex %s: %w", t.Table, err)
		}
		for i, id := range ids {
			if err := db.Exec(ctx, "UPDATE "+t.Table+" SET x_search = ? WHERE id = ?", docs[i], id); err != nil {
				return fmt.Errorf("migrate: reindex %s %d: %w", t.Table, id, err)
			}
		}
		if len(ids) < reindexBatch {
			return nil
		}
		after = ids[len(ids)-1]
	}
}

// reindexRead reads a batch of rows after an id and builds their x_search.
func reindexRead(ctx context.Context, db *store.DB, t *catalog.Type, read string, after int64, fields []string) ([]int64, []any, error) {
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(read), after)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var ids []int64
	var docs []any
	vals := make([]any, len(fields)+1)
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		var id int64
		ptrs[0] = &id
		if err := rows.Scan(ptrs...); err != nil {
			return nil, nil, err
		}
		byField := make(map[string]any, len(fields))
		for i, f := range fields {
			byField[f] = vals[i+1]
		}
		ids, docs = append(ids, id), append(docs, fulltext.Document(t, func(f string) any { return byField[f] }))
	}
	return ids, docs, rows.Err()
}
