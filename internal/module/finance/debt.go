package finance

import (
	"context"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
)

// A deal's debt is its price less what it was paid (dealPaid: its paid
// invoices, what incomes paid of the others, its own incomes), never
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
	paid, err := m.dealPaid(ctx, c.Scope.Account, c.ID, 0, 0)
	if err != nil {
		return err
	}
	s, _ := price.(string)
	c.Values["debt"], c.Values["paymentProgress"] = money.Owed(s, paid)
	return nil
}

// refreshDebt recomputes a deal's debt after an invoice write (but one
// invoice being deleted).
func (m *Module) refreshDebt(ctx context.Context, sc entity.Scope, deal, except int64) error {
	return m.refreshDebtExcept(ctx, sc, deal, except, 0)
}

// refreshDebtExcept is refreshDebt leaving out an operation being
// deleted too.
func (m *Module) refreshDebtExcept(ctx context.Context, sc entity.Scope, deal, exceptInvoice, exceptOp int64) error {
	if deal == 0 {
		return nil
	}
	rec, err := m.e.Get(ctx, system(sc), "Deal", deal)
	if err != nil {
		return nil // an invoice may name a deal since deleted
	}
	paid, err := m.dealPaid(ctx, sc.Account, deal, exceptInvoice, exceptOp)
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
