package finance

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/finance/pdf"
	"github.com/artel/artel/internal/money"
)

var months = []string{"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
	"сентября", "октября", "ноября", "декабря"}

// russianDate is a stored DateOnly ("2026-10-25") as the form writes it:
// "25 октября 2026 г.".
func russianDate(s string) string {
	var y, m, d int
	if _, err := fmt.Sscanf(s, "%d-%d-%d", &y, &m, &d); err != nil || m < 1 || m > 12 {
		return ""
	}
	return fmt.Sprintf("%d %s %d г.", d, months[m-1], y)
}

// PDF renders an invoice the caller sees in the Russian form. The
// payee is the invoice's recipient (the account's own legal entity, a
// Payer with bank requisites), the payer its payer.
func (m *Module) PDF(ctx context.Context, sc entity.Scope, id int64) ([]byte, error) {
	doc, err := m.Document(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	return pdf.Render(doc)
}

// Document is what an invoice's PDF shows, read as the caller.
func (m *Module) Document(ctx context.Context, sc entity.Scope, id int64) (*pdf.Invoice, error) {
	inv, err := m.e.Get(ctx, sc, "Invoice", id)
	if err != nil {
		return nil, err
	}
	total, _ := money.Parse(inv.String("sum"))
	tax, _ := money.Kopecks(money.Exact(floatOf(inv.Values["taxTotal"])))
	doc := &pdf.Invoice{Number: inv.String("number"), Date: russianDate(inv.String("invoiceDate")),
		Deadline: russianDate(inv.String("deadline")), Total: total.Kopecks, Tax: tax, HasTax: tax != 0,
		Currency: total.Currency}
	// Requisites are printed whoever reads the invoice: they are part of it.
	doc.Payee = m.party(ctx, system(sc), inv.Links["recipient"].ID)
	doc.Payer = m.party(ctx, system(sc), inv.Links["payer"].ID)
	if doc.Form, err = m.form(ctx, sc, templateOf(inv)); err != nil {
		return nil, err
	}
	fillVariables(doc)
	rows, err := m.rowsOf(ctx, sc.Account, id)
	if err != nil {
		return nil, err
	}
	for _, l := range rows {
		r, err := m.e.Get(ctx, system(sc), "OfferRow", l.ID)
		if err != nil {
			continue
		}
		price, _ := money.Parse(r.String("price"))
		if r.String("price") == "" {
			price, _ = money.Parse(r.String("priceWithoutTax"))
		}
		sum, _ := money.Parse(r.String("sum"))
		name := r.String("name")
		if name == "" && r.Links["offer"].ID != 0 {
			if o, err := m.e.Get(ctx, system(sc), "Offer", r.Links["offer"].ID); err == nil {
				name = o.String("name")
			}
		}
		doc.Rows = append(doc.Rows, pdf.Row{Name: name, Quantity: quantity(r.Values["quantity"]),
			Unit: unitName(r.Values["unit"]), Price: price.Kopecks, Sum: sum.Kopecks})
	}
	return doc, nil
}

func (m *Module) party(ctx context.Context, sc entity.Scope, id int64) pdf.Party {
	if id == 0 {
		return pdf.Party{}
	}
	p, err := m.e.Get(ctx, sc, "Payer", id)
	if err != nil {
		return pdf.Party{}
	}
	name := p.String("name")
	if name == "" {
		name = strings.TrimSpace(p.String("lastName") + " " + p.String("firstName"))
	}
	addr := p.String("legalAddress")
	if addr == "" {
		addr = p.String("address")
	}
	return pdf.Party{Name: name, INN: p.String("inn"), KPP: p.String("kpp"), Address: addr,
		Bank: p.String("bank"), BIK: p.String("bik"), CorrAccount: p.String("correspondentAccount"),
		CurrentAcct: p.String("currentAccount")}
}

func floatOf(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int64:
		return float64(x)
	case string:
		f, _ := strconv.ParseFloat(x, 64)
		return f
	}
	return 0
}

// quantity prints a row's quantity as written: 3, 2.5.
func quantity(v any) string {
	if v == nil {
		return "1"
	}
	return strings.Replace(strconv.FormatFloat(floatOf(v), 'f', -1, 64), ".", ",", 1)
}

// unitName is a row's unit: a stored Unit value names itself.
func unitName(v any) string {
	s, _ := v.(string)
	var u struct {
		Name string `json:"name"`
	}
	if json.Unmarshal([]byte(s), &u) == nil && u.Name != "" {
		return u.Name
	}
	if strings.HasPrefix(s, "{") {
		return ""
	}
	return s
}
