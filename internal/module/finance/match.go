package finance

import (
	"context"

	"github.com/artel/artel/internal/module/finance/statement"
	"github.com/artel/artel/internal/money"
)

// openInv is a created or drawn invoice and what is left to pay of it.
type openInv struct {
	id, payer, left int64
	number, inn     string
}

// matchLine is what a statement's income pays, nil when it is not
// certain (docs/finance.md, "Bank statement import"):
//  1. the invoices its purpose names by number, when they are open, of
//     one payer, and the sum is not above their rests together: each its
//     rest in the order named, the last what remains;
//  2. naming none, by the payer's ИНН: the one open invoice of that ИНН
//     whose rest is the sum, else the one whose rest covers it, else all
//     that ИНН's open invoices of one payer when their rests add up to
//     the sum exactly;
//  3. the sum alone: the one open invoice of any payer whose rest is it.
//
// Two candidates are as good as none: a wrong match is worse than a line
// left for a person to link. pending is what the lines above already pay.
func (m *Module) matchLine(ctx context.Context, account int64, l statement.Line, pending map[int64]int64) ([]part, error) {
	open, err := m.openInvoices(ctx, account, pending)
	if err != nil {
		return nil, err
	}
	byNumber := map[string]openInv{}
	for _, inv := range open {
		byNumber[inv.number] = inv // the latest of a number
	}
	var named []openInv
	for _, n := range statement.InvoiceNumbers(l.Purpose) {
		if inv, ok := byNumber[n]; ok && !hasInv(named, inv.id) {
			named = append(named, inv)
		}
	}
	if len(named) > 0 {
		return fill(named, l.Kopecks), nil
	}
	var byINNExact, byINNCovers, byINN, bySum []openInv
	for _, inv := range open {
		sameINN := l.PartyTIN != "" && inv.inn == l.PartyTIN
		switch {
		case sameINN && inv.left == l.Kopecks:
			byINNExact = append(byINNExact, inv)
		case sameINN && inv.left > l.Kopecks:
			byINNCovers = append(byINNCovers, inv)
		}
		if sameINN && inv.left > 0 {
			byINN = append(byINN, inv)
		}
		if inv.left == l.Kopecks {
			bySum = append(bySum, inv)
		}
	}
	for _, list := range [][]openInv{byINNExact, byINNCovers} {
		if len(list) > 1 {
			return nil, nil
		}
		if len(list) == 1 {
			return fill(list, l.Kopecks), nil
		}
	}
	if total := restsOf(byINN); len(byINN) > 1 && total == l.Kopecks {
		return fill(byINN, l.Kopecks), nil
	}
	if len(bySum) == 1 {
		return fill(bySum, l.Kopecks), nil
	}
	return nil, nil
}

// fill splits a sum over invoices of one payer in their order, each up
// to its rest; nil when they are of two payers or the sum is above
// their rests.
func fill(invs []openInv, kopecks int64) []part {
	if len(invs) == 0 || kopecks > restsOf(invs) {
		return nil
	}
	var out []part
	for _, inv := range invs {
		if inv.payer != invs[0].payer {
			return nil
		}
		k := min(max(inv.left, 0), kopecks)
		if k > 0 {
			out = append(out, part{Invoice: inv.id, Kopecks: k})
			kopecks -= k
		}
	}
	return out
}

func restsOf(invs []openInv) int64 {
	var t int64
	for _, inv := range invs {
		t += max(inv.left, 0)
	}
	return t
}

func hasInv(list []openInv, id int64) bool {
	for _, inv := range list {
		if inv.id == id {
			return true
		}
	}
	return false
}

// openInvoices are the account's created and drawn invoices, oldest
// first, each with its rest less what pending lines pay of it.
func (m *Module) openInvoices(ctx context.Context, account int64, pending map[int64]int64) ([]openInv, error) {
	db := m.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT i.id, i.c_number, i.c_sum, i.c_paidsum, i.c_payer_i, p.c_inn
		FROM e_invoice i LEFT JOIN e_payer p ON p.account_id = i.account_id AND p.id = i.c_payer_i
		WHERE i.account_id = ? AND i.c_status IN (?, ?) ORDER BY i.id`), account, Created, Drawn)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []openInv
	for rows.Next() {
		var inv openInv
		var number, sum, paid, inn *string
		var payer *int64
		if err := rows.Scan(&inv.id, &number, &sum, &paid, &payer, &inn); err != nil {
			return nil, err
		}
		var s, p money.Amount
		if sum != nil {
			s, _ = money.Parse(*sum)
		}
		if paid != nil {
			p, _ = money.Parse(*paid)
		}
		inv.left = s.Kopecks - p.Kopecks - pending[inv.id]
		for _, v := range []struct {
			to   *string
			from *string
		}{{&inv.number, number}, {&inv.inn, inn}} {
			if v.from != nil {
				*v.to = *v.from
			}
		}
		if payer != nil {
			inv.payer = *payer
		}
		out = append(out, inv)
	}
	return out, rows.Err()
}
