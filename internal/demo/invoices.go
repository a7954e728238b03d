package demo

import (
	"fmt"

	"github.com/artel/artel/internal/entity"
	sums "github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// demoInvoices bill the first deals: three paid in full (their debt is
// zero), the first by two invoices, 60 % and 40 %, paid by one income
// split between them; one drawn and overdue, an advance of half the
// price not yet drawn, and one rejected.
var demoInvoices = []struct {
	status string
	shares []int64 // percent of the deal's price, one invoice each
	late   bool
}{
	{"paid", []int64{60, 40}, false}, {"paid", []int64{100}, false}, {"paid", []int64{100}, false},
	{"drawn", []int64{100}, true}, {"created", []int64{50}, false}, {"rejected", []int64{100}, false},
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
		var billed []value.Link
		var total int64
		for _, share := range inv.shares {
			kopecks := price.Kopecks * share / 100
			row, err := f.create(f.demo, "OfferRow", obj{"name": "Оплата по договору: " + d.name, "quantity": 1, "tax": vat,
				"price": obj{"contentType": "Money", "value": float64(kopecks) / 100, "currency": "RUB"}})
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
			billed = append(billed, invoice)
			total += kopecks
		}
		if inv.status == "paid" {
			// The money came to the bank account: one income paying the
			// invoices, split between them by their sums.
			if err := f.income(books.bank, total, d.name, billed...); err != nil {
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
