package finance

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/stock/pricing"
	"github.com/artel/artel/internal/value"
)

// priceListFor is the price list an invoice write's new rows are priced
// in: the one the write names, else the invoice's own; a new invoice
// naming none takes its deal's, else its payer's client's, and keeps it
// (docs/stock.md, "Price lists").
func (m *Module) priceListFor(ctx context.Context, sc entity.Scope, id int64, in entity.Input) (int64, error) {
	link := func(field string, types ...string) value.Link {
		raw, given := in[field]
		if !given {
			return value.Link{}
		}
		l, err := value.DecodeLink(raw, types)
		if err != nil {
			return value.Link{}
		}
		return l
	}
	if _, given := in["priceList"]; given {
		return link("priceList", "PriceList").ID, nil
	}
	if id != 0 {
		return pricing.ListOf(ctx, m.e.DB, sc.Account, value.Link{Type: "Invoice", ID: id})
	}
	list, err := pricing.ListOf(ctx, m.e.DB, sc.Account, link("deal", "Deal"))
	if err != nil {
		return 0, err
	}
	if payer := link("payer", "Payer"); list == 0 && payer.ID != 0 {
		var t sql.NullString
		var client sql.NullInt64
		err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_contractor_t, c_contractor_i FROM e_payer
			WHERE account_id = ? AND id = ?`), sc.Account, payer.ID).Scan(&t, &client)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("finance: payer %d: %w", payer.ID, err)
		}
		if list, err = pricing.ListOf(ctx, m.e.DB, sc.Account, value.Link{Type: t.String, ID: client.Int64}); err != nil {
			return 0, err
		}
	}
	if list != 0 {
		in["priceList"], _ = json.Marshal(value.EncodeLink(value.Link{Type: "PriceList", ID: list}))
	}
	return list, nil
}

// priceRow gives a new row with an offer and no price the offer's price
// in the list, else its base price (the deal rules' fallback); a price
// given always wins.
func (m *Module) priceRow(ctx context.Context, sc entity.Scope, list int64, in entity.Input) error {
	if given(in, "price") || given(in, "priceWithoutTax") {
		return nil
	}
	raw, ok := in["offer"]
	if !ok {
		return nil
	}
	offer, err := value.DecodeLink(raw, []string{"Offer"})
	if err != nil {
		return nil // the row's save words it
	}
	price, err := pricing.OfferPrice(ctx, m.e.DB, sc.Account, offer.ID, list)
	if err != nil || price == "" {
		return err
	}
	in["price"] = json.RawMessage(price)
	return nil
}

// given: the field is in the input and not null.
func given(in entity.Input, field string) bool {
	raw, ok := in[field]
	return ok && string(raw) != "null"
}
