package demo

import (
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// demoPriceLists are the demo company's price lists, each a share of the
// base price in percent (docs/stock.md, "Price lists").
var demoPriceLists = []struct {
	name  string
	share int64
}{
	{"Оптовая", 90},
	{"Дилерская", 80},
}

// pricedOffer is an offer of the demo catalogue and its base price.
type pricedOffer struct {
	link  value.Link
	price int64
}

// priceListsStep makes the price lists with a price for every demo offer
// in each, and puts the first company on the wholesale list.
func (f *filler) priceListsStep() error {
	for _, pl := range demoPriceLists {
		list, err := f.create(f.demo, "PriceList", obj{"name": pl.name, "currency": "RUB"})
		if err != nil {
			return err
		}
		for _, o := range f.offers {
			price := o.price * pl.share / 100
			if _, err := f.create(f.demo, "OfferPrice", obj{"offer": ref(o.link), "priceList": ref(list), "price": money(price)}); err != nil {
				return err
			}
		}
		if pl.share != 90 || len(f.companies) == 0 {
			continue
		}
		in := entity.Input{}
		in["priceList"], _ = json.Marshal(ref(list))
		if _, err := f.e.Update(f.ctx, f.scope(), "ContractorCompany", f.companies[0].link.ID, in); err != nil {
			return fmt.Errorf("demo: the wholesale client: %w", err)
		}
	}
	return nil
}
