package stock

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Price lists (Artel's; the reference has one Offer.price, which stays
// the base price): a PriceList has a name, a currency, an active flag
// and a place in the list; an OfferPrice is an offer's price in one list,
// at most one per offer and list, in the list's currency. Which price a
// deal's position or an invoice's row takes is package pricing's.
const (
	CodePriceListCurrency = "price_list_currency"
	CodePriceCurrency     = "price_list_price_currency"
	CodePriceTaken        = "price_list_taken"
	CodePriceListInUse    = "price_list_in_use"
)

var priceWording = map[string][2]string{
	CodePriceListCurrency: {"Валюта прайс-листа — RUB или одна из валют справочника", "A price list's currency is RUB or one of the account's currencies"},
	CodePriceCurrency:     {"Цена должна быть в валюте прайс-листа", "The price must be in the price list's currency"},
	CodePriceTaken:        {"У товара уже есть цена в этом прайс-листе", "The offer already has a price in this price list"},
	CodePriceListInUse:    {"Прайс-лист назначен клиентам, сделкам или счетам: сначала снимите его с них", "The price list is named by clients, deals or invoices: take it off them first"},
}

// namers are the types that may name a price list; a list they name is
// not deleted.
var namers = []string{"e_contractorhuman", "e_contractorcompany", "e_deal", "e_invoice"}

// checkPriceList keeps a price list's currency one of the account's and
// makes a new one active, last in the order.
func (m *Module) checkPriceList(ctx context.Context, c *entity.Change) error {
	if cur, given := c.Values["currency"]; given {
		code, _ := cur.(string)
		code = strings.ToUpper(strings.TrimSpace(code))
		ok, err := m.isCurrency(ctx, c.Scope.Account, code)
		if err != nil {
			return err
		}
		if !ok {
			return entity.Invalidf("currency", CodePriceListCurrency, "")
		}
		c.Values["currency"] = code
	}
	if !c.New {
		return nil
	}
	if _, given := c.Values["isActive"]; !given {
		c.Values["isActive"] = int64(1)
	}
	if _, given := c.Values["orderPosition"]; !given {
		var last sql.NullInt64
		if err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(
			`SELECT MAX(c_orderposition) FROM e_pricelist WHERE account_id = ?`), c.Scope.Account).Scan(&last); err != nil {
			return fmt.Errorf("stock: price list order: %w", err)
		}
		c.Values["orderPosition"] = last.Int64 + 1
	}
	return nil
}

// isCurrency: RUB, or the abbreviation of one of the account's Currency
// entities (the codes Money values carry elsewhere).
func (m *Module) isCurrency(ctx context.Context, account int64, code string) (bool, error) {
	if code == "RUB" {
		return true, nil
	}
	if len(code) != 3 {
		return false, nil
	}
	var n int
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(
		`SELECT COUNT(*) FROM e_currency WHERE account_id = ? AND UPPER(c_abbreviation) = ?`), account, code).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("stock: currency %s: %w", code, err)
	}
	return n > 0, nil
}

// keepNamedList refuses to delete a list a client, deal or invoice names
// (they would silently fall back to base prices); a list no one names
// goes with its offers' prices.
func (m *Module) keepNamedList(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	for _, table := range namers {
		var n int
		err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM `+table+
			` WHERE account_id = ? AND c_pricelist_i = ?`), sc.Account, rec.ID).Scan(&n)
		if err != nil {
			return fmt.Errorf("stock: who names price list %d: %w", rec.ID, err)
		}
		if n > 0 {
			return entity.Invalidf("priceList", CodePriceListInUse, "")
		}
	}
	return m.dropPrices(ctx, sc, "c_pricelist_i", rec.ID)
}

// checkOfferPrice keeps an offer's price in a list sound: not negative,
// in the list's currency, one per offer and list. The offer's row is
// locked first on PostgreSQL so two writers of its prices take turns
// (the unique index of migration 48 stands behind it).
func (m *Module) checkOfferPrice(ctx context.Context, c *entity.Change) error {
	offer, list := linkAfter(c, "offer"), linkAfter(c, "priceList")
	if offer == 0 {
		return entity.Invalidf("offer", entity.CodeRequired, "")
	}
	if list == 0 {
		return entity.Invalidf("priceList", entity.CodeRequired, "")
	}
	price, _ := c.Values["price"].(string)
	if _, given := c.Values["price"]; given && price == "" {
		return entity.Invalidf("price", entity.CodeRequired, "")
	}
	if price == "" && c.Old != nil {
		price, _ = c.Old.Values["price"].(string)
	}
	amount, ok := money.Parse(price)
	if !ok || amount.Kopecks < 0 {
		return entity.Invalidf("price", value.CodeRange, "")
	}
	var currency sql.NullString
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(
		`SELECT c_currency FROM e_pricelist WHERE account_id = ? AND id = ?`), c.Scope.Account, list).Scan(&currency)
	if errors.Is(err, sql.ErrNoRows) {
		return entity.Invalidf("priceList", entity.CodeLinkNotFound, "PriceList")
	}
	if err != nil {
		return fmt.Errorf("stock: price list %d: %w", list, err)
	}
	if !strings.EqualFold(currency.String, amount.Currency) {
		return entity.Invalidf("price", CodePriceCurrency, currency.String)
	}
	if m.e.DB.Dialect == store.Postgres {
		if err := m.e.DB.Exec(ctx, `SELECT id FROM e_offer WHERE account_id = ? AND id = ? FOR UPDATE`, c.Scope.Account, offer); err != nil {
			return fmt.Errorf("stock: lock offer %d: %w", offer, err)
		}
	}
	var n int
	err = m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM e_offerprice
		WHERE account_id = ? AND c_offer_i = ? AND c_pricelist_i = ? AND id <> ?`), c.Scope.Account, offer, list, c.ID).Scan(&n)
	if err != nil {
		return fmt.Errorf("stock: prices of offer %d: %w", offer, err)
	}
	if n > 0 {
		return entity.Invalidf("priceList", CodePriceTaken, "")
	}
	return nil
}

// dropOfferPrices takes an offer's prices with it.
func (m *Module) dropOfferPrices(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	return m.dropPrices(ctx, sc, "c_offer_i", rec.ID)
}

// dropPrices deletes the OfferPrices naming an offer or a list, through
// the engine so counts and events follow.
func (m *Module) dropPrices(ctx context.Context, sc entity.Scope, column string, id int64) error {
	ids, err := m.ids(ctx, `SELECT id FROM e_offerprice WHERE account_id = ? AND `+column+` = ?`, sc.Account, id)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := m.e.Delete(ctx, system(sc), "OfferPrice", id); err != nil && err != entity.ErrNotFound {
			return fmt.Errorf("stock: drop price %d: %w", id, err)
		}
	}
	return nil
}
