package crm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// A client's deal and invoice figures (spec 001 §6: the columns a reader
// sees follow their actions). Each group needs crm_enter and its own
// action; a reader without it gets no such fields at all.
var (
	dealFigures = []string{"countDeals", "countActiveDeals", "countPositiveDeals", "countNegativeDeals",
		"summDeals", "summActiveDeals", "summPositiveDeals"}
	invoiceFigures = []string{"countInvoice", "countNotPaidInvoice", "summInvoice", "summNotPaidInvoice"}
	financeFigures = []string{"summAccountReceivable", "summAccountReceivableOverdue"}
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
	ids := make([]any, len(recs))
	by := make(map[int64]*figures, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
		by[r.ID] = &figures{counts: map[string]int64{}, sums: map[string]float64{}}
	}
	typ := recs[0].Type.Name
	if deals {
		if err := dealSums(ctx, e, sc, typ, ids, by); err != nil {
			return err
		}
	}
	if invoices || finance {
		if err := invoiceSums(ctx, e, sc, typ, ids, by, time.Now().UTC().Format(time.DateOnly)); err != nil {
			return err
		}
	}
	for _, r := range recs {
		if r.Computed == nil {
			r.Computed = map[string]any{}
		}
		f := by[r.ID]
		put := func(names []string, on bool) {
			for _, n := range names {
				if !on || !want[n] {
					continue
				}
				if strings.HasPrefix(n, "summ") {
					s := f.sums[n]
					r.Computed[n] = map[string]any{"contentType": "Money", "value": s, "currency": "RUB", "valueInMain": s, "rate": 1}
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

// dealSums reads the clients' deals once: their result and price.
func dealSums(ctx context.Context, e *entity.Engine, sc entity.Scope, typ string, ids []any, by map[int64]*figures) error {
	t := e.Cat.Type("Deal")
	c := func(f string) string { return t.Field(f).Column }
	q := fmt.Sprintf("SELECT %s_i, %s, %s FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i IN (%s)",
		c("contractor"), c("result"), c("price"), t.Table, c("contractor"), c("contractor"), store.Marks(len(ids)))
	return scan(ctx, e, q, append([]any{sc.Account, typ}, ids...), func(id int64, result, price string) {
		f, amount := by[id], inMain(price)
		f.counts["countDeals"]++
		f.sums["summDeals"] += amount
		switch result {
		case "positive":
			f.counts["countPositiveDeals"]++
			f.sums["summPositiveDeals"] += amount
		case "negative":
			f.counts["countNegativeDeals"]++
		default:
			// A deal without a result is still open.
			f.counts["countActiveDeals"]++
			f.sums["summActiveDeals"] += amount
		}
	})
}

// invoiceSums reads the invoices whose payer is one of the clients'.
// Receivable is what was billed (drawn) and not paid yet; overdue, past
// its deadline.
func invoiceSums(ctx context.Context, e *entity.Engine, sc entity.Scope, typ string, ids []any, by map[int64]*figures, today string) error {
	inv, pay := e.Cat.Type("Invoice"), e.Cat.Type("Payer")
	i := func(f string) string { return "i." + inv.Field(f).Column }
	p := func(f string) string { return "p." + pay.Field(f).Column }
	q := fmt.Sprintf(`SELECT %s_i, %s, %s, COALESCE(%s, '') FROM %s i JOIN %s p ON p.account_id = i.account_id AND p.id = %s_i
		WHERE i.account_id = ? AND %s_t = 'Payer' AND %s_t = ? AND %s_i IN (%s)`,
		p("contractor"), i("status"), i("sum"), i("deadline"), inv.Table, pay.Table, i("payer"),
		i("payer"), p("contractor"), p("contractor"), store.Marks(len(ids)))
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), append([]any{sc.Account, typ}, ids...)...)
	if err != nil {
		return fmt.Errorf("crm: invoice figures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var status, sum, deadline *string
		if err := rows.Scan(&id, &status, &sum, &deadline); err != nil {
			return fmt.Errorf("crm: invoice figures: %w", err)
		}
		f, amount := by[id], inMain(deref(sum))
		f.counts["countInvoice"]++
		f.sums["summInvoice"] += amount
		if s := deref(status); s != "paid" && s != "rejected" {
			f.counts["countNotPaidInvoice"]++
			f.sums["summNotPaidInvoice"] += amount
		}
		if deref(status) == "drawn" {
			f.sums["summAccountReceivable"] += amount
			if d := deref(deadline); d != "" && d < today {
				f.sums["summAccountReceivableOverdue"] += amount
			}
		}
	}
	return rows.Err()
}

// scan runs a query of (client id, text, text) rows.
func scan(ctx context.Context, e *entity.Engine, q string, args []any, each func(id int64, a, b string)) error {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("crm: deal figures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var a, b *string
		if err := rows.Scan(&id, &a, &b); err != nil {
			return fmt.Errorf("crm: deal figures: %w", err)
		}
		each(id, deref(a), deref(b))
	}
	return rows.Err()
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// inMain reads a stored Money's value in the main currency (0 when unset).
func inMain(stored string) float64 {
	var m struct {
		ValueInMain float64 `json:"valueInMain"`
	}
	_ = json.Unmarshal([]byte(stored), &m)
	return m.ValueInMain
}
