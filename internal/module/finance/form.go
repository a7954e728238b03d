package finance

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/finance/pdf"
	"github.com/artel/artel/internal/value"
)

// templateOf is the template an invoice names (its invoiceTemplate, kept
// as the InvoiceTemplate link given), 0 for the default one.
func templateOf(inv *entity.Record) int64 {
	if l := inv.Links["invoiceTemplate"]; l.ID != 0 {
		return l.ID
	}
	var raw json.RawMessage
	switch v := inv.Values["invoiceTemplate"].(type) {
	case string:
		raw = json.RawMessage(v)
	case nil:
		return 0
	default:
		raw, _ = json.Marshal(v)
	}
	l, err := value.DecodeLink(raw, []string{"InvoiceTemplate"})
	if err != nil {
		return 0
	}
	return l.ID
}

// checkTemplate refuses an invoice naming a template the account does
// not have (one deleted later prints with the default one).
func (m *Module) checkTemplate(ctx context.Context, c *entity.Change) error {
	v, given := c.Values["invoiceTemplate"]
	if !given || v == nil {
		return nil
	}
	s, _ := v.(string)
	if s == "null" || s == "" {
		return nil
	}
	missing := entity.Invalidf("invoiceTemplate", entity.CodeLinkNotFound, s)
	l, err := value.DecodeLink(json.RawMessage(s), []string{"InvoiceTemplate"})
	if err != nil || l.ID == 0 {
		return missing
	}
	if _, err := m.Template(ctx, c.Scope.Account, l.ID); err == entity.ErrNotFound {
		return missing
	} else if err != nil {
		return err
	}
	return nil
}

// form is what a template prints: the one named, or the default one when
// it is gone or none is named; the built-in form when there is none.
// The images are read by the system: a template's logo prints for every
// reader of the invoice.
func (m *Module) form(ctx context.Context, sc entity.Scope, id int64) (pdf.Form, error) {
	t, err := m.Template(ctx, sc.Account, id)
	if err == entity.ErrNotFound {
		t, err = m.Template(ctx, sc.Account, 0)
	}
	if err != nil || t == nil {
		return pdf.Form{}, err
	}
	f := pdf.Form{Header: t.Header, Conditions: t.Conditions, Hide: t.Hidden}
	if len(t.Signatures) > 0 {
		f.Signatures = make([]pdf.Sign, len(t.Signatures))
		for i, s := range t.Signatures {
			f.Signatures[i] = pdf.Sign{Title: s.Title, Name: s.Name}
		}
	}
	f.Logo = m.image(ctx, system(sc), t.Logo)
	f.Stamp = m.image(ctx, system(sc), t.Stamp)
	return f, nil
}

// image is a template's image; a file deleted since prints nothing.
func (m *Module) image(ctx context.Context, sc entity.Scope, id int64) pdf.Image {
	if id == 0 || m.Files == nil {
		return pdf.Image{}
	}
	_, data, err := m.Files.Open(ctx, sc, id)
	if err != nil {
		return pdf.Image{}
	}
	return pdf.Image{Kind: imageKind(data), Data: data}
}
