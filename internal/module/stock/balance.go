package stock

import (
	"context"
	"fmt"
	"math/big"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
)

// milli is a quantity in thousandths of a unit: balances are integers so
// SQL compares them exactly.
const milli = 1000

// toMilli is a row's quantity in thousandths; false when it is not a
// positive number with at most three decimals.
func toMilli(v any) (int64, bool) {
	f, ok := v.(float64)
	if !ok || f <= 0 || f > 1e12 {
		return 0, false
	}
	r := new(big.Rat).Mul(money.Exact(f), big.NewRat(milli, 1))
	if !r.IsInt() {
		return 0, false
	}
	return r.Num().Int64(), true
}

func fromMilli(n int64) float64 { return float64(n) / milli }

// key is one balance: an offer in a warehouse.
type key struct{ warehouse, offer int64 }

// share is what a consignment puts into a balance: on hand, reserved
// (an expense waiting), expected (an income waiting).
type share struct{ quantity, reserved, expected int64 }

// effect is a consignment's share of each balance in a state:
//
//	expense reserved: reserved += n     income reserved: expected += n
//	expense performed: quantity -= n    income performed: quantity += n
//	created, cancelled: nothing
func effect(typ, state string, warehouse int64, goods map[int64]int64) map[key]share {
	out := map[key]share{}
	if warehouse == 0 || (state != Reserved && state != Performed) {
		return out
	}
	for offer, n := range goods {
		var s share
		switch {
		case typ == Expense && state == Reserved:
			s.reserved = n
		case typ == Expense:
			s.quantity = -n
		case state == Reserved:
			s.expected = n
		default:
			s.quantity = n
		}
		out[key{warehouse, offer}] = s
	}
	return out
}

// check is what a balance must still hold after a change:
//
//	performing an expense: quantity − reserved ≥ 0 (on hand, free of
//	  others' reserves)
//	reserving an expense: quantity + expected − reserved ≥ 0 (future
//	  receipts count when reserving, spec 001 §5)
//	always: quantity ≥ 0
type check int

const (
	checkOnHand check = iota
	checkPerform
	checkReserve
)

// applied is a consignment's current share of each balance.
func (m *Module) applied(ctx context.Context, account, consignment int64) (map[key]share, error) {
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT warehouse_id, offer_id, quantity, reserved, expected
		FROM stock_applied WHERE account_id = ? AND consignment_id = ?`), account, consignment)
	if err != nil {
		return nil, fmt.Errorf("stock: applied of %d: %w", consignment, err)
	}
	defer q.Close()
	out := map[key]share{}
	for q.Next() {
		var k key
		var s share
		if err := q.Scan(&k.warehouse, &k.offer, &s.quantity, &s.reserved, &s.expected); err != nil {
			return nil, err
		}
		out[k] = s
	}
	return out, q.Err()
}

// shift moves a consignment's share from what it has applied to want,
// balance by balance, each by one conditional UPDATE: the check rides in
// its WHERE, so on PostgreSQL a concurrent change waits on the row's lock
// and is judged on what the first one left. A balance that fails refuses
// the whole change (the caller's transaction rolls back).
func (m *Module) shift(ctx context.Context, account, consignment int64, want map[key]share, chk check) error {
	had, err := m.applied(ctx, account, consignment)
	if err != nil {
		return err
	}
	keys := map[key]bool{}
	for k := range had {
		keys[k] = true
	}
	for k := range want {
		keys[k] = true
	}
	for _, k := range sortedKeys(keys) {
		d := share{want[k].quantity - had[k].quantity, want[k].reserved - had[k].reserved, want[k].expected - had[k].expected}
		if d == (share{}) {
			continue
		}
		if err := m.move(ctx, account, k, d, had[k], chk); err != nil {
			return err
		}
	}
	db := m.e.DB
	if err := db.Exec(ctx, db.Dialect.Rebind(`DELETE FROM stock_applied WHERE account_id = ? AND consignment_id = ?`),
		account, consignment); err != nil {
		return fmt.Errorf("stock: clear applied: %w", err)
	}
	for _, k := range sortedKeys(keysOf(want)) {
		s := want[k]
		if err := db.Exec(ctx, db.Dialect.Rebind(`INSERT INTO stock_applied (account_id, consignment_id, warehouse_id,
			offer_id, quantity, reserved, expected) VALUES (?, ?, ?, ?, ?, ?, ?)`),
			account, consignment, k.warehouse, k.offer, s.quantity, s.reserved, s.expected); err != nil {
			return fmt.Errorf("stock: applied: %w", err)
		}
	}
	return nil
}

// move changes one balance by d, under the check.
func (m *Module) move(ctx context.Context, account int64, k key, d, mine share, chk check) error {
	db := m.e.DB
	if err := db.Exec(ctx, db.Dialect.Rebind(`INSERT INTO stock_balances (account_id, warehouse_id, offer_id)
		VALUES (?, ?, ?) ON CONFLICT DO NOTHING`), account, k.warehouse, k.offer); err != nil {
		return fmt.Errorf("stock: balance row: %w", err)
	}
	cond := "quantity + ? >= 0"
	args := []any{d.quantity, d.reserved, d.expected, account, k.warehouse, k.offer, d.quantity}
	// Only a change that takes from the stock is judged; giving back
	// (an income, a released reserve) always passes.
	switch {
	case chk == checkPerform && (d.quantity < 0 || d.reserved > 0):
		cond += " AND quantity + ? - (reserved + ?) >= 0"
		args = append(args, d.quantity, d.reserved)
	case chk == checkReserve && (d.reserved > 0 || d.expected < 0):
		cond += " AND quantity + ? + expected + ? - (reserved + ?) >= 0"
		args = append(args, d.quantity, d.expected, d.reserved)
	}
	res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE stock_balances
		SET quantity = quantity + ?, reserved = reserved + ?, expected = expected + ?
		WHERE account_id = ? AND warehouse_id = ? AND offer_id = ? AND `+cond), args...)
	if err != nil {
		return fmt.Errorf("stock: balance: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	return m.refusal(ctx, account, k, mine, chk)
}

// refusal words a failed check: nothing free at all, or not enough. The
// consignment's own reserve (mine) is stock it holds already.
func (m *Module) refusal(ctx context.Context, account int64, k key, mine share, chk check) error {
	b, err := m.balance(ctx, account, k)
	if err != nil {
		return err
	}
	free := b.quantity - b.reserved + mine.reserved
	if chk == checkReserve {
		free += b.expected
	}
	name := m.offerName(ctx, account, k.offer)
	if free <= 0 && chk != checkReserve {
		return entity.Invalidf("rows", CodeNoStock, name)
	}
	return entity.Invalidf("rows", CodeExceedsStock, name)
}

func (m *Module) balance(ctx context.Context, account int64, k key) (share, error) {
	var s share
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT quantity, reserved, expected
		FROM stock_balances WHERE account_id = ? AND warehouse_id = ? AND offer_id = ?`), account, k.warehouse, k.offer).
		Scan(&s.quantity, &s.reserved, &s.expected)
	if err != nil {
		return s, fmt.Errorf("stock: read balance: %w", err)
	}
	return s, nil
}

func (m *Module) offerName(ctx context.Context, account, offer int64) string {
	rec, err := m.e.Get(ctx, entity.Scope{Account: account, System: true}, "Offer", offer)
	if err != nil {
		return ""
	}
	return rec.String("name")
}
