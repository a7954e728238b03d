package entity

// The SQL side of a save: the row's columns, the links table, the search
// text, the per-type counters and numbers.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/fulltext"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// columnsOf lists the columns and values a change writes.
func columnsOf(c *Change) (cols []string, args []any) {
	for _, f := range c.Type.Fields {
		switch f.Role {
		case catalog.RoleValue:
			v, ok := c.Values[f.Name]
			if !ok {
				continue
			}
			cols, args = append(cols, f.Column), append(args, v)
			if s, ok := f.Kind.(value.Sorter); ok {
				var key any
				if v != nil {
					key = s.SortKey(v)
				}
				cols, args = append(cols, f.Column+"_s"), append(args, key)
			}
		case catalog.RoleLink:
			l, ok := c.Links[f.Name]
			if !ok {
				continue
			}
			var typ, id any
			if l != nil {
				typ, id = l.Type, l.ID
			}
			cols, args = append(cols, f.Column+"_t", f.Column+"_i"), append(args, typ, id)
		}
	}
	return cols, args
}

func (e *Engine) insert(ctx context.Context, c *Change) error {
	if f := c.Type.Field("humanNumber"); f != nil && f.Role == catalog.RoleValue {
		n, err := e.NextNumber(ctx, c.Scope, c.Type.Name)
		if err != nil {
			return err
		}
		c.Values["humanNumber"] = n
	}
	cols, args := columnsOf(c)
	extra, err := mergeExtra(nil, c.Extra)
	if err != nil {
		return err
	}
	cols = append([]string{"account_id", "x_search", "x_extra"}, cols...)
	args = append([]any{c.Scope.Account, e.searchText(c.Type, nil, c.Values), extra}, args...)
	if id, err := e.spaceID(ctx, c.Type); err != nil {
		return err
	} else if id != 0 {
		cols, args = append(cols, "id"), append(args, id)
	}
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) RETURNING id", c.Type.Table, strings.Join(cols, ", "), placeholders(len(cols)))
	if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(q), args...).Scan(&c.ID); err != nil {
		return fmt.Errorf("entity: insert %s: %w", c.Type.Name, err)
	}
	return e.bumpCount(ctx, c.Scope, c.Type.Name, c.ID, 1)
}

// spaceID picks a new row's id on SQLite when its type shares an id space
// (catalog.Type.IDSpace): one past the highest id of the space's tables,
// read inside the one writer's transaction, so no other insert can take
// it meanwhile. On PostgreSQL the tables' default draws from the space's
// sequence (migrate.shareIDs), and 0 leaves it to that.
func (e *Engine) spaceID(ctx context.Context, t *catalog.Type) (int64, error) {
	if len(t.IDSpace) < 2 || e.DB.Dialect == store.Postgres {
		return 0, nil
	}
	tops := make([]string, len(t.IDSpace))
	for i, name := range t.IDSpace {
		tops[i] = "(SELECT COALESCE(MAX(id), 0) FROM " + e.Cat.Type(name).Table + ")"
	}
	var top int64
	if err := e.DB.Q(ctx).QueryRowContext(ctx, "SELECT MAX("+strings.Join(tops, ", ")+")").Scan(&top); err != nil {
		return 0, fmt.Errorf("entity: next id of %s: %w", t.Name, err)
	}
	return top + 1, nil
}

// bumpCount keeps entity_counts in step with inserts and deletes, in the
// same transaction.
func (e *Engine) bumpCount(ctx context.Context, sc Scope, typeName string, id, by int64) error {
	_, err := e.DB.Q(ctx).ExecContext(ctx, e.DB.Dialect.Rebind(`INSERT INTO entity_counts (account_id, content_type, slot, n)
		VALUES (?, ?, ?, ?) ON CONFLICT (account_id, content_type, slot) DO UPDATE SET n = entity_counts.n + ?`),
		sc.Account, typeName, id%store.CountSlots, by, by)
	if err != nil {
		return fmt.Errorf("entity: count %s: %w", typeName, err)
	}
	return nil
}

func (e *Engine) update(ctx context.Context, c *Change) error {
	cols, args := columnsOf(c)
	extra, err := mergeExtra(c.Old.Extra, c.Extra)
	if err != nil {
		return err
	}
	cols = append(cols, "x_search", "x_extra")
	args = append(args, e.searchText(c.Type, c.Old.Values, c.Values), extra)
	sets := make([]string, len(cols))
	for i, col := range cols {
		sets[i] = col + " = ?"
	}
	q := fmt.Sprintf("UPDATE %s SET %s WHERE account_id = ? AND id = ?", c.Type.Table, strings.Join(sets, ", "))
	args = append(args, c.Scope.Account, c.ID)
	if _, err := e.DB.Q(ctx).ExecContext(ctx, e.DB.Dialect.Rebind(q), args...); err != nil {
		return fmt.Errorf("entity: update %s %d: %w", c.Type.Name, c.ID, err)
	}
	return nil
}

// writeMany replaces the collections the change names.
func (e *Engine) writeMany(ctx context.Context, c *Change) error {
	q := e.DB.Q(ctx)
	for field, ls := range c.Many {
		if _, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(
			"DELETE FROM links WHERE src_type = ? AND src_id = ? AND field = ?"), c.Type.Name, c.ID, field); err != nil {
			return fmt.Errorf("entity: clear %s: %w", field, err)
		}
		for i, l := range ls {
			if _, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(`INSERT INTO links
				(account_id, src_type, src_id, field, dst_type, dst_id, pos) VALUES (?, ?, ?, ?, ?, ?, ?)`),
				c.Scope.Account, c.Type.Name, c.ID, field, l.Type, l.ID, i); err != nil {
				return fmt.Errorf("entity: link %s: %w", field, err)
			}
		}
	}
	return nil
}

func mergeExtra(old, changes map[string]any) (any, error) {
	if len(old) == 0 && len(changes) == 0 {
		return nil, nil
	}
	merged := map[string]any{}
	for k, v := range old {
		merged[k] = v
	}
	for k, v := range changes {
		if v == nil {
			delete(merged, k)
			continue
		}
		merged[k] = v
	}
	b, err := json.Marshal(merged)
	if err != nil {
		return nil, fmt.Errorf("entity: extra: %w", err)
	}
	return string(b), nil
}

// searchText is the row's x_search after a change: the words and stems
// of its searched fields (internal/fulltext), which the full-text index
// reads in the same transaction (SQLite: triggers into FTS5; PostgreSQL:
// the GIN index over the column), and the words the type's Searcher adds.
func (e *Engine) searchText(t *catalog.Type, old, changes map[string]any) any {
	valueOf := func(name string) any {
		if v, ok := changes[name]; ok {
			return v
		}
		return old[name]
	}
	return e.RowSearchText(t, valueOf)
}

// SearchText builds a row's x_search from its stored values of t.Search.
// Bulk loaders that write rows themselves use it too.
func SearchText(t *catalog.Type, valueOf func(field string) any) any {
	return fulltext.Document(t, valueOf)
}

// NextNumber hands out the next humanNumber of a type in the account.
func (e *Engine) NextNumber(ctx context.Context, sc Scope, typeName string) (int64, error) {
	var n int64
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		return e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(`INSERT INTO sequences (account_id, name, value)
			VALUES (?, ?, 1) ON CONFLICT (account_id, name) DO UPDATE SET value = sequences.value + 1
			RETURNING value`), sc.Account, typeName).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("entity: number for %s: %w", typeName, err)
	}
	return n, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
