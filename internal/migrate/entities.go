package migrate

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// syncEntities creates a table per content type with a column per stored
// field, adds columns for fields the catalogue gained since, and creates the
// indexes. It only ever adds: a field dropped from the catalogue keeps its
// column, so an older binary still runs against a newer database.
func syncEntities(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	for _, name := range cat.Names() {
		t := cat.Type(name)
		have, err := existingColumns(ctx, db, t.Table)
		if err != nil {
			return err
		}
		if len(have) == 0 {
			if err := db.Exec(ctx, createTable(db.Dialect, t)); err != nil {
				return fmt.Errorf("migrate: create %s: %w", t.Table, err)
			}
		} else {
			for _, c := range t.Columns() {
				if have[c.Name] {
					continue
				}
				stmt := fmt.Sprintf("ALTER TABLE %s ADD COLUMN %s %s", t.Table, c.Name, db.Dialect.ColumnType(c.Type))
				if err := db.Exec(ctx, stmt); err != nil {
					return fmt.Errorf("migrate: %s: %w", stmt, err)
				}
			}
		}
		for _, stmt := range indexes(db.Dialect, t) {
			if err := db.Exec(ctx, stmt); err != nil {
				return fmt.Errorf("migrate: %s: %w", stmt, err)
			}
		}
		if err := syncTextIndex(ctx, db, t); err != nil {
			return err
		}
	}
	return ShareIDs(ctx, db, cat)
}

func createTable(d store.Dialect, t *catalog.Type) string {
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE TABLE %s (%s, account_id BIGINT NOT NULL, x_search TEXT, x_extra TEXT", t.Table, d.IDColumn())
	for _, c := range t.Columns() {
		fmt.Fprintf(&b, ", %s %s", c.Name, d.ColumnType(c.Type))
	}
	b.WriteString(")")
	return b.String()
}

func indexes(d store.Dialect, t *catalog.Type) []string {
	out := []string{fmt.Sprintf("CREATE INDEX IF NOT EXISTS %s_acc ON %s (account_id, id)", t.Table, t.Table)}
	for _, f := range t.Fields {
		switch {
		case f.Role == catalog.RoleLink:
			out = append(out, fmt.Sprintf("CREATE INDEX IF NOT EXISTS %s_%s ON %s (account_id, %s_i, %s_t)",
				t.Table, f.Column, t.Table, f.Column, f.Column))
		case f.Role == catalog.RoleValue && f.Indexed:
			out = append(out, fmt.Sprintf("CREATE INDEX IF NOT EXISTS %s_%s ON %s (account_id, %s, id)",
				t.Table, f.Column, t.Table, f.SortColumn()))
		}
	}
	for _, fields := range t.Indexes {
		cols, name := []string{"account_id"}, t.Table
		for _, fname := range fields {
			f := t.Field(fname)
			name += "_" + f.Column
			if f.Role == catalog.RoleLink {
				cols = append(cols, f.Column+"_i", f.Column+"_t")
			} else {
				cols = append(cols, f.SortColumn())
			}
		}
		out = append(out, fmt.Sprintf("CREATE INDEX IF NOT EXISTS %s ON %s (%s)", name, t.Table, strings.Join(cols, ", ")))
	}
	for _, fields := range t.Ordered {
		out = append(out, orderedIndex(d, t, fields))
	}
	return out
}

// orderedIndex lays its last field out as internal/entity's lists order
// by it: a null flag (nulls last), the value (in PostgreSQL, text in the
// "C" collation the lists sort in), then id; the planners match these
// expressions to a list's ORDER BY and read a page from the index.
func orderedIndex(d store.Dialect, t *catalog.Type, fields []string) string {
	cols, name := []string{"account_id"}, t.Table
	desc := ""
	for i, fname := range fields {
		if i == len(fields)-1 && strings.HasPrefix(fname, "-") {
			// Newest first: the value and id descending, nulls still last.
			fname, desc = fname[1:], " DESC"
		}
		f := t.Field(fname)
		name += "_" + f.Column
		switch {
		case f.Role == catalog.RoleLink:
			cols = append(cols, f.Column+"_i", f.Column+"_t")
		case i < len(fields)-1:
			cols = append(cols, f.SortColumn())
		default:
			col := f.SortColumn()
			cols = append(cols, "(CASE WHEN "+col+" IS NULL THEN 1 ELSE 0 END)")
			if d == store.Postgres && f.Kind.Column() == value.ColText && col == f.Column {
				col += ` COLLATE "C"`
			}
			cols = append(cols, col+desc)
		}
	}
	if desc != "" {
		name += "_desc"
	}
	return fmt.Sprintf("CREATE INDEX IF NOT EXISTS %s_ord ON %s (%s, id%s)", name, t.Table, strings.Join(cols, ", "), desc)
}

func existingColumns(ctx context.Context, db *store.DB, table string) (map[string]bool, error) {
	q := "SELECT name FROM pragma_table_info(?)"
	if db.Dialect == store.Postgres {
		q = "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?"
	}
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), table)
	if err != nil {
		return nil, fmt.Errorf("migrate: columns of %s: %w", table, err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out[n] = true
	}
	return out, rows.Err()
}
