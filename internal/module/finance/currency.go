package finance

import (
	"context"
	"database/sql"
	"errors"
	"math/big"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
)

// An account keeps its balance in its own currency (FinRealAccount.
// currency, RUB when it names none). Each operation is booked on it as
// accountSum (Artel's): its sum, converted when in another currency at
// the rates of the account's Currency entities (the main currency, RUB or
// the one marked isBase, is 1; a currency without an entity is taken at
// the Money's own rate). The balance moves by accountSum, kept as booked,
// so a later change of rate never leaves a kopeck behind on a delete
// (docs/finance.md, "Currencies of accounts").

// CodeAccountCurrencyFixed refuses a change of an account's currency once
// operations are booked on it.
const CodeAccountCurrencyFixed = "fin_account_currency_fixed"

// CodeNoRate refuses to convert a sum whose currency, or whose account's
// currency, has no rate: taking it as 1 would book 100 USD as 100 RUB.
const CodeNoRate = "fin_no_rate"

var currencyWording = map[string][2]string{
	CodeAccountCurrencyFixed: {"Валюту счёта с операциями изменить нельзя", "An account with operations keeps its currency"},
	CodeNoRate:               {"Курс валюты не задан: укажите его в справочнике валют", "The currency has no rate: set it among the currencies"},
}

// accountCurrency is an account's currency code and its rate to the main
// currency; known is false when its Currency entity gives no rate (then
// the rate reads 1, enough to show a balance, not to convert into).
func (m *Module) accountCurrency(ctx context.Context, account, realAccount int64) (code string, rate *big.Rat, known bool, err error) {
	var abbr *string
	var r *float64
	var base *bool
	err = m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c.c_abbreviation, c.c_rate, c.c_isbase
		FROM e_finrealaccount a JOIN e_currency c ON c.account_id = a.account_id AND c.id = a.c_currency_i
		WHERE a.account_id = ? AND a.id = ?`), account, realAccount).Scan(&abbr, &r, &base)
	if errors.Is(err, sql.ErrNoRows) || abbr == nil || *abbr == "" {
		return "RUB", big.NewRat(1, 1), true, nil
	}
	if err != nil {
		return "", nil, false, err
	}
	code = strings.ToUpper(*abbr)
	rate, known = currencyRate(code, r, base)
	return code, rate, known, nil
}

// currencyRate is a Currency entity's rate: 1 for the main currency (RUB
// or the one marked isBase); known is false for a rate not set, read as 1.
func currencyRate(code string, rate *float64, base *bool) (r *big.Rat, known bool) {
	if code == "RUB" || (base != nil && *base) {
		return big.NewRat(1, 1), true
	}
	if rate == nil || *rate <= 0 {
		return big.NewRat(1, 1), false
	}
	return money.Exact(*rate), true
}

// rateOf is the rate to the main currency of an amount's currency.
func (m *Module) rateOf(ctx context.Context, account int64, a money.Amount) (*big.Rat, error) {
	var rate *float64
	var base *bool
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_rate, c_isbase FROM e_currency
		WHERE account_id = ? AND UPPER(c_abbreviation) = ? ORDER BY id LIMIT 1`), account, a.Currency).Scan(&rate, &base)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if r, known := currencyRate(a.Currency, rate, base); known {
		return r, nil
	}
	// No Currency entity gives the rate: the Money's own, when the client
	// sent one (an absent rate reads as 1, which is no rate for a foreign
	// currency).
	if a.Rate > 0 && a.Rate != 1 {
		return money.Exact(a.Rate), nil
	}
	return nil, entity.Invalidf("sum", CodeNoRate, a.Currency)
}

// booked is an operation's sum in its account's currency.
func (m *Module) booked(ctx context.Context, account, realAccount int64, sum money.Amount) (money.Amount, error) {
	code, to, known, err := m.accountCurrency(ctx, account, realAccount)
	if err != nil {
		return money.Amount{}, err
	}
	out := money.Amount{Kopecks: sum.Kopecks, Currency: code}
	out.Rate, _ = to.Float64()
	if sum.Currency == code {
		return out, nil
	}
	if !known {
		return money.Amount{}, entity.Invalidf("realAccount", CodeNoRate, code)
	}
	from, err := m.rateOf(ctx, account, sum)
	if err != nil {
		return money.Amount{}, err
	}
	k := new(big.Rat).Mul(big.NewRat(sum.Kopecks, 1), from)
	out.Kopecks, _ = money.Round(k.Quo(k, to))
	return out, nil
}

// keepAccountSum sets an operation's accountSum when its sum or account
// changes; a client's is ignored.
func (m *Module) keepAccountSum(ctx context.Context, c *entity.Change, sum money.Amount) error {
	_, acc := c.Links["realAccount"]
	if !c.New && !acc && c.Values["sum"] == nil {
		return nil
	}
	a, err := m.booked(ctx, c.Scope.Account, opLink(c, "realAccount"), sum)
	if err != nil {
		return err
	}
	c.Values["accountSum"] = a.Stored()
	return nil
}

// beforeAccount keeps an account's currency once operations are booked
// on it: its balance is in that currency.
func (m *Module) beforeAccount(ctx context.Context, c *entity.Change) error {
	l, given := c.Links["currency"]
	if c.New || !given {
		return nil
	}
	was := c.Old.Links["currency"].ID
	if (l == nil && was == 0) || (l != nil && l.ID == was) {
		return nil
	}
	var n int
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM e_finoperation
		WHERE account_id = ? AND c_realaccount_i = ?`), c.Scope.Account, c.ID).Scan(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return entity.Invalidf("currency", CodeAccountCurrencyFixed, "")
	}
	return nil
}

// effectOf is what an operation adds to its account's balance: its
// accountSum, in or out; an operation booked before accountSum was kept
// adds its income less its expense.
func effectOf(kind, income, expense, accountSum string) int64 {
	if kind == Virtual {
		return 0
	}
	in, _ := money.Parse(income)
	out, _ := money.Parse(expense)
	a, ok := money.Parse(accountSum)
	if accountSum == "" || !ok {
		return in.Kopecks - out.Kopecks
	}
	if out.Kopecks > 0 {
		return -a.Kopecks
	}
	return a.Kopecks
}
