package finance

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// afterInvoice keeps the debt of the deal the invoice is on, and of the
// one it left.
func (m *Module) afterInvoice(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	deal := dealOf(c)
	if err := m.refreshDebt(ctx, c.Scope, deal, 0); err != nil {
		return err
	}
	if c.Old != nil {
		if old := c.Old.Links["deal"].ID; old != 0 && old != deal {
			return m.refreshDebt(ctx, c.Scope, old, 0)
		}
	}
	return nil
}

// dropLeftRows deletes the rows an invoice no longer lists: a row belongs
// to its invoice and means nothing apart from it.
func (m *Module) dropLeftRows(ctx context.Context, c *entity.Change, before map[string][]value.Link) error {
	if ctx.Value(droppingKey{}) != nil {
		return nil // the row leaving is being deleted already
	}
	kept := map[int64]bool{}
	for _, l := range c.Many["rows"] {
		kept[l.ID] = true
	}
	for _, l := range before["rows"] {
		if kept[l.ID] {
			continue
		}
		if err := m.e.Delete(ctx, system(c.Scope), "OfferRow", l.ID); err != nil && err != entity.ErrNotFound {
			return fmt.Errorf("finance: drop row %d: %w", l.ID, err)
		}
	}
	return nil
}

// beforeInvoiceDelete takes the invoice's rows with it and its payment
// off its deal's debt.
func (m *Module) beforeInvoiceDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	rows, err := m.rowsOf(ctx, sc.Account, rec.ID)
	if err != nil {
		return err
	}
	dropping := context.WithValue(ctx, droppingKey{}, true)
	for _, l := range rows {
		if err := m.e.Delete(dropping, system(sc), "OfferRow", l.ID); err != nil && err != entity.ErrNotFound {
			return fmt.Errorf("finance: drop row %d: %w", l.ID, err)
		}
	}
	if err := m.dropLinks(ctx, sc.Account, rec.ID); err != nil {
		return err
	}
	return m.refreshDebt(ctx, sc, rec.Links["deal"].ID, rec.ID)
}

// afterRow retotals the invoices listing a row changed on its own
// (POST /offerRow/{id}).
func (m *Module) afterRow(ctx context.Context, c *entity.Change, _ *entity.Record) error {
	if c.New {
		return nil // a new row is in no invoice yet
	}
	return m.retotal(ctx, c.Scope, c.ID, false)
}

// beforeRowDelete retotals the invoices listing a row that goes.
func (m *Module) beforeRowDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	if ctx.Value(droppingKey{}) != nil {
		return nil
	}
	return m.retotal(ctx, sc, rec.ID, true)
}

// retotal re-saves each invoice listing a row (the row left out when it
// is being deleted), so its totals and its deal's debt follow.
func (m *Module) retotal(ctx context.Context, sc entity.Scope, row int64, leaving bool) error {
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT src_id FROM links
		WHERE account_id = ? AND dst_type = 'OfferRow' AND dst_id = ? AND field = 'rows' AND src_type = 'Invoice'`), sc.Account, row)
	if err != nil {
		return fmt.Errorf("finance: invoices of row %d: %w", row, err)
	}
	var ids []int64
	for q.Next() {
		var id int64
		if err := q.Scan(&id); err != nil {
			q.Close()
			return err
		}
		ids = append(ids, id)
	}
	q.Close()
	gone := int64(0)
	if leaving {
		gone = row
	}
	for _, id := range ids {
		if err := m.retotalInvoice(ctx, sc, id, gone); err != nil {
			return err
		}
	}
	return nil
}

func (m *Module) retotalInvoice(ctx context.Context, sc entity.Scope, id, leaving int64) error {
	rec, err := m.e.Get(ctx, system(sc), "Invoice", id)
	if err != nil {
		return err
	}
	rows, err := m.rowsOf(ctx, sc.Account, id)
	if err != nil {
		return err
	}
	if st := statusOf(rec.Values); leaving == 0 && st != Created && st != Drawn {
		return entity.Invalidf("rows", CodeInvoiceClosed, "")
	}
	c := entity.NewChange(system(sc), rec.Type, rec)
	if leaving != 0 {
		ctx = context.WithValue(ctx, droppingKey{}, true)
		var left []value.Link
		for _, l := range rows {
			if l.ID != leaving {
				left = append(left, l)
			}
		}
		if err := m.keepClosed(ctx, sc.Account, rec, left); err != nil {
			return err
		}
		c.Many["rows"] = left
	}
	_, err = m.e.Save(asMachine(ctx), c)
	return err
}
