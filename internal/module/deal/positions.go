package deal

import (
	"encoding/json"
	"math/big"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// A position (OfferRow) is priced either with tax included (price given)
// or with tax on top (priceWithoutTax given); exactly one of the two is
// stored, and which one says how its tax counts. Its sums are the
// server's:
//
//	amount        = quantity × unit price, to the kopeck
//	discounted    = amount − discount (percent of amount, or an absolute sum)
//	tax included:  sum = discounted; sumWithoutTax = sum × 100 / (100 + rate); taxSum = sum − sumWithoutTax
//	tax on top:    sumWithoutTax = discounted; taxSum = sumWithoutTax × rate / 100; sum = sumWithoutTax + taxSum
//
// each step rounded half away from zero to the kopeck.

// rowSums are a position's computed sums.
type rowSums struct{ Sum, WithoutTax, Tax money.Amount }

// tax is the Tax value of a position.
type tax struct {
	Rate *float64 `json:"rate"`
}

// discount is the Discount value of a position.
type discount struct {
	Type        string   `json:"type"`
	ValueInMain *float64 `json:"valueInMain"`
}

// pricePosition fills a position's sums on a save, from the change over
// what is stored. A change naming one price clears the other.
func pricePosition(c *entity.Change) error {
	for _, f := range []string{"sum", "sumWithoutTax", "taxSum"} {
		delete(c.Values, f)
	}
	withTax, withoutTax := c.Values["price"], c.Values["priceWithoutTax"]
	switch {
	case withTax != nil && withoutTax != nil:
		return invalid("priceWithoutTax", CodeTwoPrices, "")
	case withTax != nil:
		c.Values["priceWithoutTax"] = nil
	case withoutTax != nil:
		c.Values["price"] = nil
	}
	get := func(f string) any {
		if v, ok := c.Values[f]; ok {
			return v
		}
		if c.Old != nil {
			return c.Old.Values[f]
		}
		return nil
	}
	if get("quantity") == nil {
		c.Values["quantity"] = float64(1)
	}
	s, err := computeRow(get("price"), get("priceWithoutTax"), get("quantity"), get("tax"), get("discount"))
	if err != nil {
		return err
	}
	c.Values["sum"], c.Values["sumWithoutTax"], c.Values["taxSum"] = s.Sum.Stored(), s.WithoutTax.Stored(), s.Tax.Stored()
	return nil
}

// computeRow applies the formulas above to stored values.
func computeRow(price, priceWithoutTax, quantity, taxJSON, discountJSON any) (rowSums, error) {
	included := true
	unit := money.Amount{Currency: "RUB", Rate: 1}
	if s, ok := price.(string); ok {
		unit, _ = money.Parse(s)
	} else if s, ok := priceWithoutTax.(string); ok {
		unit, _ = money.Parse(s)
		included = false
	}
	q := big.NewRat(1, 1)
	if f, ok := quantity.(float64); ok {
		if f < 0 {
			return rowSums{}, invalid("quantity", value.CodeRange, "")
		}
		q = money.Exact(f)
	}
	amount, ok := money.Round(new(big.Rat).Mul(q, big.NewRat(unit.Kopecks, 1)))
	if !ok {
		return rowSums{}, invalid("quantity", value.CodeRange, "")
	}
	off, err := discountOf(discountJSON, amount)
	if err != nil {
		return rowSums{}, err
	}
	rate, err := rateOf(taxJSON)
	if err != nil {
		return rowSums{}, err
	}
	net := amount - off
	var sum, without int64
	if included {
		sum = net
		without, _ = money.Round(new(big.Rat).Mul(big.NewRat(sum, 1), new(big.Rat).Quo(big.NewRat(100, 1), new(big.Rat).Add(big.NewRat(100, 1), rate))))
	} else {
		without = net
		t, _ := money.Round(new(big.Rat).Mul(big.NewRat(without, 1), new(big.Rat).Quo(rate, big.NewRat(100, 1))))
		sum = without + t
	}
	in := func(k int64) money.Amount { return money.Amount{Kopecks: k, Currency: unit.Currency, Rate: unit.Rate} }
	return rowSums{Sum: in(sum), WithoutTax: in(without), Tax: in(sum - without)}, nil
}

// discountOf is the discount in kopecks off an amount.
func discountOf(raw any, amount int64) (int64, error) {
	s, ok := raw.(string)
	if !ok {
		return 0, nil
	}
	var d discount
	if json.Unmarshal([]byte(s), &d) != nil || d.ValueInMain == nil || *d.ValueInMain < 0 {
		return 0, invalid("discount", value.CodeRange, "")
	}
	var off int64
	switch d.Type {
	case "percent":
		if *d.ValueInMain > 100 {
			return 0, invalid("discount", value.CodeRange, "")
		}
		off, _ = money.Round(new(big.Rat).Mul(big.NewRat(amount, 100), money.Exact(*d.ValueInMain)))
	case "absolute":
		var fits bool
		if off, fits = money.Kopecks(money.Exact(*d.ValueInMain)); !fits {
			return 0, invalid("discount", value.CodeRange, "")
		}
	default:
		return 0, invalid("discount", value.CodeEnum, "percent, absolute")
	}
	if off > amount {
		return 0, invalid("discount", CodeDiscountTooLarge, "")
	}
	return off, nil
}

// rateOf is a tax's rate in percent; no tax is a rate of zero.
func rateOf(raw any) (*big.Rat, error) {
	s, ok := raw.(string)
	if !ok {
		return new(big.Rat), nil
	}
	var t tax
	if json.Unmarshal([]byte(s), &t) != nil || t.Rate == nil || *t.Rate < 0 || *t.Rate > 100 {
		return nil, invalid("tax", value.CodeRange, "")
	}
	return money.Exact(*t.Rate), nil
}
