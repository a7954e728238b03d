package stock

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// MassResult is what became of one deal of a mass creation.
type MassResult struct {
	Deal        int64
	Consignment int64
	Err         error
}

// FromDeals makes a consignment of the type into the warehouse for each
// deal, its rows the deal's positions (offer, name, quantity, price),
// its contractor the deal's. Each deal's consignment is written whole or
// not at all; one deal's refusal does not stop the others.
func (m *Module) FromDeals(ctx context.Context, sc entity.Scope, typ string, warehouse int64, deals []int64, extra entity.Input) []MassResult {
	out := make([]MassResult, 0, len(deals))
	for _, d := range deals {
		id, err := m.fromDeal(ctx, sc, typ, warehouse, d, extra)
		out = append(out, MassResult{Deal: d, Consignment: id, Err: err})
	}
	return out
}

func (m *Module) fromDeal(ctx context.Context, sc entity.Scope, typ string, warehouse, deal int64, extra entity.Input) (int64, error) {
	var id int64
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := m.e.Get(ctx, sc, "Deal", deal)
		if err != nil {
			return err
		}
		positions, err := m.positions(ctx, system(sc), deal)
		if err != nil {
			return err
		}
		var rows []map[string]any
		for _, p := range positions {
			o := p.Links["offer"]
			if o.ID == 0 {
				continue
			}
			row := map[string]any{"contentType": "ConsignmentRow", "offer": value.EncodeLink(o),
				"name": p.String("name"), "quantity": p.Values["quantity"]}
			if s, ok := p.Values["price"].(string); ok && s != "" {
				row["price"] = json.RawMessage(s)
			}
			rows = append(rows, row)
		}
		in := entity.Input{}
		for k, v := range extra {
			in[k] = v
		}
		in["type"] = quoted(typ)
		in["deal"] = linkJSON("Deal", deal)
		if warehouse != 0 {
			in["warehouse"] = linkJSON("Warehouse", warehouse)
		}
		if c := rec.Links["contractor"]; c.ID != 0 {
			in["contractor"] = linkJSON(c.Type, c.ID)
		}
		if in["rows"], err = json.Marshal(rows); err != nil {
			return err
		}
		made, err := m.save(ctx, sc, 0, in)
		if err != nil {
			return err
		}
		id = made.ID
		return nil
	})
	return id, err
}
