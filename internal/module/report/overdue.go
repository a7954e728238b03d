package report

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Overdue is the overdue work the reader sees: per responsible the late
// tasks (isOverdue, kept by the task rules), and the invoices not paid
// past their deadline with their sum (docs/finance.md).
func (m *Module) Overdue(ctx context.Context, sc entity.Scope, opt value.Options) (map[string]any, error) {
	cond, err := m.where(ctx, sc, "Task", nil, opt)
	if err != nil {
		return nil, err
	}
	t := m.e.Cat.Type("Task")
	resp := t.Table + "." + t.Field("responsible").Column
	q := fmt.Sprintf("SELECT %[1]s_t, %[1]s_i, COUNT(*) FROM %[2]s WHERE %[3]s AND %[2]s.%[4]s = 1 AND %[1]s_i IS NOT NULL GROUP BY 1, 2",
		resp, t.Table, cond.SQL, t.Field("isOverdue").Column)
	counts := map[managerKey]int64{}
	err = m.query(ctx, q, cond.Args, func(r *sql.Rows) error {
		var k managerKey
		var n int64
		if err := r.Scan(&k.typ, &k.id, &n); err != nil {
			return err
		}
		counts[k] = n
		return nil
	})
	if err != nil {
		return nil, err
	}
	names, err := m.keyNames(ctx, sc, keysOf(counts))
	if err != nil {
		return nil, err
	}
	keys := keysOf(counts)
	sort.Slice(keys, func(a, b int) bool {
		if counts[keys[a]] != counts[keys[b]] {
			return counts[keys[a]] > counts[keys[b]]
		}
		return keys[a].id < keys[b].id
	})
	tasks := make([]map[string]any, 0, len(keys))
	for _, k := range keys {
		tasks = append(tasks, map[string]any{"employee": link(k.typ, k.id, names[k]), "overdue": counts[k]})
	}
	n, sum, err := m.overdueInvoices(ctx, sc, opt)
	if err != nil {
		return nil, err
	}
	return map[string]any{"tasks": tasks, "invoices": n, "invoicesSum": money(sum)}, nil
}

// overdueInvoices counts the invoices billed or drafted and not paid
// whose deadline (a day) is before today, UTC.
func (m *Module) overdueInvoices(ctx context.Context, sc entity.Scope, opt value.Options) (int64, float64, error) {
	cond, err := m.where(ctx, sc, "Invoice", nil, opt)
	if err != nil {
		return 0, 0, err
	}
	i := m.e.Cat.Type("Invoice")
	q := fmt.Sprintf("SELECT COUNT(*), COALESCE(SUM(%s), 0) FROM %s WHERE %s AND %s.%s IN ('created', 'drawn') AND %s.%s < ?",
		i.Table+"."+i.Field("sum").SortColumn(), i.Table, cond.SQL,
		i.Table, i.Field("status").Column, i.Table, i.Field("deadline").Column)
	var n int64
	var sum float64
	err = m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(q), append(cond.Args, m.e.Now().UTC().Format(time.DateOnly))...).Scan(&n, &sum)
	if err != nil {
		return 0, 0, fmt.Errorf("report: overdue invoices: %w", err)
	}
	return n, sum, nil
}
