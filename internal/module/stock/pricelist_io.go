package stock

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/store"
)

// A price list in the catalogue's files: the export has a column per
// active list (headed by its name, the amount in its currency); an
// import column maps to a list as the field "priceList.{id}" (guessed
// from a header that is a list's name).

// listField is the import field of a price list.
const listField = "priceList."

// priceList is what the files need of a list.
type priceList struct {
	ID             int64
	Name, Currency string
}

// activeLists are the account's active price lists in their order.
func (m *Module) activeLists(ctx context.Context, account int64) ([]priceList, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, COALESCE(c_name, ''), COALESCE(c_currency, '')
		FROM e_pricelist WHERE account_id = ? AND COALESCE(c_isactive, 1) <> 0 ORDER BY c_orderposition, id`), account)
	if err != nil {
		return nil, fmt.Errorf("stock: price lists: %w", err)
	}
	defer rows.Close()
	var out []priceList
	for rows.Next() {
		var l priceList
		if err := rows.Scan(&l.ID, &l.Name, &l.Currency); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// pagePrices are the prices of a page of offers in the lists, offer →
// list → amount: one query for the page.
func (m *Module) pagePrices(ctx context.Context, account int64, offers []int64, lists []priceList) (map[int64]map[int64]money.Amount, error) {
	out := map[int64]map[int64]money.Amount{}
	if len(offers) == 0 || len(lists) == 0 {
		return out, nil
	}
	args := []any{account}
	for _, id := range offers {
		args = append(args, id)
	}
	for _, l := range lists {
		args = append(args, l.ID)
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_offer_i, c_pricelist_i, c_price FROM e_offerprice
		WHERE account_id = ? AND c_offer_i IN (`+store.Marks(len(offers))+`) AND c_pricelist_i IN (`+store.Marks(len(lists))+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("stock: page prices: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var offer, list int64
		var price sql.NullString
		if err := rows.Scan(&offer, &list, &price); err != nil {
			return nil, err
		}
		if a, ok := money.Parse(price.String); ok {
			if out[offer] == nil {
				out[offer] = map[int64]money.Amount{}
			}
			out[offer][list] = a
		}
	}
	return out, rows.Err()
}

// amountText is an amount as the CSV writes it: 1234.50.
func amountText(a money.Amount) string {
	return strconv.FormatFloat(float64(a.Kopecks)/100, 'f', 2, 64)
}

// listOf is the price list an import field names, 0 for another field.
func listOf(field string) int64 {
	id, err := strconv.ParseInt(strings.TrimPrefix(field, listField), 10, 64)
	if !strings.HasPrefix(field, listField) || err != nil {
		return 0
	}
	return id
}

// listFields are the import fields of the account's lists by their
// lower-cased names, for guessing a column.
func (m *Module) listFields(ctx context.Context, account int64) (map[string]string, error) {
	lists, err := m.activeLists(ctx, account)
	out := map[string]string{}
	for _, l := range lists {
		out[strings.ToLower(strings.TrimSpace(l.Name))] = listField + strconv.FormatInt(l.ID, 10)
	}
	return out, err
}

// importListPrices sets the offer's price in each list the row has a
// column for: the cell in the list's currency, before VAT when the
// session says so (as the base price).
func (m *Module) importListPrices(ctx context.Context, sc entity.Scope, s *Import, row Row, offer *entity.Record) error {
	var tax struct {
		Rate float64 `json:"rate"`
	}
	_ = json.Unmarshal([]byte(offer.String("tax")), &tax)
	for _, c := range row.Cells {
		list := listOf(s.Mapping[c.Column])
		if c.Code != CellOK || list == 0 || c.Value == "" {
			continue
		}
		var currency sql.NullString
		err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_currency FROM e_pricelist
			WHERE account_id = ? AND id = ?`), sc.Account, list).Scan(&currency)
		if err != nil {
			return entity.Invalidf("priceList", entity.CodeLinkNotFound, "PriceList")
		}
		f, _ := parseNumber(c.Value)
		given, _ := money.Kopecks(money.Exact(f))
		withTax, _ := splitPrice(given, tax.Rate, s.WithoutTax)
		price, _ := json.Marshal(moneyValue(withTax, currency.String))
		ids, err := m.ids(ctx, `SELECT id FROM e_offerprice WHERE account_id = ? AND c_offer_i = ? AND c_pricelist_i = ?`,
			sc.Account, offer.ID, list)
		if err != nil {
			return err
		}
		if len(ids) > 0 {
			_, err = m.e.Update(ctx, sc, "OfferPrice", ids[0], entity.Input{"price": price})
		} else {
			_, err = m.e.Create(ctx, sc, "OfferPrice", entity.Input{"price": price,
				"offer": linkJSON("Offer", offer.ID), "priceList": linkJSON("PriceList", list)})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// isList: the account has the price list.
func (m *Module) isList(ctx context.Context, account, id int64) bool {
	if id == 0 {
		return false
	}
	ids, err := m.ids(ctx, `SELECT id FROM e_pricelist WHERE account_id = ? AND id = ?`, account, id)
	return err == nil && len(ids) == 1
}
