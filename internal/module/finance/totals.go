package finance

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// kept are the invoice fields these rules keep; a client's value is
// ignored (clients send back what they read).
var kept = []string{"number", "sum", "taxTotal", "paidSum", "publicDownloadLink"}

// beforeInvoice numbers a new invoice, gives it the account's own legal
// entity as its recipient when none is named, checks its status move and
// computes its totals from its rows.
func (m *Module) beforeInvoice(ctx context.Context, c *entity.Change) error {
	if !c.Scope.System && !isMachine(ctx) {
		for _, f := range kept {
			delete(c.Values, f)
		}
	}
	if err := m.moveStatus(c); err != nil {
		return err
	}
	if err := m.checkTemplate(ctx, c); err != nil {
		return err
	}
	if c.New {
		if _, given := c.Links["consignee"]; !given && c.Links["payer"] != nil {
			c.Links["consignee"] = c.Links["payer"]
		}
		if _, given := c.Links["recipient"]; !given {
			own, err := m.ownRecipient(ctx, c.Scope.Account, c.Links["payer"])
			if err != nil {
				return err
			}
			if own != nil {
				c.Links["recipient"] = own
			}
		}
		if c.Values["number"] == nil {
			n, err := m.e.NextNumber(ctx, c.Scope, "Invoice.number")
			if err != nil {
				return err
			}
			c.Values["number"] = strconv.FormatInt(n, 10)
		}
	}
	rows, given := c.Many["rows"]
	if !given {
		var err error
		if rows, err = m.rowsOf(ctx, c.Scope.Account, c.ID); err != nil {
			return err
		}
	} else if c.Old != nil && !isMachine(ctx) {
		// The rules' own saves (SetRows, retotal) check this themselves.
		if err := m.keepClosed(ctx, c.Scope.Account, c.Old, rows); err != nil {
			return err
		}
	}
	return m.total(ctx, c, rows)
}

// total sets an invoice's sum and taxTotal: the exact sums of its rows'
// sum and taxSum (each row priced by the OfferRow rules, docs/deal.md).
func (m *Module) total(ctx context.Context, c *entity.Change, rows []value.Link) error {
	sum, tax := money.Amount{Rate: 1}, money.Amount{}
	if len(rows) > 0 {
		ids := make([]int64, len(rows))
		for i, l := range rows {
			ids[i] = l.ID
		}
		q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_sum, c_taxsum FROM e_offerrow
			WHERE account_id = ? AND id IN (`+store.Marks(len(ids))+`)`), append([]any{c.Scope.Account}, store.Args(ids)...)...)
		if err != nil {
			return fmt.Errorf("finance: rows of invoice %d: %w", c.ID, err)
		}
		defer q.Close()
		first := true
		for q.Next() {
			var s, t sql.NullString
			if err := q.Scan(&s, &t); err != nil {
				return err
			}
			rs, _ := money.Parse(s.String)
			rt, _ := money.Parse(t.String)
			if first {
				sum.Currency, sum.Rate, first = rs.Currency, rs.Rate, false
			} else if rs.Currency != sum.Currency {
				return entity.Invalidf("rows", CodeRowsCurrencies, "")
			}
			sum.Kopecks += rs.Kopecks
			tax.Kopecks += rt.Kopecks
		}
		if err := q.Err(); err != nil {
			return err
		}
	}
	c.Values["sum"] = sum.Stored()
	c.Values["taxTotal"], _ = big.NewRat(tax.Kopecks, 100).Float64()
	return nil
}

// rowsOf are an invoice's rows as stored, in order.
func (m *Module) rowsOf(ctx context.Context, account, invoice int64) ([]value.Link, error) {
	if invoice == 0 {
		return nil, nil
	}
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT dst_id FROM links
		WHERE account_id = ? AND src_type = 'Invoice' AND src_id = ? AND field = 'rows' ORDER BY pos`), account, invoice)
	if err != nil {
		return nil, fmt.Errorf("finance: rows of invoice %d: %w", invoice, err)
	}
	defer q.Close()
	var out []value.Link
	for q.Next() {
		l := value.Link{Type: "OfferRow"}
		if err := q.Scan(&l.ID); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, q.Err()
}
