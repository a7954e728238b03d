package report

import (
	"context"
	"database/sql"
	"fmt"
	"sort"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Manager is one line of the sales department report.
type Manager struct {
	Manager                    map[string]any
	Won, Lost, Active, Paid    int64
	WonSum, LostSum, ActiveSum float64
	PaidSum                    float64
	key                        managerKey
}

type managerKey struct {
	typ string
	id  int64
}

// JSON is the line as the API answers it, the sums as Money.
func (l *Manager) JSON() map[string]any {
	return map[string]any{"manager": l.Manager, "won": l.Won, "wonSum": money(l.WonSum), "lost": l.Lost,
		"lostSum": money(l.LostSum), "active": l.Active, "activeSum": money(l.ActiveSum),
		"invoicesPaid": l.Paid, "invoicesPaidSum": money(l.PaidSum)}
}

// SalesDepartment is, per deal manager, the deals won, lost and still
// open with their sums, and the paid invoices of the manager's deals:
// deals the reader sees, invoices the reader sees of those deals. A deal
// is won or lost by its result (the type of its state, docs/deal.md).
func (m *Module) SalesDepartment(ctx context.Context, sc entity.Scope, filter []byte, opt value.Options) ([]*Manager, error) {
	cond, err := m.where(ctx, sc, "Deal", filter, opt)
	if err != nil {
		return nil, err
	}
	d := m.e.Cat.Type("Deal")
	mgr := d.Table + "." + d.Field("manager").Column
	price := d.Table + "." + d.Field("price").SortColumn()
	by := map[managerKey]*Manager{}
	line := func(k managerKey) *Manager {
		if by[k] == nil {
			by[k] = &Manager{key: k}
		}
		return by[k]
	}
	// Grouped in the order of the (manager, result, price) index.
	q := fmt.Sprintf(`SELECT %[1]s_t, %[1]s_i, COALESCE(%[2]s.%[3]s, ''), COUNT(*), COALESCE(SUM(%[4]s), 0) FROM %[2]s
		WHERE %[5]s AND %[1]s_i IS NOT NULL GROUP BY %[1]s_i, %[1]s_t, %[2]s.%[3]s`,
		mgr, d.Table, d.Field("result").Column, price, cond.SQL)
	err = m.query(ctx, q, cond.Args, func(r *sql.Rows) error {
		var k managerKey
		var result string
		var n int64
		var sum float64
		if err := r.Scan(&k.typ, &k.id, &result, &n, &sum); err != nil {
			return err
		}
		l := line(k)
		switch result {
		case "positive":
			l.Won, l.WonSum = l.Won+n, l.WonSum+sum
		case "negative":
			l.Lost, l.LostSum = l.Lost+n, l.LostSum+sum
		default:
			l.Active, l.ActiveSum = l.Active+n, l.ActiveSum+sum
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := m.paidInvoices(ctx, sc, cond, mgr, opt, line); err != nil {
		return nil, err
	}
	return m.named(ctx, sc, by)
}

// paidInvoices adds each manager's paid invoices: the reader must see
// both the invoice and its deal.
func (m *Module) paidInvoices(ctx context.Context, sc entity.Scope, deals entity.Condition, mgr string, opt value.Options, line func(managerKey) *Manager) error {
	inv, err := m.where(ctx, sc, "Invoice", nil, opt)
	if err != nil {
		return err
	}
	d, i := m.e.Cat.Type("Deal"), m.e.Cat.Type("Invoice")
	sum := i.Table + "." + i.Field("sum").SortColumn()
	q := fmt.Sprintf(`SELECT %[1]s_t, %[1]s_i, COUNT(*), COALESCE(SUM(%[2]s), 0) FROM %[3]s
		JOIN %[4]s ON %[4]s.account_id = %[3]s.account_id AND %[4]s.id = %[3]s.%[5]s_i
		WHERE %[6]s AND %[3]s.%[7]s = 'paid' AND %[8]s AND %[1]s_i IS NOT NULL GROUP BY 1, 2`,
		mgr, sum, i.Table, d.Table, i.Field("deal").Column, inv.SQL, i.Field("status").Column, deals.SQL)
	return m.query(ctx, q, append(append([]any{}, inv.Args...), deals.Args...), func(r *sql.Rows) error {
		var k managerKey
		var n int64
		var s float64
		if err := r.Scan(&k.typ, &k.id, &n, &s); err != nil {
			return err
		}
		l := line(k)
		l.Paid, l.PaidSum = n, s
		return nil
	})
}

// named gives each line its manager's name and orders the lines by the
// sum won, the best first.
func (m *Module) named(ctx context.Context, sc entity.Scope, by map[managerKey]*Manager) ([]*Manager, error) {
	names, err := m.keyNames(ctx, sc, keysOf(by))
	if err != nil {
		return nil, err
	}
	out := make([]*Manager, 0, len(by))
	for k, l := range by {
		l.Manager = link(k.typ, k.id, names[k])
		out = append(out, l)
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].WonSum != out[b].WonSum {
			return out[a].WonSum > out[b].WonSum
		}
		return out[a].key.id < out[b].key.id
	})
	return out, nil
}
