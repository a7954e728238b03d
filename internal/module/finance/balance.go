package finance

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/store"
)

// An account's balance is kept in fin_balances in kopecks: each
// operation's write adds the difference it makes, in its transaction, by
// one conditional-free UPDATE, so concurrent writers never lose a kopeck.

func (m *Module) addBalance(ctx context.Context, account, realAccount, delta int64) error {
	if realAccount == 0 || delta == 0 {
		return nil
	}
	_, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO fin_balances (account_id, real_account_id, kopecks)
		VALUES (?, ?, ?) ON CONFLICT (account_id, real_account_id) DO UPDATE SET kopecks = fin_balances.kopecks + excluded.kopecks`),
		account, realAccount, delta)
	if err != nil {
		return fmt.Errorf("finance: balance of %d: %w", realAccount, err)
	}
	return nil
}

// fillBalance is each account's balance (Money in its currency, RUB
// unless the account names another).
func (m *Module) fillBalance(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	if !want["balance"] || len(recs) == 0 {
		return nil
	}
	args := []any{sc.Account}
	marks := ""
	for i, r := range recs {
		if i > 0 {
			marks += ", "
		}
		marks += "?"
		args = append(args, r.ID)
	}
	// One read for all: the kept kopecks and each account's currency.
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT a.id, COALESCE(b.kopecks, 0),
		c.c_abbreviation, c.c_rate, c.c_isbase FROM e_finrealaccount a
		LEFT JOIN fin_balances b ON b.account_id = a.account_id AND b.real_account_id = a.id
		LEFT JOIN e_currency c ON c.account_id = a.account_id AND c.id = a.c_currency_i
		WHERE a.account_id = ? AND a.id IN (`+marks+`)`), args...)
	if err != nil {
		return fmt.Errorf("finance: balances: %w", err)
	}
	defer q.Close()
	have := map[int64]money.Amount{}
	for q.Next() {
		var id, k int64
		var code *string
		var rate *float64
		var base *bool
		if err := q.Scan(&id, &k, &code, &rate, &base); err != nil {
			return err
		}
		a := money.Amount{Kopecks: k, Currency: "RUB", Rate: 1}
		if code != nil && *code != "" {
			a.Currency = strings.ToUpper(*code)
			r, _ := currencyRate(a.Currency, rate, base)
			a.Rate, _ = r.Float64()
		}
		have[id] = a
	}
	if err := q.Err(); err != nil {
		return err
	}
	for _, r := range recs {
		a, ok := have[r.ID]
		if !ok {
			a = money.Amount{Currency: "RUB", Rate: 1}
		}
		r.SetComputed("balance", moneyValue(a))
	}
	return nil
}

// moneyValue is the API form of an amount.
func moneyValue(a money.Amount) map[string]any {
	v, _ := strconv.ParseFloat(big.NewRat(a.Kopecks, 100).FloatString(2), 64)
	rate := a.Rate
	if rate <= 0 {
		rate = 1
	}
	main, _ := new(big.Rat).Mul(big.NewRat(a.Kopecks, 100), money.Exact(rate)).Float64()
	main, _ = strconv.ParseFloat(strconv.FormatFloat(main, 'f', 2, 64), 64)
	return map[string]any{"contentType": "Money", "value": v, "currency": a.Currency, "valueInMain": main, "rate": rate}
}

// invoicesOf are the invoices an operation pays.
func (m *Module) invoicesOf(ctx context.Context, account, op int64) ([]int64, error) {
	return m.ids(ctx, `SELECT dst_id FROM links WHERE account_id = ? AND src_type = 'FinOperation'
		AND src_id = ? AND field = 'invoices' AND dst_type = 'Invoice' ORDER BY pos`, account, op)
}

func (m *Module) ids(ctx context.Context, query string, args ...any) ([]int64, error) {
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(query), args...)
	if err != nil {
		return nil, fmt.Errorf("finance: %w", err)
	}
	return store.Int64s(q)
}

// sumOf adds the stored Money values a query answers, in kopecks.
func (m *Module) sumOf(ctx context.Context, query string, args ...any) (int64, error) {
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(query), args...)
	if err != nil {
		return 0, fmt.Errorf("finance: %w", err)
	}
	defer q.Close()
	var total int64
	for q.Next() {
		var s *string
		if err := q.Scan(&s); err != nil {
			return 0, err
		}
		if s != nil {
			a, _ := money.Parse(*s)
			total += a.Kopecks
		}
	}
	return total, q.Err()
}

// dropPairLinks deletes the FinOperationLink that paired a transfer.
func (m *Module) dropPairLinks(ctx context.Context, sc entity.Scope, a, b int64) error {
	links, err := m.ids(ctx, `SELECT id FROM e_finoperationlink WHERE account_id = ?
		AND (c_primaryoperation_i IN (?, ?) OR c_secondaryoperation_i IN (?, ?))`, sc.Account, a, b, a, b)
	if err != nil {
		return err
	}
	for _, id := range links {
		if err := m.e.Delete(ctx, system(sc), "FinOperationLink", id); err != nil && err != entity.ErrNotFound {
			return err
		}
	}
	return nil
}
