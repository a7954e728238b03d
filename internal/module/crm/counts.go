package crm

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// A client's deal and invoice figures (spec 001 §6: the columns a reader
// sees follow their actions). Each group needs crm_enter and its own
// action; a reader without it gets no such fields at all.
var (
	dealFigures = []string{"countDeals", "countActiveDeals", "countPositiveDeals", "countNegativeDeals",
		"summDeals", "summActiveDeals", "summPositiveDeals"}
	invoiceFigures = []string{"countInvoice", "countNotPaidInvoice", "summInvoice", "summNotPaidInvoice"}
	financeFigures = []string{"summAccountReceivable", "summAccountReceivableOverdue", "balance", "countBalance"}
)

// figures are one client's sums, in the account's main currency.
type figures struct {
	counts map[string]int64
	sums   map[string]float64
}

func registerCounts(e *entity.Engine) {
	all := append(append(append([]string{}, dealFigures...), invoiceFigures...), financeFigures...)
	for _, typ := range Types {
		e.Compute(typ, entity.Computer{Fields: all, Fill: func(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
			return fillFigures(ctx, e, sc, recs, want)
		}})
	}
}

// allowedFigures are the groups the reader may see, of those wanted.
func allowedFigures(sc entity.Scope, want map[string]bool) (deals, invoices, finance bool) {
	if !sc.Can("crm_enter") {
		return false, false, false
	}
	asked := func(names []string) bool {
		for _, n := range names {
			if want[n] {
				return true
			}
		}
		return false
	}
	return asked(dealFigures) && sc.Can("deal_enter"), asked(invoiceFigures) && sc.Can("invoice_enter"), asked(financeFigures) && sc.Can("fin_operation")
}

func fillFigures(ctx context.Context, e *entity.Engine, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	deals, invoices, finance := allowedFigures(sc, want)
	if !deals && !invoices && !finance {
		return nil
	}
	all := recs
	b, _ := ctx.Value(batchKey{}).(*figureBatch)
	if b != nil && slices.Contains(b.recs, recs[0]) {
		all = b.recs
	} else {
		b = nil
	}
	var by map[value.Link]*figures
	if b != nil && b.by != nil {
		by = b.by
	} else {
		var err error
		if by, err = sumFigures(ctx, e, sc, all, deals, invoices || finance, finance); err != nil {
			return err
		}
		if b != nil {
			b.by = by
		}
	}
	for _, r := range recs {
		if r.Computed == nil {
			r.Computed = map[string]any{}
		}
		f := by[value.Link{Type: r.Type.Name, ID: r.ID}]
		put := func(names []string, on bool) {
			for _, n := range names {
				if !on || !want[n] {
					continue
				}
				if strings.HasPrefix(n, "summ") || n == "balance" {
					s := f.sums[n]
					r.Computed[n] = value.MoneyJSON{Value: s, Currency: "RUB", ValueInMain: s, Rate: 1}
				} else {
					r.Computed[n] = f.counts[n]
				}
			}
		}
		put(dealFigures, deals)
		put(invoiceFigures, invoices)
		put(financeFigures, finance)
	}
	return nil
}

// A list page mixes people and companies, which the engine expands type by
// type; a figureBatch carried in the context lets the first type's call
// sum the whole page at once, three queries instead of six.
type figureBatch struct {
	recs []*entity.Record
	by   map[value.Link]*figures
}

type batchKey struct{}

// withFigureBatch marks recs as one page for the figures.
func withFigureBatch(ctx context.Context, recs []*entity.Record) context.Context {
	return context.WithValue(ctx, batchKey{}, &figureBatch{recs: recs})
}

// idsIn is the condition on the page's clients: their ids alone. People
// and companies share one id sequence, and a type in the condition too
// would double the index seeks (each id with each type); grouped checks
// the type of each row read.
func idsIn(col string, ids []any) string {
	return fmt.Sprintf("%s_i IN (%s)", col, store.Marks(len(ids)))
}

func sumFigures(ctx context.Context, e *entity.Engine, sc entity.Scope, recs []*entity.Record, deals, invoices, finance bool) (map[value.Link]*figures, error) {
	ids := make([]any, 0, len(recs))
	by := make(map[value.Link]*figures, len(recs))
	for _, r := range recs {
		ids = append(ids, r.ID)
		by[value.Link{Type: r.Type.Name, ID: r.ID}] = &figures{counts: map[string]int64{}, sums: map[string]float64{}}
	}
	if deals {
		if err := dealSums(ctx, e, sc, ids, by); err != nil {
			return nil, err
		}
	}
	if invoices {
		if err := invoiceSums(ctx, e, sc, ids, by, e.Now().UTC().Format(time.DateOnly)); err != nil {
			return nil, err
		}
	}
	if finance {
		if err := operationSums(ctx, e, sc, ids, by); err != nil {
			return nil, err
		}
	}
	return by, nil
}

// dealSums counts and sums the clients' deals by result in one grouped
// query, so a client with thousands of deals costs no more rows than one.
// A deal's result is kept by the deal rules from its state. The sum is of
// the price's sort column (its value in the main currency), so the
// (contractor, result, price) index answers alone, no row or JSON read.
func dealSums(ctx context.Context, e *entity.Engine, sc entity.Scope, ids []any, by map[value.Link]*figures) error {
	t := e.Cat.Type("Deal")
	c := func(f string) string { return t.Field(f).Column }
	// Grouped in the index's order, so no sort.
	q := fmt.Sprintf(`SELECT %[1]s_t, %[1]s_i, COALESCE(%[2]s, ''), 0, COUNT(*), COALESCE(SUM(%[3]s), 0) FROM %[4]s
		WHERE account_id = ? AND %[5]s GROUP BY %[1]s_i, %[1]s_t, %[2]s`,
		c("contractor"), c("result"), t.Field("price").SortColumn(), t.Table, idsIn(c("contractor"), ids))
	return grouped(ctx, e, q, append([]any{sc.Account}, ids...), by, func(f *figures, result string, _ bool, n int64, sum float64) {
		f.counts["countDeals"] += n
		f.sums["summDeals"] += sum
		switch result {
		case "positive":
			f.counts["countPositiveDeals"] += n
			f.sums["summPositiveDeals"] += sum
		case "negative":
			f.counts["countNegativeDeals"] += n
		default:
			// A deal without a result is still open.
			f.counts["countActiveDeals"] += n
			f.sums["summActiveDeals"] += sum
		}
	})
}

// invoiceSums counts and sums the invoices whose payer is one of the
// clients', grouped by status and by being past the deadline. Receivable
// is what was billed (drawn) and not paid yet; overdue, past its deadline.
func invoiceSums(ctx context.Context, e *entity.Engine, sc entity.Scope, ids []any, by map[value.Link]*figures, today string) error {
	inv, pay := e.Cat.Type("Invoice"), e.Cat.Type("Payer")
	i := func(f string) string { return "i." + inv.Field(f).Column }
	p := func(f string) string { return "p." + pay.Field(f).Column }
	// Grouped by position: the flag's placeholder would make the same
	// expression in GROUP BY a different one to PostgreSQL. CROSS JOIN
	// keeps SQLite's order: the page's payers first, then their invoices;
	// left to choose, it walked every invoice of the account.
	late := fmt.Sprintf("CASE WHEN %s < ? THEN 1 ELSE 0 END", i("deadline"))
	q := fmt.Sprintf(`SELECT %[1]s_t, %[1]s_i, COALESCE(%[2]s, ''), %[3]s, COUNT(*), COALESCE(SUM(%[4]s), 0)
		FROM %[6]s p CROSS JOIN %[5]s i
		WHERE p.account_id = ? AND %[8]s AND i.account_id = p.account_id AND %[7]s_i = p.id AND %[7]s_t = 'Payer'
		GROUP BY 1, 2, 3, 4`,
		p("contractor"), i("status"), late, e.DB.Dialect.JSONNumber(i("sum"), "valueInMain"),
		inv.Table, pay.Table, i("payer"), idsIn(p("contractor"), ids))
	return grouped(ctx, e, q, append([]any{today, sc.Account}, ids...), by, func(f *figures, status string, overdue bool, n int64, sum float64) {
		f.counts["countInvoice"] += n
		f.sums["summInvoice"] += sum
		if status != "paid" && status != "rejected" {
			f.counts["countNotPaidInvoice"] += n
			f.sums["summNotPaidInvoice"] += sum
		}
		if status == "drawn" || status == "paid" {
			f.sums["balance"] -= sum // billed: the client owes it
		}
		if status == "drawn" {
			f.sums["summAccountReceivable"] += sum
			if overdue {
				f.sums["summAccountReceivableOverdue"] += sum
			}
		}
	})
}

// operationSums adds to the balance what the client paid (income
// operations naming it as contractor) less what was paid to it
// (expense); countBalance counts those operations. Transfers and
// virtual operations are no money from or to a client. The operations
// are read only: their rules are internal/module/finance's.
func operationSums(ctx context.Context, e *entity.Engine, sc entity.Scope, ids []any, by map[value.Link]*figures) error {
	t := e.Cat.Type("FinOperation")
	c := func(f string) string { return t.Field(f).Column }
	q := fmt.Sprintf(`SELECT %[1]s_t, %[1]s_i, COALESCE(%[2]s, ''), 0, COUNT(*), COALESCE(SUM(%[3]s), 0) FROM %[4]s
		WHERE account_id = ? AND %[2]s IN ('income', 'expense') AND %[5]s GROUP BY 1, 2, 3`,
		c("contractor"), c("kind"), e.DB.Dialect.JSONNumber(c("sum"), "valueInMain"), t.Table, idsIn(c("contractor"), ids))
	return grouped(ctx, e, q, append([]any{sc.Account}, ids...), by, func(f *figures, kind string, _ bool, n int64, sum float64) {
		f.counts["countBalance"] += n
		if kind == "income" {
			f.sums["balance"] += sum
		} else {
			f.sums["balance"] -= sum
		}
	})
}

// grouped runs a query of (client type, client id, kind, flag, count, sum)
// rows and hands each to its client's figures.
func grouped(ctx context.Context, e *entity.Engine, q string, args []any, by map[value.Link]*figures, each func(f *figures, kind string, flag bool, n int64, sum float64)) error {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("crm: client figures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var client value.Link
		var flag, n int64
		var kind string
		var sum float64
		if err := rows.Scan(&client.Type, &client.ID, &kind, &flag, &n, &sum); err != nil {
			return fmt.Errorf("crm: client figures: %w", err)
		}
		if f := by[client]; f != nil {
			each(f, kind, flag == 1, n, sum)
		}
	}
	return rows.Err()
}
