package stock

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// Balance is one row of stock: an offer in a warehouse.
type Balance struct {
	Warehouse, Offer int64
	share
}

// json is the WarehouseBalance value: balance is on hand; availableNow
// is on hand free of reserves; available counts expected receipts too.
func (b Balance) json(names map[string]string) map[string]any {
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	return map[string]any{"contentType": "WarehouseBalance", "id": id(b.Warehouse) + "-" + id(b.Offer),
		"warehouse": map[string]any{"contentType": "Warehouse", "id": id(b.Warehouse), "name": names["w"+id(b.Warehouse)]},
		"offer":     map[string]any{"contentType": "Offer", "id": id(b.Offer), "name": names["o"+id(b.Offer)]},
		"balance":   fromMilli(b.quantity), "reserved": fromMilli(b.reserved), "expected": fromMilli(b.expected),
		"availableNow": fromMilli(b.quantity - b.reserved),
		"available":    fromMilli(b.quantity + b.expected - b.reserved)}
}

// Balances are one warehouse's balances (warehouse > 0) or one offer's
// (offer > 0), by the other id, after the given one, at most limit;
// an offer sold out stays listed at zero.
func (m *Module) Balances(ctx context.Context, account, warehouse, offer, after int64, limit int) ([]Balance, error) {
	if warehouse == 0 {
		if leaves, err := m.kitLeaves(ctx, account, offer); err != nil || leaves != nil {
			if err != nil {
				return nil, err
			}
			return m.kitBalances(ctx, account, offer, leaves, after, limit)
		}
		return m.stored(ctx, account, 0, offer, after, limit)
	}
	bs, err := m.stored(ctx, account, warehouse, 0, after, limit)
	if err != nil {
		return nil, err
	}
	return m.withKits(ctx, account, warehouse, bs, after, limit)
}

// stored are balance rows as stock_balances holds them.
func (m *Module) stored(ctx context.Context, account, warehouse, offer, after int64, limit int) ([]Balance, error) {
	col, by, other := "warehouse_id", warehouse, "offer_id"
	if warehouse == 0 {
		col, by, other = "offer_id", offer, "warehouse_id"
	}
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT warehouse_id, offer_id, quantity, reserved, expected
		FROM stock_balances WHERE account_id = ? AND `+col+` = ? AND `+other+` > ?
		ORDER BY `+other+` LIMIT ?`), account, by, after, limit)
	if err != nil {
		return nil, fmt.Errorf("stock: balances: %w", err)
	}
	defer q.Close()
	var out []Balance
	for q.Next() {
		var b Balance
		if err := q.Scan(&b.Warehouse, &b.Offer, &b.quantity, &b.reserved, &b.expected); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, q.Err()
}

// names are the names of balances' warehouses and offers, by "w"/"o"+id,
// as the reader may see them.
func (m *Module) names(ctx context.Context, sc entity.Scope, bs []Balance) map[string]string {
	out := map[string]string{}
	var ws, os []int64
	for _, b := range bs {
		ws, os = append(ws, b.Warehouse), append(os, b.Offer)
	}
	for prefix, ids := range map[string][]int64{"w": ws, "o": os} {
		typ := map[string]string{"w": "Warehouse", "o": "Offer"}[prefix]
		recs, err := m.e.GetMany(ctx, sc, typ, dedupe(ids))
		if err != nil {
			continue
		}
		for _, r := range recs {
			out[prefix+strconv.FormatInt(r.ID, 10)] = r.String("name")
		}
	}
	return out
}

func dedupe(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// fillOfferStock is an offer's stock over all warehouses: balanceQuantity
// on hand, availableQuantity free of reserves, expectedQuantity coming.
func (m *Module) fillOfferStock(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	ids := make([]string, len(recs))
	args := []any{sc.Account}
	for i, r := range recs {
		ids[i] = "?"
		args = append(args, r.ID)
	}
	a, err := m.access(ctx, sc)
	if err != nil {
		return err
	}
	// Warehouses closed to the reader do not count in their sums.
	hidden := inList("warehouse_id", true, a.hidden(), "1 = 1")
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT offer_id, CAST(SUM(quantity) AS BIGINT), CAST(SUM(reserved) AS BIGINT), CAST(SUM(expected) AS BIGINT)
		FROM stock_balances WHERE account_id = ? AND offer_id IN (`+strings.Join(ids, ",")+`) AND `+hidden+` GROUP BY offer_id`), args...)
	if err != nil {
		return fmt.Errorf("stock: offer stock: %w", err)
	}
	defer q.Close()
	sums := map[int64]share{}
	for q.Next() {
		var id int64
		var s share
		if err := q.Scan(&id, &s.quantity, &s.reserved, &s.expected); err != nil {
			return err
		}
		sums[id] = s
	}
	if err := q.Err(); err != nil {
		return err
	}
	q.Close()
	if err := m.kitSums(ctx, sc, recs, sums); err != nil {
		return err
	}
	for _, r := range recs {
		s := sums[r.ID]
		r.SetComputed("balanceQuantity", fromMilli(s.quantity))
		r.SetComputed("availableQuantity", fromMilli(s.quantity-s.reserved))
		r.SetComputed("expectedQuantity", fromMilli(s.expected))
	}
	return q.Err()
}

// keepStocked refuses to delete a warehouse or an offer that still holds,
// reserves or expects stock: its balances would lose their meaning.
func (m *Module) keepStocked(col string) func(context.Context, entity.Scope, *entity.Record) error {
	return func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
		var n int
		err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM stock_balances
			WHERE account_id = ? AND `+col+` = ? AND (quantity <> 0 OR reserved <> 0 OR expected <> 0)`), sc.Account, rec.ID).Scan(&n)
		if err != nil {
			return fmt.Errorf("stock: balances of %s %d: %w", rec.Type.Name, rec.ID, err)
		}
		if n > 0 {
			return entity.Invalidf("id", entity.CodeInUse, "")
		}
		return nil
	}
}

// fillOfferBalances is an offer's WarehouseBalance per warehouse (a
// single read, or a list that names the field): at most 100 each, as
// GET /offer/{id}/balances pages the rest.
func (m *Module) fillOfferBalances(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	for _, r := range recs {
		bs, err := m.Balances(ctx, sc.Account, 0, r.ID, 0, entity.DefaultLimit)
		if err == nil {
			bs, err = m.seenBalances(ctx, sc, bs)
		}
		if err != nil {
			return err
		}
		names := m.names(ctx, sc, bs)
		items := make([]any, len(bs))
		for i, b := range bs {
			items[i] = b.json(names)
		}
		r.SetComputed("warehouseBalances", items)
		r.SetComputed("warehouseBalancesCount", len(items))
	}
	return nil
}
