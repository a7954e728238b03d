package stock

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Move moves goods between warehouses (spec 001 §4.4): an expense from
// the first and an income into the second, both performed, each the
// other's linkedConsignment, operation "move". One transaction: if the
// expense is refused (not enough stock) neither is written.
func (m *Module) Move(ctx context.Context, sc entity.Scope, from, to int64, rows json.RawMessage, extra entity.Input) (*entity.Record, error) {
	if from == to {
		return nil, entity.Invalidf("warehouse", CodeSameWarehouse, "")
	}
	var out *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		half := func(typ string, wh int64) (*entity.Record, error) {
			in := entity.Input{}
			for k, v := range extra {
				in[k] = v
			}
			in["type"] = quoted(typ)
			in["warehouse"] = linkJSON("Warehouse", wh)
			in["rows"] = rows
			in["state"] = quoted(Performed)
			return m.save(ctx, sc, 0, in)
		}
		expense, err := half(Expense, from)
		if err != nil {
			return err
		}
		income, err := half(Income, to)
		if err != nil {
			return err
		}
		if err := m.pair(ctx, sc, expense, income); err != nil {
			return err
		}
		if err := m.pair(ctx, sc, income, expense); err != nil {
			return err
		}
		out, err = m.e.Get(ctx, sc, "Consignment", expense.ID)
		return err
	})
	return out, err
}

// pair makes a the move-half linked to b; only the module writes these
// (a is performed already, and a client's are ignored).
func (m *Module) pair(ctx context.Context, sc entity.Scope, a, b *entity.Record) error {
	c := entity.NewChange(system(sc), a.Type, a)
	c.Values["operation"] = "move"
	l := value.Link{Type: "Consignment", ID: b.ID}
	c.Links["linkedConsignment"] = &l
	_, err := m.e.Save(own(ctx), c)
	return err
}

func quoted(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

func linkJSON(typ string, id int64) json.RawMessage {
	b, _ := json.Marshal(value.EncodeLink(value.Link{Type: typ, ID: id}))
	return b
}
