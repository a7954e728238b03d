package stock

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// The read side of kits: a kit's balances computed from its parts.

// kitShare is a kit's balance at a warehouse from its parts, as a share
// that Balance.json words right: quantity is the kits on hand,
// quantity − reserved the kits free now, quantity + expected − reserved
// the kits free counting receipts. Figures below zero count as zero.
func (m *Module) kitShare(ctx context.Context, account, warehouse, kit int64, depth int) (share, bool, error) {
	parts, err := m.kitParts(ctx, account, []int64{kit})
	if err != nil || len(parts[kit]) == 0 {
		return share{}, false, err
	}
	products := map[int64]bool{}
	if err := m.markProducts(ctx, entity.Scope{Account: account}, parts, products); err != nil {
		return share{}, false, err
	}
	first := true
	var onHand, now, later int64
	for _, p := range parts[kit] {
		var s share
		var sub bool
		if depth < maxKitDepth {
			if s, sub, err = m.kitShare(ctx, account, warehouse, p.offer, depth+1); err != nil {
				return share{}, false, err
			}
		}
		if !sub && !products[p.offer] {
			continue // a service part is not stocked
		}
		if !sub {
			if s, err = m.balanceOrZero(ctx, account, key{warehouse, p.offer}); err != nil {
				return share{}, false, err
			}
		}
		kits := func(v int64) int64 { return max(v, 0) * milli / p.count / milli * milli }
		h, n, l := kits(s.quantity), kits(s.quantity-s.reserved), kits(s.quantity+s.expected-s.reserved)
		if first || h < onHand {
			onHand = h
		}
		if first || n < now {
			now = n
		}
		if first || l < later {
			later = l
		}
		first = false
	}
	now = min(now, onHand)
	later = max(later, now)
	return share{quantity: onHand, reserved: onHand - now, expected: later - now}, true, nil
}

// kitLeaves are the stocked offers a kit is made of at any depth, or nil
// when the offer is not a kit.
func (m *Module) kitLeaves(ctx context.Context, account, offer int64) ([]int64, error) {
	parts, err := m.kitParts(ctx, account, []int64{offer})
	if err != nil || len(parts[offer]) == 0 {
		return nil, err
	}
	leaves, err := m.expandKits(ctx, entity.Scope{Account: account}, map[int64]int64{offer: milli}, map[int64]bool{})
	if err != nil {
		return nil, err
	}
	out := []int64{}
	for o := range leaves {
		out = append(out, o)
	}
	return out, nil
}

// kitWarehouses are the warehouses (after the given one, at most limit)
// holding a balance row of any of the leaves.
func (m *Module) kitWarehouses(ctx context.Context, account int64, leaves []int64, after int64, limit int) ([]int64, error) {
	if len(leaves) == 0 {
		return nil, nil
	}
	marks := make([]string, len(leaves))
	args := []any{account, after}
	for i, o := range leaves {
		marks[i] = "?"
		args = append(args, o)
	}
	args = append(args, limit)
	return m.ids(ctx, `SELECT DISTINCT warehouse_id FROM stock_balances WHERE account_id = ? AND warehouse_id > ?
		AND offer_id IN (`+strings.Join(marks, ",")+`) ORDER BY warehouse_id LIMIT ?`, args...)
}

func (m *Module) ids(ctx context.Context, query string, args ...any) ([]int64, error) {
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(query), args...)
	if err != nil {
		return nil, fmt.Errorf("stock: kits: %w", err)
	}
	defer q.Close()
	var out []int64
	for q.Next() {
		var id int64
		if err := q.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, q.Err()
}

// kitBalances are a kit's balances per warehouse, from its parts.
func (m *Module) kitBalances(ctx context.Context, account, kit int64, leaves []int64, after int64, limit int) ([]Balance, error) {
	ws, err := m.kitWarehouses(ctx, account, leaves, after, limit)
	if err != nil {
		return nil, err
	}
	out := make([]Balance, 0, len(ws))
	for _, w := range ws {
		s, _, err := m.kitShare(ctx, account, w, kit, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, Balance{Warehouse: w, Offer: kit, share: s})
	}
	return out, nil
}

// withKits merges into a warehouse's page of stored balances the kits
// whose parts it stocks, computed from them, by offer id; a kit's own
// stored row (left from before it had parts) gives way to the computed.
func (m *Module) withKits(ctx context.Context, account, warehouse int64, bs []Balance, after int64, limit int) ([]Balance, error) {
	kits, err := m.ids(ctx, `SELECT DISTINCT p.c_parent_i FROM e_offerpart p JOIN stock_balances b
		ON b.account_id = p.account_id AND b.offer_id = p.c_offer_i
		WHERE p.account_id = ? AND b.warehouse_id = ? AND p.c_parent_i > ? ORDER BY p.c_parent_i LIMIT ?`,
		account, warehouse, after, limit)
	if err != nil || len(kits) == 0 {
		return bs, err
	}
	isKit := map[int64]bool{}
	out := make([]Balance, 0, len(bs)+len(kits))
	for _, k := range kits {
		isKit[k] = true
		out = append(out, Balance{Warehouse: warehouse, Offer: k})
	}
	for _, b := range bs {
		if !isKit[b.Offer] {
			out = append(out, b)
		}
	}
	slices.SortFunc(out, func(a, b Balance) int { return cmp.Compare(a.Offer, b.Offer) })
	if len(out) > limit {
		out = out[:limit]
	}
	// Only the kits that made the page are computed.
	for i, b := range out {
		if isKit[b.Offer] {
			if out[i].share, _, err = m.kitShare(ctx, account, warehouse, b.Offer, 0); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// kitSums puts each kit's stock over all warehouses into sums, in place
// of any stored row of its own.
func (m *Module) kitSums(ctx context.Context, sc entity.Scope, recs []*entity.Record, sums map[int64]share) error {
	account := sc.Account
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	parts, err := m.kitParts(ctx, account, ids)
	if err != nil {
		return err
	}
	for kit := range parts {
		leaves, err := m.kitLeaves(ctx, account, kit)
		if err != nil {
			return err
		}
		bs, err := m.kitBalances(ctx, account, kit, leaves, 0, maxKitWarehouses)
		if err == nil {
			bs, err = m.seenBalances(ctx, sc, bs)
		}
		if err != nil {
			return err
		}
		var sum share
		for _, b := range bs {
			sum.quantity += b.quantity
			sum.reserved += b.reserved
			sum.expected += b.expected
		}
		sums[kit] = sum
	}
	return nil
}

// maxKitWarehouses bounds the warehouses a kit's totals are summed over.
const maxKitWarehouses = 1000
