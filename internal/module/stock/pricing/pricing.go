// Package pricing answers which price of an offer applies to a deal's
// position or an invoice's row: the offer's price in the price list the
// deal or invoice names, when the list is active and the offer has one
// there, else the offer's base price (Offer.price). The deal and finance
// areas ask it; the price lists themselves are the stock area's
// (docs/stock.md, "Price lists").
package pricing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// OfferPrice is the stored Money an offer costs in a list (0 for none):
// the list's price, else the base price; "" when the offer has neither.
func OfferPrice(ctx context.Context, db *store.DB, account, offer, list int64) (string, error) {
	var price sql.NullString
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COALESCE(
		(SELECT p.c_price FROM e_offerprice p JOIN e_pricelist l ON l.account_id = p.account_id AND l.id = p.c_pricelist_i
			WHERE p.account_id = ? AND p.c_offer_i = o.id AND p.c_pricelist_i = ? AND COALESCE(l.c_isactive, 1) <> 0
			ORDER BY p.id LIMIT 1),
		o.c_price) FROM e_offer o WHERE o.account_id = ? AND o.id = ?`), account, list, account, offer).Scan(&price)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("pricing: offer %d in list %d: %w", offer, list, err)
	}
	return price.String, nil
}

// ListOf is the price list an entity names (a deal, an invoice, a
// client), 0 for none.
func ListOf(ctx context.Context, db *store.DB, account int64, of value.Link) (int64, error) {
	table := map[string]string{"Deal": "e_deal", "Invoice": "e_invoice",
		"ContractorHuman": "e_contractorhuman", "ContractorCompany": "e_contractorcompany"}[of.Type]
	if table == "" || of.ID == 0 {
		return 0, nil
	}
	var list sql.NullInt64
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT c_pricelist_i FROM `+table+
		` WHERE account_id = ? AND id = ?`), account, of.ID).Scan(&list)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("pricing: list of %s %d: %w", of.Type, of.ID, err)
	}
	return list.Int64, nil
}
