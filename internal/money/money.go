// Package money holds Money values exactly, in whole kopecks, and the
// rounding every sum of the product uses (deal positions, invoices), so
// two areas never disagree about a kopeck.
package money

import (
	"encoding/json"
	"math/big"
	"strconv"
)

// Amount is a Money value held exactly: whole kopecks (hundredths of the
// currency unit) and its currency. Sums are computed in kopecks, never in
// floating point; the float of the API form is made only at the end.
type Amount struct {
	Kopecks  int64
	Currency string
	Rate     float64
}

// stored is value.Money's stored form.
type stored struct {
	Value       float64 `json:"value"`
	Currency    string  `json:"currency"`
	ValueInMain float64 `json:"valueInMain"`
	Rate        float64 `json:"rate"`
}

// Parse reads a stored Money value, rounding it to the kopeck.
func Parse(s string) (Amount, bool) {
	var m stored
	if json.Unmarshal([]byte(s), &m) != nil {
		return Amount{}, false
	}
	k, ok := Kopecks(Exact(m.Value))
	if m.Rate == 0 {
		m.Rate = 1
	}
	return Amount{Kopecks: k, Currency: orRUB(m.Currency), Rate: m.Rate}, ok
}

// Stored is the Money column's form of the amount.
func (a Amount) Stored() string {
	v, _ := strconv.ParseFloat(big.NewRat(a.Kopecks, 100).FloatString(2), 64)
	main, _ := new(big.Rat).Mul(big.NewRat(a.Kopecks, 100), Exact(a.Rate)).Float64()
	b, _ := json.Marshal(stored{Value: v, Currency: orRUB(a.Currency), ValueInMain: roundFloat(main), Rate: a.Rate})
	return string(b)
}

// Exact is the decimal a float64 prints as (0.1 is one tenth, not the
// binary fraction nearest it): what the client wrote.
func Exact(f float64) *big.Rat {
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(f, 'f', -1, 64))
	if !ok {
		return new(big.Rat)
	}
	return r
}

// Kopecks rounds an amount in currency units to whole kopecks, half away
// from zero.
func Kopecks(units *big.Rat) (int64, bool) {
	return Round(new(big.Rat).Mul(units, big.NewRat(100, 1)))
}

// Round rounds half away from zero; false when it does not fit.
func Round(r *big.Rat) (int64, bool) {
	num, den := new(big.Int).Set(r.Num()), r.Denom()
	neg := num.Sign() < 0
	num.Abs(num)
	q, m := new(big.Int).QuoRem(num, den, new(big.Int))
	if new(big.Int).Mul(m, big.NewInt(2)).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return q.Int64(), q.IsInt64()
}

func roundFloat(f float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', 2, 64), 64)
	return v
}

func orRUB(c string) string {
	if c == "" {
		return "RUB"
	}
	return c
}

// Owed is what is left to pay of a stored price once paid kopecks are
// paid, never below zero, in the stored form; and the paid share of the
// price in percent, to two decimals (0 for no price). A deal's debt and
// paymentProgress (docs/finance.md).
func Owed(price string, paid int64) (string, float64) {
	p, ok := Parse(price)
	if !ok {
		p = Amount{Currency: "RUB", Rate: 1}
	}
	left := p
	left.Kopecks = max(p.Kopecks-paid, 0)
	if p.Kopecks <= 0 {
		return left.Stored(), 0
	}
	share, _ := Round(new(big.Rat).SetFrac64(min(paid, p.Kopecks)*10000, p.Kopecks))
	return left.Stored(), float64(share) / 100
}
