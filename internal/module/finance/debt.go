package finance

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
)

// A deal's debt is its price less the sum of its paid invoices, never
// below zero; paymentProgress is the paid share of the price in percent
// (docs/finance.md, "A deal's debt"). Both are kept in the transaction of
// every write that changes them: an invoice's, or the deal's price.

// beforeDeal keeps a deal's debt with its price; a client's debt and
// progress are ignored.
func (m *Module) beforeDeal(ctx context.Context, c *entity.Change) error {
	if isMachine(ctx) {
		return nil
	}
	delete(c.Values, "debt")
	delete(c.Values, "paymentProgress")
	price, given := c.Values["price"]
	if !given && !c.New {
		return nil
	}
	paid, err := m.paid(ctx, c.Scope.Account, c.ID, 0)
	if err != nil {
		return err
	}
	s, _ := price.(string)
	c.Values["debt"], c.Values["paymentProgress"] = money.Owed(s, paid)
	return nil
}

// paid is the sum in kopecks of a deal's paid invoices, but one.
func (m *Module) paid(ctx context.Context, account, deal, except int64) (int64, error) {
	if deal == 0 {
		return 0, nil
	}
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_sum FROM e_invoice
		WHERE account_id = ? AND c_deal_t = 'Deal' AND c_deal_i = ? AND c_status = ? AND id <> ?`), account, deal, Paid, except)
	if err != nil {
		return 0, fmt.Errorf("finance: paid invoices of deal %d: %w", deal, err)
	}
	defer q.Close()
	var total int64
	for q.Next() {
		var s sql.NullString
		if err := q.Scan(&s); err != nil {
			return 0, err
		}
		a, _ := money.Parse(s.String)
		total += a.Kopecks
	}
	return total, q.Err()
}

// refreshDebt recomputes a deal's debt after an invoice write (but one
// invoice being deleted).
func (m *Module) refreshDebt(ctx context.Context, sc entity.Scope, deal, except int64) error {
	if deal == 0 {
		return nil
	}
	rec, err := m.e.Get(ctx, system(sc), "Deal", deal)
	if err != nil {
		return nil // an invoice may name a deal since deleted
	}
	paid, err := m.paid(ctx, sc.Account, deal, except)
	if err != nil {
		return err
	}
	debt, progress := money.Owed(rec.String("price"), paid)
	if rec.String("debt") == debt && rec.Values["paymentProgress"] == progress {
		return nil
	}
	c := entity.NewChange(system(sc), rec.Type, rec)
	c.Values["debt"], c.Values["paymentProgress"] = debt, progress
	_, err = m.e.Save(asMachine(ctx), c)
	return err
}

// dealOf is the deal an invoice names after a change, 0 for none.
func dealOf(c *entity.Change) int64 {
	if l, given := c.Links["deal"]; given {
		if l == nil {
			return 0
		}
		return l.ID
	}
	if c.Old != nil {
		return c.Old.Links["deal"].ID
	}
	return 0
}
