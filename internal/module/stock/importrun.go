package stock

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// RunImport writes the offers of the included rows that pass, all in
// one transaction: the session is claimed first (a conditional UPDATE,
// so a second run is refused); a row naming an offer already in the
// catalogue (findOffer) updates it, the others create offers; the
// quantities come into the session's warehouse through one performed
// income. A row the catalogue refuses, or an income the stock rules
// refuse, writes none of it and leaves the session in error, to be fixed
// and run again.
func (m *Module) RunImport(ctx context.Context, sc entity.Scope, s *Import) error {
	db := m.e.DB
	var claimed int64
	err := db.WithTx(ctx, func(ctx context.Context) error {
		res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE stock_imports SET status = ?
			WHERE account_id = ? AND id = ? AND status IN (?, ?, ?)`),
			ImportSaving, s.Account, s.ID, ImportParsed, ImportValidated, ImportError)
		if err == nil {
			claimed, err = res.RowsAffected()
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("stock: claim import %d: %w", s.ID, err)
	}
	if claimed != 1 {
		return entity.Invalidf("status", CodeImportState, "")
	}
	var saved, updated, income int64
	runErr := db.WithTx(ctx, func(ctx context.Context) error {
		goods := map[int64]int64{} // offer → thousandths
		var order []int64
		for _, row := range s.Check(sc.Lang) {
			if !row.OK || !s.Included(row.Index) {
				continue
			}
			rec, found, err := m.importOffer(ctx, sc, s, row)
			if err == nil {
				err = m.importListPrices(ctx, sc, s, row, rec)
			}
			if err != nil {
				return underRow(row.Index, err)
			}
			saved++
			if found {
				updated++
			}
			if q := s.value(row, "quantity"); q != "" && rec.String("type") != "service" {
				f, _ := parseNumber(q)
				if n, ok := toMilli(f); ok {
					if goods[rec.ID] == 0 {
						order = append(order, rec.ID)
					}
					goods[rec.ID] += n
				}
			}
		}
		if len(goods) == 0 {
			return nil
		}
		rec, err := m.importIncome(ctx, sc, s, order, goods)
		if err != nil {
			return err
		}
		income = rec.ID
		return nil
	})
	status, text := ImportSaved, ""
	if runErr != nil {
		status, saved, updated, income, text = ImportError, 0, 0, 0, runErr.Error()
	}
	err = db.WithTx(ctx, func(ctx context.Context) error {
		return db.Exec(ctx, db.Dialect.Rebind(`UPDATE stock_imports SET status = ?, saved = ?, updated = ?,
			consignment_id = ?, error = ? WHERE account_id = ? AND id = ?`),
			status, saved, updated, income, text, s.Account, s.ID)
	})
	s.Status, s.Saved, s.Updated, s.Consignment, s.Error = status, saved, updated, income, text
	if runErr != nil {
		return runErr
	}
	return err
}

// importIncome brings the imported quantities into the session's
// warehouse: one income, performed, so the balances stay the
// consignments' work.
func (m *Module) importIncome(ctx context.Context, sc entity.Scope, s *Import, order []int64, goods map[int64]int64) (*entity.Record, error) {
	rows := make([]map[string]any, 0, len(order))
	for _, id := range order {
		rows = append(rows, map[string]any{"contentType": "ConsignmentRow",
			"offer": value.EncodeLink(value.Link{Type: "Offer", ID: id}), "quantity": fromMilli(goods[id])})
	}
	raw, err := json.Marshal(rows)
	if err != nil {
		return nil, err
	}
	note := "Импорт товаров: " + s.FileName
	if sc.Lang == "en" {
		note = "Offer import: " + s.FileName
	}
	in := entity.Input{"type": quoted(Income), "warehouse": linkJSON("Warehouse", s.Warehouse),
		"state": quoted(Performed), "rows": raw, "description": quoted(note)}
	return m.save(ctx, sc, 0, in)
}

// findOffer is the offer a row stands for: one with the row's article;
// without an article in the row, one of exactly its name; with an
// article no offer has, one of exactly its name that has no article (an
// offer with another article is another offer). The first by id; 0 for
// none.
func (m *Module) findOffer(ctx context.Context, sc entity.Scope, article, name string) (int64, error) {
	t, err := m.e.Type("Offer")
	if err != nil {
		return 0, err
	}
	art, nm := t.Field("article").Column, t.Field("name").Column
	q := `SELECT id FROM ` + t.Table + ` WHERE account_id = ? AND `
	var ids []int64
	if article != "" {
		if ids, err = m.ids(ctx, q+art+` = ? ORDER BY id LIMIT 1`, sc.Account, article); err != nil || len(ids) > 0 {
			return first(ids), err
		}
		ids, err = m.ids(ctx, q+nm+` = ? AND (`+art+` IS NULL OR `+art+` = '') ORDER BY id LIMIT 1`, sc.Account, name)
		return first(ids), err
	}
	ids, err = m.ids(ctx, q+nm+` = ? ORDER BY id LIMIT 1`, sc.Account, name)
	return first(ids), err
}

func first(ids []int64) int64 {
	if len(ids) == 0 {
		return 0
	}
	return ids[0]
}

// importOffer creates or updates the offer of one row; found says it
// updated one. An offer the reader does not see is not updated: a new
// one is made.
func (m *Module) importOffer(ctx context.Context, sc entity.Scope, s *Import, row Row) (*entity.Record, bool, error) {
	id, err := m.findOffer(ctx, sc, s.value(row, "article"), s.value(row, "name"))
	if err != nil {
		return nil, false, err
	}
	var old *entity.Record
	if id != 0 {
		if old, err = m.e.Get(ctx, sc, "Offer", id); err != nil && err != entity.ErrNotFound {
			return nil, false, err
		}
	}
	in := s.offerInput(row, old, sc.Lang)
	if old != nil {
		rec, err := m.e.Update(ctx, sc, "Offer", old.ID, in)
		return rec, true, err
	}
	rec, err := m.e.Create(ctx, sc, "Offer", in)
	return rec, false, err
}

// offerInput is what a passed row writes: the fields it has a value for
// (an update keeps the others). The price is VAT included unless the
// session says it is before VAT; both price and priceWithoutTax are
// written, by the row's VAT rate or else the offer's.
func (s *Import) offerInput(row Row, old *entity.Record, lang string) entity.Input {
	body := map[string]any{}
	if old == nil {
		body["type"] = "product"
	}
	for _, f := range []string{"name", "article", "description"} {
		if v := s.value(row, f); v != "" {
			body[f] = v
		}
	}
	if v := s.value(row, "type"); v != "" {
		body["type"] = offerType(v)
	}
	if v := s.value(row, "unit"); v != "" {
		body["unit"] = map[string]any{"contentType": "Unit", "name": v}
	}
	rate := 0.0
	if old != nil {
		var t struct {
			Rate float64 `json:"rate"`
		}
		if json.Unmarshal([]byte(old.String("tax")), &t) == nil {
			rate = t.Rate
		}
	}
	if v := s.value(row, "tax"); v != "" {
		rate, _ = parseTax(v)
		body["tax"] = taxValue(rate, lang)
	}
	if v := s.value(row, "price"); v != "" {
		cur := s.value(row, "currency")
		if cur == "" && old != nil {
			if p, ok := money.Parse(old.String("price")); ok && old.String("price") != "" {
				cur = p.Currency
			}
		}
		if cur == "" {
			cur = "RUB"
		}
		p, _ := parseNumber(v)
		given, _ := money.Kopecks(money.Exact(p))
		withTax, without := splitPrice(given, rate, s.WithoutTax)
		body["price"] = moneyValue(withTax, cur)
		body["priceWithoutTax"] = moneyValue(without, cur)
	}
	in := entity.Input{}
	for k, v := range body {
		in[k], _ = json.Marshal(v)
	}
	return in
}

// splitPrice is a price with VAT and without it, in kopecks, from the
// given one: before VAT when without is set, else VAT included; rounded
// half away from zero.
func splitPrice(given int64, rate float64, without bool) (int64, int64) {
	r := money.Exact(rate)
	hundred := big.NewRat(100, 1)
	full := new(big.Rat).Add(hundred, r)
	if without {
		k, _ := money.Round(new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(given, 1), full), hundred))
		return k, given
	}
	k, _ := money.Round(new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(given, 1), hundred), full))
	return given, k
}

func moneyValue(kopecks int64, cur string) map[string]any {
	v, _ := new(big.Rat).SetFrac64(kopecks, 100).Float64()
	return map[string]any{"contentType": "Money", "value": v, "currency": cur}
}

func taxValue(rate float64, lang string) map[string]any {
	name := fmt.Sprintf("НДС %g%%", rate)
	if lang == "en" {
		name = fmt.Sprintf("VAT %g%%", rate)
	}
	if rate == 0 {
		name = map[bool]string{true: "No VAT", false: "Без НДС"}[lang == "en"]
	}
	return map[string]any{"contentType": "Tax", "name": name, "rate": rate}
}
