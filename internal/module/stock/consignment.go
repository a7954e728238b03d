package stock

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
)

// Save creates (id 0) or changes a consignment with its rows and its
// state, in one transaction: the fields, the rows, the balances and the
// state are written together or not at all. in may carry rows (the
// whole new list) and state (the target).
func (m *Module) Save(ctx context.Context, sc entity.Scope, id int64, in entity.Input) (*entity.Record, error) {
	var rec *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		rec, err = m.save(ctx, sc, id, in)
		return err
	})
	return rec, err
}

func (m *Module) save(ctx context.Context, sc entity.Scope, id int64, in entity.Input) (*entity.Record, error) {
	rawRows, withRows := in["rows"]
	rawState, withState := in["state"]
	delete(in, "rows")
	delete(in, "state")
	delete(in, "contentType")
	delete(in, "id")
	var old *entity.Record
	if id != 0 {
		if err := m.lock(ctx, sc.Account, id); err != nil {
			return nil, err
		}
		var err error
		if old, err = m.e.Get(ctx, sc, "Consignment", id); err != nil {
			return nil, err
		}
	}
	from := Created
	if old != nil {
		from = stateOf(old.Values)
	}
	to := from
	if withState && string(rawState) != "null" {
		if json.Unmarshal(rawState, &to) != nil || next[to] == nil {
			return nil, entity.Invalidf("state", CodeStateNotAllowed, "")
		}
	}
	if from == Performed && (len(in) > 0 || withRows || to != Created && to != Performed) {
		return nil, entity.Invalidf("state", CodePerformed, "")
	}
	if to != from && !slices.Contains(next[from], to) {
		return nil, entity.Invalidf("state", CodeStateNotAllowed, "")
	}
	var need []string
	if old == nil || len(in) > 0 || withRows {
		need = append(need, RightCreate)
	}
	if to != from {
		need = append(need, rightFor(from, to))
	}
	if old != nil {
		if err := m.needAll(ctx, sc, old, need); err != nil {
			return nil, err
		}
	}
	var err error
	switch {
	case old == nil:
		if _, given := in["type"]; !given {
			return nil, entity.Invalidf("type", entity.CodeRequired, "")
		}
		rec, err := m.e.Create(ctx, sc, "Consignment", in)
		if err != nil {
			return nil, err
		}
		id = rec.ID
		if err := m.lock(ctx, sc.Account, id); err != nil {
			return nil, err
		}
	case len(in) > 0:
		if _, err = m.e.Update(ctx, sc, "Consignment", id, in); err != nil {
			return nil, err
		}
	}
	if withRows {
		if err := m.writeRows(ctx, sc, id, rawRows); err != nil {
			return nil, err
		}
	}
	rec, err := m.e.Get(ctx, system(sc), "Consignment", id)
	if err != nil {
		return nil, err
	}
	if err := m.needAll(ctx, sc, rec, need); err != nil {
		return nil, err
	}
	if err := m.settle(ctx, sc, rec, from, to); err != nil {
		return nil, err
	}
	return m.e.Get(ctx, sc, "Consignment", id)
}

// settle brings the balances to what the consignment in state to leaves,
// and writes the state.
func (m *Module) settle(ctx context.Context, sc entity.Scope, rec *entity.Record, from, to string) error {
	typ := rec.String("type")
	warehouse := rec.Links["warehouse"].ID
	goods, err := m.goods(ctx, sc.Account, rec.ID)
	if err != nil {
		return err
	}
	if to == Performed && from != Performed && len(goods) == 0 {
		return entity.Invalidf("rows", CodeNoGoods, "")
	}
	if (to == Reserved || to == Performed) && warehouse == 0 {
		return entity.Invalidf("warehouse", entity.CodeRequired, "")
	}
	chk := checkOnHand
	if typ == Expense && to == Performed {
		chk = checkPerform
	} else if typ == Expense && to == Reserved {
		chk = checkReserve
	}
	if err := m.shift(ctx, sc.Account, rec.ID, effect(typ, to, warehouse, goods), chk); err != nil {
		return err
	}
	c := entity.NewChange(system(sc), rec.Type, rec)
	if to != from || rec.Values["state"] == nil {
		c.Values["state"] = to
		switch {
		case to == Performed:
			c.Values["actualTime"] = m.e.Now().UnixMilli()
		case from == Performed:
			c.Values["actualTime"] = nil
		}
	}
	if err := m.retotal(ctx, sc, rec.ID, c); err != nil {
		return err
	}
	if unchanged(c, rec) {
		return nil
	}
	_, err = m.e.Save(own(ctx), c)
	return err
}

// lock takes the consignment's lock row: on PostgreSQL two saves of one
// consignment run one after the other, so neither applies its share on a
// state the other is changing. (SQLite's one writer already does.)
func (m *Module) lock(ctx context.Context, account, id int64) error {
	db := m.e.DB
	err := db.Exec(ctx, db.Dialect.Rebind(`INSERT INTO stock_locks (account_id, consignment_id, saves) VALUES (?, ?, 1)
		ON CONFLICT (account_id, consignment_id) DO UPDATE SET saves = stock_locks.saves + 1`), account, id)
	if err != nil {
		return fmt.Errorf("stock: lock consignment %d: %w", id, err)
	}
	return nil
}

// Delete deletes a consignment that is not performed, with its rows,
// giving back what it reserved or expected.
func (m *Module) Delete(ctx context.Context, sc entity.Scope, id int64) error {
	return m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := m.lock(ctx, sc.Account, id); err != nil {
			return err
		}
		rec, err := m.e.Get(ctx, sc, "Consignment", id)
		if err != nil {
			return err
		}
		if stateOf(rec.Values) == Performed {
			return entity.Invalidf("state", CodePerformed, "")
		}
		if err := m.needAll(ctx, sc, rec, []string{RightCreate}); err != nil {
			return err
		}
		if err := m.shift(ctx, sc.Account, id, nil, checkOnHand); err != nil {
			return err
		}
		rows, err := m.rowIDs(ctx, sc.Account, id)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if err := m.e.Delete(own(ctx), system(sc), "ConsignmentRow", r); err != nil && err != entity.ErrNotFound {
				return err
			}
		}
		return m.e.Delete(own(ctx), sc, "Consignment", id)
	})
}

// peekNumber is the number the account's next consignment would take.
func (m *Module) peekNumber(ctx context.Context, account int64) (int64, error) {
	var n int64
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT value FROM sequences
		WHERE account_id = ? AND name = 'Consignment.number'`), account)
	if err != nil {
		return 0, fmt.Errorf("stock: consignment number: %w", err)
	}
	defer q.Close()
	if q.Next() {
		if err := q.Scan(&n); err != nil {
			return 0, err
		}
	}
	return n + 1, q.Err()
}
