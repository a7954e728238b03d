package stock

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Move moves goods between warehouses (spec 001 §4.4): an expense from
// the first and an income into the second, both performed, each the
// other's linkedConsignment, operation "move". One transaction: if the
// expense is refused (not enough stock) neither is written.
//
// It is the one write that holds balances of two warehouses, so it
// takes them in the order every write does: the account's
// Consignment.number row first (creating the halves, entity.NextNumber),
// then all its balances in (warehouse, offer) order, and only then
// performs the halves. Two movements in opposite directions, or a
// movement and a reserved expense changing warehouse, then wait for each
// other on PostgreSQL instead of deadlocking (TestConcurrentMovements).
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
		goods, err := m.goods(ctx, sc.Account, expense.ID)
		if err != nil {
			return err
		}
		if err := m.lockBalances(ctx, sc.Account, goods, from, to); err != nil {
			return err
		}
		for _, half := range []*entity.Record{expense, income} {
			if _, err := m.save(ctx, sc, half.ID, entity.Input{"state": quoted(Performed)}); err != nil {
				return err
			}
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

// lockBalances takes the row lock of each balance of the goods in the
// warehouses, in (warehouse, offer) order.
func (m *Module) lockBalances(ctx context.Context, account int64, goods map[int64]int64, warehouses ...int64) error {
	keys := map[key]bool{}
	for offer := range goods {
		for _, wh := range warehouses {
			keys[key{wh, offer}] = true
		}
	}
	db := m.e.DB
	for _, k := range sortedKeys(keys) {
		if err := db.Exec(ctx, db.Dialect.Rebind(`INSERT INTO stock_balances (account_id, warehouse_id, offer_id)
			VALUES (?, ?, ?) ON CONFLICT DO NOTHING`), account, k.warehouse, k.offer); err != nil {
			return fmt.Errorf("stock: balance row: %w", err)
		}
		if err := db.Exec(ctx, db.Dialect.Rebind(`UPDATE stock_balances SET quantity = quantity
			WHERE account_id = ? AND warehouse_id = ? AND offer_id = ?`), account, k.warehouse, k.offer); err != nil {
			return fmt.Errorf("stock: lock balance: %w", err)
		}
	}
	return nil
}

// pair makes a the move-half linked to b; only the module writes these
// (a client's are ignored).
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
