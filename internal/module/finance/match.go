package finance

import (
	"context"

	"github.com/artel/artel/internal/module/finance/statement"
	"github.com/artel/artel/internal/money"
)

// matchUnnamed finds the invoice an income naming no open invoice's
// number pays, 0 when it is not certain:
//  1. the payer's ИНН: the one open invoice of payers of that ИНН whose
//     rest is the sum, else the one such invoice whose rest covers it;
//  2. the sum alone: the one open invoice of any payer whose rest is it.
//
// Two candidates are as good as none: a wrong match is worse than a
// line left for a person to link.
func (m *Module) matchUnnamed(ctx context.Context, account int64, l statement.Line) (int64, error) {
	db := m.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT i.id, i.c_sum, i.c_paidsum, p.c_inn
		FROM e_invoice i LEFT JOIN e_payer p ON p.account_id = i.account_id AND p.id = i.c_payer_i
		WHERE i.account_id = ? AND i.c_status IN (?, ?)`), account, Created, Drawn)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var byINNExact, byINNCovers, bySum []int64
	for rows.Next() {
		var id int64
		var sum, paid, inn *string
		if err := rows.Scan(&id, &sum, &paid, &inn); err != nil {
			return 0, err
		}
		var s, p money.Amount
		if sum != nil {
			s, _ = money.Parse(*sum)
		}
		if paid != nil {
			p, _ = money.Parse(*paid)
		}
		left := s.Kopecks - p.Kopecks
		sameINN := l.PartyTIN != "" && inn != nil && *inn == l.PartyTIN
		switch {
		case sameINN && left == l.Kopecks:
			byINNExact = append(byINNExact, id)
		case sameINN && left > l.Kopecks:
			byINNCovers = append(byINNCovers, id)
		}
		if left == l.Kopecks {
			bySum = append(bySum, id)
		}
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for _, list := range [][]int64{byINNExact, byINNCovers, bySum} {
		if len(list) == 1 {
			return list[0], nil
		}
		if len(list) > 1 {
			return 0, nil
		}
	}
	return 0, nil
}
