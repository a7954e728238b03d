package deal

import (
	"context"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/stock/pricing"
	"github.com/artel/artel/internal/value"
)

// defaultPriceList gives a deal its client's price list when it names
// none: on create, and when a deal without a list gets a client
// (docs/stock.md, "Price lists"). A list given wins, null included.
func (m *Module) defaultPriceList(ctx context.Context, c *entity.Change) error {
	if _, given := c.Links["priceList"]; given {
		return nil
	}
	client, given := c.Links["contractor"]
	if !given || client == nil {
		return nil
	}
	if c.Old != nil && c.Old.Links["priceList"].ID != 0 {
		return nil
	}
	list, err := pricing.ListOf(ctx, m.e.DB, c.Scope.Account, *client)
	if err != nil || list == 0 {
		return err
	}
	c.Links["priceList"] = &value.Link{Type: "PriceList", ID: list}
	return nil
}

// priceFromList prices a new position given an offer and no price: the
// offer's price in the deal's price list when it has one there, else its
// base price. A price given always wins.
func (m *Module) priceFromList(ctx context.Context, c *entity.Change) error {
	if !c.New || c.Values["price"] != nil || c.Values["priceWithoutTax"] != nil {
		return nil
	}
	offer := c.Links["offer"]
	if offer == nil || offer.Type != "Offer" {
		return nil
	}
	list, err := pricing.ListOf(ctx, m.e.DB, c.Scope.Account, value.Link{Type: "Deal", ID: dealOf(c)})
	if err != nil {
		return err
	}
	price, err := pricing.OfferPrice(ctx, m.e.DB, c.Scope.Account, offer.ID, list)
	if err != nil || price == "" {
		return err
	}
	c.Values["price"] = price
	return nil
}
