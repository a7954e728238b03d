package demo

// demoOffers are what the demo company sells; a few deals list them as
// positions, so their sums (with VAT included) come from the rows.
var demoOffers = []struct {
	name  string
	price int64
}{
	{"Лицензия Artel, 1 рабочее место на год", 1200},
	{"Час работы консультанта", 3500},
	{"Годовая поддержка", 48000},
}

// positionsStep gives every eighth deal one to three positions.
func (f *filler) positionsStep() error {
	var offers []obj
	for _, o := range demoOffers {
		l, err := f.create(f.demo, "Offer", obj{"name": o.name, "price": money(o.price)})
		if err != nil {
			return err
		}
		offers = append(offers, ref(l))
		f.offers = append(f.offers, pricedOffer{l, o.price})
	}
	vat := obj{"contentType": "Tax", "name": "НДС 20%", "rate": 20}
	for i := 0; i < len(f.deals); i += 8 {
		for j := range f.between(1, 3) {
			row := obj{"deal": ref(f.deals[i].link), "offer": offers[j], "name": demoOffers[j].name,
				"price": money(demoOffers[j].price), "quantity": f.between(1, 40), "tax": vat}
			if f.chance(0.3) {
				row["discount"] = obj{"contentType": "Discount", "type": "percent", "valueInMain": 5 * f.between(1, 3)}
			}
			if _, err := f.create(f.demo, "OfferRow", row); err != nil {
				return err
			}
		}
	}
	return nil
}
