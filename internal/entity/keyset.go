package entity

import (
	"context"
	"database/sql"
	"fmt"
	"github.com/artel/artel/internal/catalog"
	"strings"
)

// lister runs the keyset queries of one list. Every sort key k is ordered
// as (k IS NULL, k) so NULLs come last in both dialects, and the anchor
// comparison treats them the same way.
type lister struct {
	e      *Engine
	t      *catalog.Type
	where  sqlPart
	keys   []sortKey
	tables string // the table, or a kept range joined to it (access.Drive)
	proj   *projection
}

func nullFlag(expr string) string { return "(CASE WHEN " + expr + " IS NULL THEN 1 ELSE 0 END)" }

func stripCollate(expr string) string {
	if i := strings.Index(expr, " COLLATE "); i > 0 {
		return expr[:i]
	}
	return expr
}

// orderBy returns the ORDER BY clause, reversed for reading backwards.
func (l *lister) orderBy(reverse bool) string {
	parts := make([]string, 0, 2*len(l.keys))
	for i, k := range l.keys {
		if i < len(l.keys)-1 && !k.notNull {
			parts = append(parts, nullFlag(stripCollate(k.expr))+dir(reverse))
		}
		parts = append(parts, k.expr+dir(k.desc != reverse))
	}
	return strings.Join(parts, ", ")
}

func dir(desc bool) string {
	if desc {
		return " DESC"
	}
	return " ASC"
}

// anchor reads the sort key values of the entity a page is anchored on.
func (l *lister) anchor(ctx context.Context, sc Scope, id int64, param string) ([]any, error) {
	cols := make([]string, len(l.keys))
	for i, k := range l.keys {
		cols[i] = stripCollate(k.expr)
		if k.expr == driveKey {
			cols[i] = l.t.Table + ".id"
		}
	}
	q := fmt.Sprintf("SELECT %s FROM %s WHERE %s.account_id = ? AND %s.id = ?", strings.Join(cols, ", "), l.t.Table, l.t.Table, l.t.Table)
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	err := l.e.DB.Q(ctx).QueryRowContext(ctx, l.e.DB.Dialect.Rebind(q), sc.Account, id).Scan(ptrs...)
	if err == sql.ErrNoRows {
		return nil, Invalidf(param, CodeLinkNotFound, l.t.Name)
	}
	if err != nil {
		return nil, fmt.Errorf("entity: anchor: %w", err)
	}
	for i := range vals {
		vals[i] = normalize(vals[i])
	}
	return vals, nil
}

// beyond is the condition "comes after the anchor" in list order, or
// "comes before it" when back is set.
func (l *lister) beyond(vals []any, back bool) sqlPart { return l.compare(vals, back, false) }

// from is beyond with the anchor itself included. It compares the last key
// (the unique id) with >= rather than adding "OR id = ?": SQLite plans the
// OR as a walk of the whole account index, the >= as one seek.
func (l *lister) from(vals []any, back bool) sqlPart { return l.compare(vals, back, true) }

func (l *lister) compare(vals []any, back, inclusive bool) sqlPart {
	var ors []string
	var args []any
	var eqs []string
	var eqArgs []any
	for i, k := range l.keys {
		expr := k.expr
		last := i == len(l.keys)-1
		if !last && !k.notNull {
			flag := int64(0)
			if vals[i] == nil {
				flag = 1
			}
			// The null flag sorts ascending whatever the key's direction.
			op := ">"
			if back {
				op = "<"
			}
			ors = append(ors, strings.Join(append(append([]string{}, eqs...), nullFlag(stripCollate(expr))+" "+op+" ?"), " AND "))
			args = append(append(args, eqArgs...), flag)
			eqs = append(eqs, nullFlag(stripCollate(expr))+" = ?")
			eqArgs = append(eqArgs, flag)
			if vals[i] == nil {
				continue // all NULLs are equal on this key
			}
		}
		op := ">"
		if k.desc != back {
			op = "<"
		}
		if last && inclusive {
			op += "="
		}
		ors = append(ors, strings.Join(append(append([]string{}, eqs...), expr+" "+op+" ?"), " AND "))
		args = append(append(args, eqArgs...), vals[i])
		eqs = append(eqs, expr+" = ?")
		eqArgs = append(eqArgs, vals[i])
	}
	return sqlPart{sql: "(" + strings.Join(ors, ") OR (") + ")", args: args}
}

// fetch reads up to limit rows past cond (in reverse order when back), and
// reports whether more rows follow.
func (l *lister) fetch(ctx context.Context, cond sqlPart, back bool, limit int) ([]*Record, bool, error) {
	w := l.where
	if cond.sql != "" {
		w = sqlPart{sql: w.sql + " AND (" + cond.sql + ")", args: append(append([]any{}, w.args...), cond.args...)}
	}
	q := fmt.Sprintf("SELECT %s FROM %s WHERE %s ORDER BY %s LIMIT %d", l.proj.sql, l.tables, w.sql, l.orderBy(back), limit+1)
	rows, err := l.e.DB.Q(ctx).QueryContext(ctx, l.e.DB.Dialect.Rebind(q), w.args...)
	if err != nil {
		return nil, false, fmt.Errorf("entity: list %s: %w", l.t.Name, err)
	}
	recs, err := l.proj.scan(l.t, rows)
	if err != nil {
		return nil, false, err
	}
	more := len(recs) > limit
	if more {
		recs = recs[:limit]
	}
	if back {
		for i, j := 0, len(recs)-1; i < j; i, j = i+1, j-1 {
			recs[i], recs[j] = recs[j], recs[i]
		}
	}
	return recs, more, nil
}

// exists reports whether any listed row satisfies cond.
func (l *lister) exists(ctx context.Context, cond sqlPart) (bool, error) {
	q := fmt.Sprintf("SELECT 1 FROM %s WHERE %s AND (%s) LIMIT 1", l.tables, l.where.sql, cond.sql)
	var one int
	err := l.e.DB.Q(ctx).QueryRowContext(ctx, l.e.DB.Dialect.Rebind(q), append(append([]any{}, l.where.args...), cond.args...)...).Scan(&one)
	if err == sql.ErrNoRows {
		return false, nil
	}
	return err == nil, err
}

func (l *lister) after(ctx context.Context, sc Scope, page *Page, id int64, param string) error {
	vals, err := l.anchor(ctx, sc, id, param)
	if err != nil {
		return err
	}
	if page.Records, page.HasMoreNext, err = l.fetch(ctx, l.beyond(vals, false), false, page.Limit); err != nil {
		return err
	}
	page.HasMorePrev, err = l.exists(ctx, l.from(vals, true))
	return err
}

func (l *lister) before(ctx context.Context, sc Scope, page *Page, id int64) error {
	vals, err := l.anchor(ctx, sc, id, "pageBefore")
	if err != nil {
		return err
	}
	if page.Records, page.HasMorePrev, err = l.fetch(ctx, l.beyond(vals, true), true, page.Limit); err != nil {
		return err
	}
	page.HasMoreNext, err = l.exists(ctx, l.from(vals, false))
	return err
}

// with returns the page around an entity: up to half the limit before it,
// then it and what follows; ElementIndex is its place in the page.
func (l *lister) with(ctx context.Context, sc Scope, page *Page, id int64) error {
	vals, err := l.anchor(ctx, sc, id, "pageWith")
	if err != nil {
		return err
	}
	before, morePrev, err := l.fetch(ctx, l.beyond(vals, true), true, page.Limit/2)
	if err != nil {
		return err
	}
	rest, moreNext, err := l.fetch(ctx, l.from(vals, false), false, page.Limit-len(before))
	if err != nil {
		return err
	}
	page.Records = append(before, rest...)
	page.HasMorePrev, page.HasMoreNext = morePrev, moreNext
	if len(rest) > 0 && rest[0].ID == id {
		idx := len(before)
		page.ElementIndex = &idx
	}
	return nil
}
