package stock

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// The read side of kits: a kit's balances computed from its parts.

// kitShare is a kit's balance at a warehouse from its parts, as a share
// that Balance.json words right: quantity is the kits on hand,
// quantity − reserved the kits free now, quantity + expected − reserved
// the kits free counting receipts. Figures below zero count as zero.
func (m *Module) kitShare(ctx context.Context, account, warehouse, kit int64, depth int) (share, bool, error) {
	out, err := m.kitShares(ctx, account, warehouse, []int64{kit}, depth)
	s, ok := out[kit]
	return s, ok, err
}

// kitShares are kitShare of several kits at one warehouse, a few queries
// for all of them: their parts, which parts are products or kits, and
// the parts' balances; kits among the parts are computed the same way,
// one level at a time.
func (m *Module) kitShares(ctx context.Context, account, warehouse int64, kits []int64, depth int) (map[int64]share, error) {
	out := map[int64]share{}
	parts, err := m.kitParts(ctx, account, kits)
	if err != nil || len(parts) == 0 {
		return out, err
	}
	var offers []int64
	for _, ps := range parts {
		for _, p := range ps {
			offers = append(offers, p.offer)
		}
	}
	offers = dedupe(offers)
	sub := map[int64]share{}
	if depth < maxKitDepth {
		inner, err := m.kitParts(ctx, account, offers)
		if err != nil {
			return nil, err
		}
		if len(inner) > 0 {
			if sub, err = m.kitShares(ctx, account, warehouse, keysOfParts(inner), depth+1); err != nil {
				return nil, err
			}
		}
	}
	products := map[int64]bool{}
	if err := m.markProducts(ctx, entity.Scope{Account: account}, parts, products); err != nil {
		return nil, err
	}
	bal, err := m.balancesAt(ctx, account, warehouse, offers)
	if err != nil {
		return nil, err
	}
	for _, k := range kits {
		if len(parts[k]) == 0 {
			continue
		}
		first := true
		var onHand, now, later int64
		for _, p := range parts[k] {
			s, isKit := sub[p.offer]
			if !isKit {
				if !products[p.offer] {
					continue // a service part is not stocked
				}
				s = bal[p.offer]
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
		out[k] = share{quantity: onHand, reserved: onHand - now, expected: later - now}
	}
	return out, nil
}

func keysOfParts(parts map[int64][]part) []int64 {
	out := make([]int64, 0, len(parts))
	for k := range parts {
		out = append(out, k)
	}
	return out
}

// balancesAt are the stored balances of the offers at a warehouse.
func (m *Module) balancesAt(ctx context.Context, account, warehouse int64, offers []int64) (map[int64]share, error) {
	out := map[int64]share{}
	if len(offers) == 0 {
		return out, nil
	}
	marks := make([]string, len(offers))
	args := []any{account, warehouse}
	for i, o := range offers {
		marks[i] = "?"
		args = append(args, o)
	}
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT offer_id, quantity, reserved, expected
		FROM stock_balances WHERE account_id = ? AND warehouse_id = ? AND offer_id IN (`+strings.Join(marks, ",")+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("stock: parts' balances: %w", err)
	}
	defer q.Close()
	for q.Next() {
		var o int64
		var s share
		if err := q.Scan(&o, &s.quantity, &s.reserved, &s.expected); err != nil {
			return nil, err
		}
		out[o] = s
	}
	return out, q.Err()
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
	return store.Int64s(q)
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
	// Only the kits that made the page are computed, together.
	var onPage []int64
	for _, b := range out {
		if isKit[b.Offer] {
			onPage = append(onPage, b.Offer)
		}
	}
	shares, err := m.kitShares(ctx, account, warehouse, onPage, 0)
	if err != nil {
		return nil, err
	}
	for i, b := range out {
		if isKit[b.Offer] {
			out[i].share = shares[b.Offer]
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
	if len(parts) == 0 {
		return nil
	}
	// All the kits' leaves at once, the warehouses holding any, and per
	// warehouse the kits together: a few queries per warehouse, not per kit.
	kits := keysOfParts(parts)
	want := map[int64]int64{}
	for _, k := range kits {
		want[k] = milli
		sums[k] = share{}
	}
	leaves, err := m.expandKits(ctx, entity.Scope{Account: account}, want, map[int64]bool{})
	if err != nil {
		return err
	}
	ws, err := m.kitWarehouses(ctx, account, keysOfGoods(leaves), 0, maxKitWarehouses)
	if err != nil {
		return err
	}
	a, err := m.access(ctx, sc)
	if err != nil {
		return err
	}
	for _, w := range ws {
		if !a.seesWarehouse(w) {
			continue
		}
		shares, err := m.kitShares(ctx, account, w, kits, 0)
		if err != nil {
			return err
		}
		for k, s := range shares {
			sum := sums[k]
			sum.quantity += s.quantity
			sum.reserved += s.reserved
			sum.expected += s.expected
			sums[k] = sum
		}
	}
	return nil
}

func keysOfGoods(goods map[int64]int64) []int64 {
	out := make([]int64, 0, len(goods))
	for k := range goods {
		out = append(out, k)
	}
	return out
}

// maxKitWarehouses bounds the warehouses a kit's totals are summed over.
const maxKitWarehouses = 1000
