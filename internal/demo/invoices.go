package demo

import (
	"fmt"

	"github.com/artel/artel/internal/entity"
	sums "github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// demoInvoices bill the first deals: three paid in full (their debt is
// zero), one drawn and overdue, an advance of half the price not yet
// drawn, and one rejected.
var demoInvoices = []struct {
	status string
	share  int64 // percent of the deal's price
	late   bool
}{
	{"paid", 100, false}, {"paid", 100, false}, {"paid", 100, false},
	{"drawn", 100, true}, {"created", 50, false}, {"rejected", 100, false},
}

// invoicesStep bills a few deals to a payer for their client, in one row
// with VAT included.
func (f *filler) invoicesStep() error {
	sys := entity.Scope{Account: f.account, System: true}
	vat := obj{"contentType": "Tax", "name": "НДС 20%", "rate": 20}
	books, err := f.financeBooks()
	if err != nil {
		return err
	}
	for i, inv := range demoInvoices[:min(len(demoInvoices), len(f.deals))] {
		d := f.deals[i]
		rec, err := f.e.Get(f.ctx, sys, "Deal", d.link.ID)
		if err != nil {
			return fmt.Errorf("demo: deal %d: %w", d.link.ID, err)
		}
		price, _ := sums.Parse(rec.String("price"))
		payer, err := f.create(f.demo, "Payer", obj{"name": f.clientName(rec.Links["contractor"]), "type": "Legal",
			"country": obj{"contentType": "Country", "id": "1"}, "contractor": ref(rec.Links["contractor"])})
		if err != nil {
			return err
		}
		row, err := f.create(f.demo, "OfferRow", obj{"name": "Оплата по договору: " + d.name, "quantity": 1, "tax": vat,
			"price": obj{"contentType": "Money", "value": float64(price.Kopecks*inv.share/100) / 100, "currency": "RUB"}})
		if err != nil {
			return err
		}
		body := obj{"payer": ref(payer), "recipient": ref(books.own), "deal": ref(d.link), "rows": refs(row), "status": inv.status,
			"invoiceDate": dateOnly(f.base.AddDate(0, 0, i)), "name": "Счёт по сделке «" + d.name + "»"}
		if inv.late {
			body["deadline"] = dateOnly(f.base.AddDate(0, 0, 14))
		}
		invoice, err := f.create(d.people[0], "Invoice", body)
		if err != nil {
			return err
		}
		if inv.status == "paid" {
			// The money came to the bank account: an income paying the invoice.
			if err := f.income(books.bank, invoice, price.Kopecks*inv.share/100, d.name); err != nil {
				return err
			}
		}
	}
	return f.expenses(books)
}

// clientName is how the demo named a client, for its payer.
func (f *filler) clientName(l value.Link) string {
	for _, c := range f.clients {
		if c.link == l {
			return c.name
		}
	}
	return "Клиент"
}
