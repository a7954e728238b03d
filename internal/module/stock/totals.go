package stock

import (
	"context"
	"encoding/json"
	"math/big"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
)

// CodeRowsCurrencies refuses rows priced in different currencies.
const CodeRowsCurrencies = "stock_rows_currencies"

// A row is priced VAT included, as a deal's positions are by default:
//
//	sum           = quantity × price, to the kopeck
//	taxSum        = sum × rate / (100 + rate)
//	priceWithoutTax = price × 100 / (100 + rate)
//
// and a consignment's price, taxSum and sumWithoutTax are its rows'
// sums; each step rounded half away from zero to the kopeck
// (internal/money). A client's sums are ignored.

// rowTotals prices one stored row; false when it has no price.
func rowTotals(r *entity.Record) (sum, tax, unitWithout money.Amount, ok bool) {
	price, ok := money.Parse(r.String("price"))
	if !ok || r.String("price") == "" {
		return sum, tax, unitWithout, false
	}
	q := new(big.Rat)
	if f, isNum := r.Values["quantity"].(float64); isNum {
		q = money.Exact(f)
	}
	rate := new(big.Rat)
	var t struct {
		Rate *float64 `json:"rate"`
	}
	if s := r.String("tax"); s != "" && json.Unmarshal([]byte(s), &t) == nil && t.Rate != nil && *t.Rate > 0 {
		rate = money.Exact(*t.Rate)
	}
	in := func(k int64) money.Amount {
		return money.Amount{Kopecks: k, Currency: price.Currency, Rate: price.Rate}
	}
	s, _ := money.Round(new(big.Rat).Mul(q, big.NewRat(price.Kopecks, 1)))
	share := new(big.Rat).Quo(rate, new(big.Rat).Add(big.NewRat(100, 1), rate))
	tk, _ := money.Round(new(big.Rat).Mul(big.NewRat(s, 1), share))
	uk, _ := money.Round(new(big.Rat).Mul(big.NewRat(price.Kopecks, 1), new(big.Rat).Sub(big.NewRat(1, 1), share)))
	return in(s), in(tk), in(uk), true
}

// retotal writes each row's sums and the consignment's totals into c.
func (m *Module) retotal(ctx context.Context, sc entity.Scope, id int64, c *entity.Change) error {
	ids, err := m.rowIDs(ctx, sc.Account, id)
	if err != nil {
		return err
	}
	var rows []*entity.Record
	if len(ids) > 0 {
		if rows, err = m.e.GetMany(ctx, system(sc), "ConsignmentRow", ids); err != nil {
			return err
		}
	}
	var total, taxes money.Amount
	priced := false
	for _, r := range rows {
		sum, tax, without, ok := rowTotals(r)
		if !ok {
			continue
		}
		if priced && sum.Currency != total.Currency {
			return entity.Invalidf("rows", CodeRowsCurrencies, "")
		}
		if !priced {
			total, taxes, priced = money.Amount{Currency: sum.Currency, Rate: sum.Rate}, money.Amount{Currency: sum.Currency, Rate: sum.Rate}, true
		}
		total.Kopecks += sum.Kopecks
		taxes.Kopecks += tax.Kopecks
		rc := entity.NewChange(system(sc), r.Type, r)
		rc.Values["sum"], rc.Values["taxSum"], rc.Values["priceWithoutTax"] = sum.Stored(), tax.Stored(), without.Stored()
		if rc.Values["sum"] == r.Values["sum"] && rc.Values["taxSum"] == r.Values["taxSum"] && rc.Values["priceWithoutTax"] == r.Values["priceWithoutTax"] {
			continue
		}
		if _, err := m.e.Save(own(ctx), rc); err != nil {
			return err
		}
	}
	if !priced {
		c.Values["price"], c.Values["taxSum"], c.Values["sumWithoutTax"] = nil, nil, nil
		return nil
	}
	without := money.Amount{Kopecks: total.Kopecks - taxes.Kopecks, Currency: total.Currency, Rate: total.Rate}
	c.Values["price"], c.Values["taxSum"], c.Values["sumWithoutTax"] = total.Stored(), taxes.Stored(), without.Stored()
	return nil
}

// unchanged says whether a change writes only what the record holds.
func unchanged(c *entity.Change, rec *entity.Record) bool {
	for k, v := range c.Values {
		if rec.Values[k] != v {
			return false
		}
	}
	return len(c.Links) == 0 && len(c.Many) == 0
}
