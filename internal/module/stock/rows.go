package stock

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// maxRows bounds one consignment's rows.
const maxRows = 1000

// writeRows replaces a consignment's rows with the given list: a row
// belongs to its consignment and means nothing apart from it, so the old
// ones go and the list is written afresh.
func (m *Module) writeRows(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage) error {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil || len(items) > maxRows {
		return entity.Invalidf("rows", CodeRowsFormat, "")
	}
	old, err := m.rowIDs(ctx, sc.Account, id)
	if err != nil {
		return err
	}
	for _, r := range old {
		if err := m.e.Delete(own(ctx), system(sc), "ConsignmentRow", r); err != nil && err != entity.ErrNotFound {
			return fmt.Errorf("stock: drop row %d: %w", r, err)
		}
	}
	link, _ := json.Marshal(value.EncodeLink(value.Link{Type: "Consignment", ID: id}))
	for i, item := range items {
		var in entity.Input
		if json.Unmarshal(item, &in) != nil || in == nil {
			return entity.Invalidf("rows", CodeRowsFormat, "")
		}
		if ct, given := in["contentType"]; given && string(bytes.TrimSpace(ct)) != `"ConsignmentRow"` {
			return entity.Invalidf("rows", CodeRowsFormat, "")
		}
		for _, f := range []string{"id", "sum", "taxSum", "priceWithoutTax"} {
			delete(in, f) // the rules' (totals.go)
		}
		var q float64
		if json.Unmarshal(in["quantity"], &q) != nil {
			return entity.Invalidf("rows."+strconv.Itoa(i)+".quantity", value.CodeRange, "")
		}
		if _, ok := toMilli(q); !ok {
			return entity.Invalidf("rows."+strconv.Itoa(i)+".quantity", value.CodeRange, "")
		}
		offer, err := value.DecodeLink(in["offer"], []string{"Offer"})
		if err != nil || offer.ID <= 0 {
			return entity.Invalidf("rows."+strconv.Itoa(i)+".offer", entity.CodeRequired, "")
		}
		in["consignment"] = link
		if _, err := m.e.Create(own(ctx), system(sc), "ConsignmentRow", in); err != nil {
			return underRow(i, err)
		}
	}
	return nil
}

// underRow names a row's field errors by the row: rows.2.offer.
func underRow(i int, err error) error {
	bad, ok := err.(*entity.Invalid)
	if !ok {
		return err
	}
	out := &entity.Invalid{}
	for _, fe := range bad.Errors {
		fe.Field = "rows." + strconv.Itoa(i) + "." + fe.Field
		out.Errors = append(out.Errors, fe)
	}
	return out
}

// rowIDs are a consignment's rows.
func (m *Module) rowIDs(ctx context.Context, account, id int64) ([]int64, error) {
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id FROM e_consignmentrow
		WHERE account_id = ? AND c_consignment_i = ? ORDER BY id`), account, id)
	if err != nil {
		return nil, fmt.Errorf("stock: rows of %d: %w", id, err)
	}
	defer q.Close()
	var out []int64
	for q.Next() {
		var r int64
		if err := q.Scan(&r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, q.Err()
}

// goods are a consignment's quantities per offer, in thousandths, of the
// rows whose offer is a product: services are not stocked.
func (m *Module) goods(ctx context.Context, account, id int64) (map[int64]int64, error) {
	ids, err := m.rowIDs(ctx, account, id)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	sc := entity.Scope{Account: account, System: true}
	rows, err := m.e.GetMany(ctx, sc, "ConsignmentRow", ids)
	if err != nil {
		return nil, err
	}
	return m.productQuantities(ctx, sc, rows)
}

// productQuantities sums rows' quantities (ConsignmentRow or OfferRow)
// per product offer, a kit's as its parts'.
func (m *Module) productQuantities(ctx context.Context, sc entity.Scope, rows []*entity.Record) (map[int64]int64, error) {
	var offers []int64
	for _, r := range rows {
		if o := r.Links["offer"].ID; o != 0 {
			offers = append(offers, o)
		}
	}
	if len(offers) == 0 {
		return nil, nil
	}
	recs, err := m.e.GetMany(ctx, sc, "Offer", offers)
	if err != nil {
		return nil, err
	}
	product := map[int64]bool{}
	for _, o := range recs {
		product[o.ID] = o.String("type") != "service"
	}
	all := map[int64]int64{}
	for _, r := range rows {
		o := r.Links["offer"].ID
		if _, known := product[o]; !known {
			continue
		}
		if n, ok := toMilli(r.Values["quantity"]); ok {
			all[o] += n
		}
	}
	// A kit's row stands for its parts (kitstock.go); services drop out.
	out, err := m.expandKits(ctx, sc, all, product)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return out, nil
}

func keysOf(m map[key]share) map[key]bool {
	out := map[key]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

// sortedKeys orders balances so that concurrent transactions lock them in
// one order and cannot deadlock.
func sortedKeys(keys map[key]bool) []key {
	out := make([]key, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].warehouse != out[j].warehouse {
			return out[i].warehouse < out[j].warehouse
		}
		return out[i].offer < out[j].offer
	})
	return out
}
