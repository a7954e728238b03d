package realtime

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// seersPerQuery bounds the users one visibility query decides, so its
// arguments stay far below either database's limit.
const seersPerQuery = 50

// condition is the rights policy's visibility of t for a scope; nil means
// the scope sees every entity of t in its account.
func (h *Hub) condition(ctx context.Context, sc entity.Scope, t *catalog.Type) (*entity.Condition, error) {
	if h.cfg.Engine.Policy == nil || sc.System {
		return nil, nil
	}
	return h.cfg.Engine.Policy.Visible(ctx, sc, t)
}

// seers decides which users see one entity, with one query per
// seersPerQuery users whose visibility depends on the row (the same
// condition used by the API's reads, so a socket never learns more than a
// GET would tell). Users who see the whole type cost nothing, and users
// with the same condition share a column. A vanished row is seen by no one.
func (h *Hub) seers(ctx context.Context, t *catalog.Type, account, id int64, users []*userState) (map[*userState]bool, error) {
	out := make(map[*userState]bool, len(users))
	type column struct {
		cond  *entity.Condition
		users []*userState
	}
	var cols []*column
	byCond := map[string]*column{}
	for _, u := range users {
		cond, err := h.condition(ctx, u.scope, t)
		if err != nil {
			return nil, err
		}
		if cond == nil {
			out[u] = true
			continue
		}
		key := cond.SQL + "\x00" + fmt.Sprint(cond.Args...)
		if c := byCond[key]; c != nil {
			c.users = append(c.users, u)
			continue
		}
		c := &column{cond: cond, users: []*userState{u}}
		byCond[key] = c
		cols = append(cols, c)
	}
	for len(cols) > 0 {
		n := min(len(cols), seersPerQuery)
		chunk := cols[:n]
		cols = cols[n:]
		exprs := make([]string, n)
		var args []any
		for i, c := range chunk {
			exprs[i] = "CASE WHEN (" + c.cond.SQL + ") THEN 1 ELSE 0 END"
			args = append(args, c.cond.Args...)
		}
		q := fmt.Sprintf("SELECT %s FROM %s WHERE %s.account_id = ? AND %s.id = ?", strings.Join(exprs, ", "), t.Table, t.Table, t.Table)
		vals := make([]int64, n)
		ptrs := make([]any, n)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		err := h.cfg.DB.Q(ctx).QueryRowContext(ctx, h.cfg.DB.Dialect.Rebind(q), append(args, account, id)...).Scan(ptrs...)
		if errors.Is(err, sql.ErrNoRows) {
			return map[*userState]bool{}, nil
		}
		if err != nil {
			return nil, fmt.Errorf("realtime: visibility of %s %d: %w", t.Name, id, err)
		}
		for i, c := range chunk {
			for _, u := range c.users {
				out[u] = vals[i] == 1
			}
		}
	}
	return out, nil
}

// visibleIDs is which of ids of type t the scope sees, in one query.
func (h *Hub) visibleIDs(ctx context.Context, sc entity.Scope, t *catalog.Type, ids []int64) (map[int64]bool, error) {
	q := fmt.Sprintf("SELECT %s.id FROM %s WHERE %s.account_id = ? AND %s.id IN (%s)", t.Table, t.Table, t.Table, t.Table,
		store.Marks(len(ids)))
	args := []any{sc.Account}
	for _, id := range ids {
		args = append(args, id)
	}
	cond, err := h.condition(ctx, sc, t)
	if err != nil {
		return nil, err
	}
	if cond != nil {
		q += " AND (" + cond.SQL + ")"
		args = append(args, cond.Args...)
	}
	rows, err := h.cfg.DB.Q(ctx).QueryContext(ctx, h.cfg.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("realtime: visibility of %s: %w", t.Name, err)
	}
	seen := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		seen[id] = true
	}
	rows.Close()
	return seen, rows.Err()
}
