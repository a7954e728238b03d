package finance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// WriteRows saves the rows an invoice write carries inline, as the
// reference's clients send them: an OfferRow without an id is created,
// one with an id (a row of this invoice) is changed by the fields it
// gives; a new row is priced in the price list given (pricelist.go). It answers the rows as links for SetRows. Rows are written as
// the system: the caller's right to write the invoice, checked in the
// same transaction, is what decides.
func (m *Module) WriteRows(ctx context.Context, sc entity.Scope, invoice, list int64, raw json.RawMessage) ([]value.Link, error) {
	var items []json.RawMessage
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		items = nil
	} else if json.Unmarshal(raw, &items) != nil {
		return nil, entity.Invalidf("rows", CodeRowsFormat, "")
	}
	own, err := m.rowsOf(ctx, sc.Account, invoice)
	if err != nil {
		return nil, err
	}
	closed, err := m.closed(ctx, sc, invoice)
	if err != nil {
		return nil, err
	}
	out := make([]value.Link, 0, len(items))
	for i, item := range items {
		id, err := m.writeRow(ctx, sc, own, closed, list, item)
		if err != nil {
			return nil, underRows(i, err)
		}
		out = append(out, value.Link{Type: "OfferRow", ID: id})
	}
	return out, nil
}

// writeRow creates or changes one row and answers its id.
func (m *Module) writeRow(ctx context.Context, sc entity.Scope, own []value.Link, closed bool, list int64, item json.RawMessage) (int64, error) {
	var in entity.Input
	if json.Unmarshal(item, &in) != nil || in == nil {
		return 0, entity.Invalidf("", CodeRowsFormat, "")
	}
	if ct, given := in["contentType"]; given && string(bytes.TrimSpace(ct)) != `"OfferRow"` {
		return 0, entity.Invalidf("contentType", CodeRowsFormat, "")
	}
	// An invoice's row is not a deal's position: naming a deal would add
	// it to the deal's price.
	delete(in, "deal")
	rawID, given := in["id"]
	delete(in, "contentType")
	if closed && (!given || len(in) > 1) {
		return 0, entity.Invalidf("", CodeInvoiceClosed, "")
	}
	if !given || string(rawID) == "null" {
		if err := m.priceRow(ctx, sc, list, in); err != nil {
			return 0, err
		}
		rec, err := m.e.Create(ctx, system(sc), "OfferRow", in)
		if err != nil {
			return 0, err
		}
		return rec.ID, nil
	}
	var s string
	if json.Unmarshal(rawID, &s) != nil {
		s = string(rawID)
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || !slices.Contains(own, value.Link{Type: "OfferRow", ID: id}) {
		return 0, entity.Invalidf("id", entity.CodeLinkNotFound, "OfferRow")
	}
	if len(in) > 1 {
		if _, err := m.e.Update(ctx, system(sc), "OfferRow", id, in); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// underRows names a row's field errors after the row: rows.2.discount.
func underRows(i int, err error) error {
	var bad *entity.Invalid
	if !errors.As(err, &bad) {
		return err
	}
	out := &entity.Invalid{}
	for _, fe := range bad.Errors {
		name := "rows." + strconv.Itoa(i)
		if fe.Field != "" {
			name += "." + fe.Field
		}
		fe.Field = name
		out.Errors = append(out.Errors, fe)
	}
	return out
}

// SetRows makes rows an invoice's rows (the rows it no longer lists are
// deleted, dropLeftRows) and retotals it. With guard, a paid or rejected
// invoice's rows are refused unless they stay as they are.
func (m *Module) SetRows(ctx context.Context, sc entity.Scope, invoice int64, rows []value.Link, guard bool) error {
	rec, err := m.e.Get(ctx, sc, "Invoice", invoice)
	if err != nil {
		return err
	}
	if guard {
		if err := m.keepClosed(ctx, sc.Account, rec, rows); err != nil {
			return err
		}
	}
	c := entity.NewChange(system(sc), rec.Type, rec)
	c.Many["rows"] = rows
	_, err = m.e.Save(asMachine(ctx), c)
	return err
}

// closed tells whether an invoice is paid or rejected, whose rows stay
// as they are; a new invoice (0) is not.
func (m *Module) closed(ctx context.Context, sc entity.Scope, invoice int64) (bool, error) {
	if invoice == 0 {
		return false, nil
	}
	rec, err := m.e.Get(ctx, system(sc), "Invoice", invoice)
	if err == entity.ErrNotFound {
		return false, nil // the invoice's save answers 404
	}
	if err != nil {
		return false, err
	}
	st := statusOf(rec.Values)
	return st != Created && st != Drawn, nil
}

// keepClosed refuses to change the rows of a paid or rejected invoice.
func (m *Module) keepClosed(ctx context.Context, account int64, rec *entity.Record, rows []value.Link) error {
	if st := statusOf(rec.Values); st == Created || st == Drawn {
		return nil
	}
	old, err := m.rowsOf(ctx, account, rec.ID)
	if err != nil {
		return err
	}
	if !slices.Equal(old, rows) {
		return entity.Invalidf("rows", CodeInvoiceClosed, "")
	}
	return nil
}
