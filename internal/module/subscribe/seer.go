package subscribe

import (
	"context"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// seer answers whether other people see subjects, with the very condition
// the API's reads use for them. It keeps each person's scope for its own
// life (one request or one save), so a page costs one query per person.
type seer struct {
	s       *Subscriptions
	account int64
	scopes  map[value.Link]*entity.Scope // nil: may not read at all
}

func (s *Subscriptions) seer(account int64) *seer {
	return &seer{s: s, account: account, scopes: map[value.Link]*entity.Scope{}}
}

func (v *seer) scope(ctx context.Context, who value.Link) (*entity.Scope, error) {
	if sc, ok := v.scopes[who]; ok {
		return sc, nil
	}
	sc := &entity.Scope{Account: v.account, Actor: who}
	if v.s.Scope != nil {
		if err := v.s.Scope(ctx, sc); errors.Is(err, rights.ErrNoGuestAccess) {
			sc = nil // a guest whose access is off sees nothing
		} else if err != nil {
			return nil, err
		}
	}
	v.scopes[who] = sc
	return sc, nil
}

// sees is which of ids of type t the person sees.
func (v *seer) sees(ctx context.Context, who value.Link, t *catalog.Type, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	sc, err := v.scope(ctx, who)
	if err != nil || sc == nil || len(ids) == 0 {
		return out, err
	}
	q := fmt.Sprintf("SELECT %s.id FROM %s WHERE %s.account_id = ? AND %s.id IN (%s)", t.Table, t.Table, t.Table, t.Table, store.Marks(len(ids)))
	args := append([]any{v.account}, store.Args(ids)...)
	if p := v.s.e.Policy; p != nil {
		cond, err := p.Visible(ctx, *sc, t)
		if err != nil {
			return nil, err
		}
		if cond != nil {
			q += " AND (" + cond.SQL + ")"
			args = append(args, cond.Args...)
		}
	}
	db := v.s.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("subscribe: does %s %d see %s: %w", who.Type, who.ID, t.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}
