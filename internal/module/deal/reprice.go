package deal

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
)

// beforeRow prices a position (positions.go) and keeps a deal's positions
// in one currency, so their sum is the deal's price.
func (m *Module) beforeRow(ctx context.Context, c *entity.Change) error {
	if err := m.priceFromList(ctx, c); err != nil {
		return err
	}
	if err := pricePosition(c); err != nil {
		return err
	}
	deal := dealOf(c)
	if c.Old != nil {
		if old, ok := c.Old.Links["deal"]; ok && old.Type == "Deal" && old.ID != deal {
			if err := m.checkRowEdit(ctx, c.Scope, old.ID); err != nil {
				return err
			}
		}
	}
	if err := m.checkRowEdit(ctx, c.Scope, deal); err != nil {
		return err
	}
	if deal == 0 {
		return nil
	}
	sum, _ := money.Parse(c.Values["sum"].(string))
	cur, err := m.currencies(ctx, c.Scope.Account, deal, c.ID)
	if err != nil {
		return err
	}
	for _, other := range cur {
		if other != sum.Currency {
			return invalid("price", CodeCurrencies, "")
		}
	}
	return nil
}

// afterRow reprices the deal the position is on, and the one it left.
func (m *Module) afterRow(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if err := m.reprice(ctx, c.Scope, dealOf(c), 0); err != nil {
		return err
	}
	if c.Old != nil {
		if old, ok := c.Old.Links["deal"]; ok && old.ID != dealOf(c) {
			return m.reprice(ctx, c.Scope, old.ID, 0)
		}
	}
	return nil
}

// beforeRowDelete reprices the deal without the position going away.
func (m *Module) beforeRowDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	if l, ok := rec.Links["deal"]; ok && l.Type == "Deal" {
		if err := m.checkRowEdit(ctx, sc, l.ID); err != nil {
			return err
		}
		return m.reprice(ctx, sc, l.ID, rec.ID)
	}
	return nil
}

// dealOf is the deal a position is on after the change, 0 for none.
func dealOf(c *entity.Change) int64 {
	if l, given := c.Links["deal"]; given {
		if l == nil || l.Type != "Deal" {
			return 0
		}
		return l.ID
	}
	if c.Old != nil {
		if l, ok := c.Old.Links["deal"]; ok && l.Type == "Deal" {
			return l.ID
		}
	}
	return 0
}

// sums reads the stored sums of a deal's positions, but one.
func (m *Module) sums(ctx context.Context, account, deal, except int64) ([]money.Amount, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_sum FROM e_offerrow
		WHERE account_id = ? AND c_deal_t = 'Deal' AND c_deal_i = ? AND id <> ?`), account, deal, except)
	if err != nil {
		return nil, fmt.Errorf("deal: sums of %d: %w", deal, err)
	}
	defer rows.Close()
	var out []money.Amount
	for rows.Next() {
		var s sql.NullString
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		if a, ok := money.Parse(s.String); ok {
			out = append(out, a)
		}
	}
	return out, rows.Err()
}

// currencies are those of a deal's other positions.
func (m *Module) currencies(ctx context.Context, account, deal, except int64) ([]string, error) {
	sums, err := m.sums(ctx, account, deal, except)
	out := make([]string, len(sums))
	for i, s := range sums {
		out[i] = s.Currency
	}
	return out, err
}

// reprice sets a deal's price to the sum of its positions (but one being
// deleted). A deal left without positions keeps its last price, which a
// person may then change.
func (m *Module) reprice(ctx context.Context, sc entity.Scope, deal, except int64) error {
	if deal == 0 {
		return nil
	}
	sums, err := m.sums(ctx, sc.Account, deal, except)
	if err != nil || len(sums) == 0 {
		return err
	}
	total := money.Amount{Currency: sums[0].Currency, Rate: sums[0].Rate}
	for _, s := range sums {
		total.Kopecks += s.Kopecks
	}
	sys := entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true}
	rec, err := m.e.Get(ctx, sys, "Deal", deal)
	if err != nil {
		return nil // a position may name a deal since deleted
	}
	if cur, _ := rec.Values["price"].(string); cur == total.Stored() {
		return nil
	}
	c := entity.NewChange(sys, rec.Type, rec)
	c.Values["price"] = total.Stored()
	_, err = m.e.Save(asMachine(ctx), c)
	return err
}
