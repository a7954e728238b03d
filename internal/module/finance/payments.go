package finance

import (
	"context"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
)

// An invoice's paidSum is the sum of the incomes that name it
// (FinOperation.invoices). Covered in full, a created or drawn invoice
// becomes paid; an invoice paid that way goes back to drawn when an
// income is taken off it (docs/finance.md, "Payments").

// incomesOf is the sum in kopecks of the incomes' parts paying an
// invoice, but one operation (being deleted). An income that keeps no
// parts (written before they were kept) pays its invoice whole.
func (m *Module) incomesOf(ctx context.Context, account, invoice, except int64) (int64, error) {
	if except == 0 {
		except = leavingOp(ctx)
	}
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT o.c_incomesum, o.c_invoicesums
		FROM e_finoperation o JOIN links l ON l.account_id = o.account_id
		AND l.src_type = 'FinOperation' AND l.src_id = o.id AND l.field = 'invoices' AND l.dst_type = 'Invoice'
		WHERE o.account_id = ? AND l.dst_id = ? AND o.c_kind = 'income' AND o.id <> ?`), account, invoice, except)
	if err != nil {
		return 0, fmt.Errorf("finance: incomes of %d: %w", invoice, err)
	}
	defer q.Close()
	var total int64
	for q.Next() {
		var sum, parts *string
		if err := q.Scan(&sum, &parts); err != nil {
			return 0, err
		}
		if parts != nil {
			if p := storedParts(*parts); p != nil {
				total += p[invoice]
				continue
			}
		}
		if sum != nil {
			a, _ := money.Parse(*sum)
			total += a.Kopecks
		}
	}
	return total, q.Err()
}

// refreshPaid keeps an invoice's paidSum and its status with its incomes.
func (m *Module) refreshPaid(ctx context.Context, sc entity.Scope, invoice, except int64) error {
	rec, err := m.e.Get(ctx, system(sc), "Invoice", invoice)
	if err != nil {
		return nil // an operation may name an invoice since deleted
	}
	paid, err := m.incomesOf(ctx, sc.Account, invoice, except)
	if err != nil {
		return err
	}
	total, _ := money.Parse(rec.String("sum"))
	was, _ := money.Parse(rec.String("paidSum"))
	c := entity.NewChange(system(sc), rec.Type, rec)
	now := money.Amount{Kopecks: paid, Currency: total.Currency, Rate: 1}
	if rec.String("paidSum") == "" || was.Kopecks != paid {
		c.Values["paidSum"] = now.Stored()
	}
	st := statusOf(rec.Values)
	switch {
	case (st == Created || st == Drawn) && total.Kopecks > 0 && paid >= total.Kopecks:
		c.Values["status"] = Paid
	case st == Paid && was.Kopecks >= total.Kopecks && paid < total.Kopecks && total.Kopecks > 0:
		c.Values["status"] = Drawn
	}
	if len(c.Values) == 0 {
		return nil
	}
	_, err = m.e.Save(asMachine(ctx), c)
	return err
}

// dealPaid is what a deal has been paid, in kopecks: each of its
// invoices' sum when paid, else what its incomes paid of it; and the
// incomes naming the deal itself and no invoice. One invoice and one
// operation may be left out (being deleted).
func (m *Module) dealPaid(ctx context.Context, account, deal, exceptInvoice, exceptOp int64) (int64, error) {
	if deal == 0 {
		return 0, nil
	}
	full, err := m.sumOf(ctx, `SELECT c_sum FROM e_invoice WHERE account_id = ? AND c_deal_t = 'Deal'
		AND c_deal_i = ? AND c_status = ? AND id <> ?`, account, deal, Paid, exceptInvoice)
	if err != nil {
		return 0, err
	}
	invoices, err := m.ids(ctx, `SELECT id FROM e_invoice WHERE account_id = ? AND c_deal_t = 'Deal'
		AND c_deal_i = ? AND (c_status IS NULL OR c_status <> ?) AND id <> ?`, account, deal, Paid, exceptInvoice)
	if err != nil {
		return 0, err
	}
	for _, inv := range invoices {
		part, err := m.incomesOf(ctx, account, inv, exceptOp)
		if err != nil {
			return 0, err
		}
		full += part
	}
	if exceptOp == 0 {
		exceptOp = leavingOp(ctx)
	}
	direct, err := m.sumOf(ctx, `SELECT o.c_incomesum FROM e_finoperation o WHERE o.account_id = ?
		AND o.c_deal_t = 'Deal' AND o.c_deal_i = ? AND o.c_kind = 'income' AND o.id <> ?
		AND NOT EXISTS (SELECT 1 FROM links l WHERE l.account_id = o.account_id AND l.src_type = 'FinOperation'
			AND l.src_id = o.id AND l.field = 'invoices')`, account, deal, exceptOp)
	return full + direct, err
}

// fillInvoiceOps is an invoice's financeOperations: the operations that
// name it.
func (m *Module) fillInvoiceOps(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	for _, rec := range recs {
		ops, err := m.ids(ctx, `SELECT src_id FROM links WHERE account_id = ? AND src_type = 'FinOperation'
			AND field = 'invoices' AND dst_type = 'Invoice' AND dst_id = ? ORDER BY src_id`, sc.Account, rec.ID)
		if err != nil {
			return err
		}
		if want["financeOperations"] {
			items := make([]map[string]any, len(ops))
			for i, id := range ops {
				items[i] = map[string]any{"contentType": "FinOperation", "id": strconv.FormatInt(id, 10)}
			}
			rec.SetComputed("financeOperations", items)
		}
		if want["financeOperationsCount"] {
			rec.SetComputed("financeOperationsCount", len(ops))
		}
	}
	return nil
}

// leavingKey carries the operation being deleted to the refreshes its
// delete sets off (an invoice's save retotals its deal's debt), which
// must leave it out while it is still in its table.
type leavingKey struct{}

func leavingOp(ctx context.Context) int64 {
	id, _ := ctx.Value(leavingKey{}).(int64)
	return id
}
