package stock

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// A kit (an offer with parts) has no stock of its own: a consignment's
// kit row stands for its parts (an expense takes them, an income brings
// them, a reserve reserves them), and a kit's balance is what its parts
// make: per figure, the least over its parts of whole kits
// floor(part's figure / part's count).

// maxKitDepth bounds kits inside kits (cycles are refused on save; this
// only guards a read against a damaged table).
const maxKitDepth = 8

// part is one of a kit's parts: the offer and its count in thousandths.
type part struct{ offer, count int64 }

// kitParts are the parts of each of the given offers that has any.
func (m *Module) kitParts(ctx context.Context, account int64, offers []int64) (map[int64][]part, error) {
	out := map[int64][]part{}
	if len(offers) == 0 {
		return out, nil
	}
	marks := make([]string, len(offers))
	args := []any{account}
	for i, o := range offers {
		marks[i] = "?"
		args = append(args, o)
	}
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id FROM e_offerpart
		WHERE account_id = ? AND c_parent_i IN (`+strings.Join(marks, ",")+`) ORDER BY id`), args...)
	if err != nil {
		return nil, fmt.Errorf("stock: kit parts: %w", err)
	}
	var ids []int64
	for q.Next() {
		var id int64
		if err := q.Scan(&id); err != nil {
			q.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	q.Close()
	if len(ids) == 0 {
		return out, q.Err()
	}
	recs, err := m.e.GetMany(ctx, entity.Scope{Account: account, System: true}, "OfferPart", ids)
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		n, ok := toMilli(asFloat(r.Values["count"]))
		if parent, offer := r.Links["parent"].ID, r.Links["offer"].ID; ok && parent != 0 && offer != 0 {
			out[parent] = append(out[parent], part{offer, n})
		}
	}
	return out, nil
}

func asFloat(v any) any {
	if n, ok := v.(int64); ok {
		return float64(n)
	}
	return v
}

// expandKits replaces kits among goods (offer → thousandths) by their
// parts, at any depth; a part's need is rounded up to the thousandth,
// so a kit never takes less than it holds. products says which offers
// are stocked goods (not services); it is filled for the parts read.
func (m *Module) expandKits(ctx context.Context, sc entity.Scope, goods map[int64]int64, products map[int64]bool) (map[int64]int64, error) {
	out := map[int64]int64{}
	cur := goods
	for depth := 0; len(cur) > 0; depth++ {
		ids := make([]int64, 0, len(cur))
		for o := range cur {
			ids = append(ids, o)
		}
		parts, err := m.kitParts(ctx, sc.Account, ids)
		if err != nil {
			return nil, err
		}
		if err := m.markProducts(ctx, sc, parts, products); err != nil {
			return nil, err
		}
		nxt := map[int64]int64{}
		for o, n := range cur {
			ps := parts[o]
			if len(ps) == 0 || depth >= maxKitDepth {
				if products[o] {
					out[o] += n
				}
				continue
			}
			for _, p := range ps {
				nxt[p.offer] += (n*p.count + milli - 1) / milli
			}
		}
		cur = nxt
	}
	return out, nil
}

// markProducts notes which parts are products (stocked) into products.
func (m *Module) markProducts(ctx context.Context, sc entity.Scope, parts map[int64][]part, products map[int64]bool) error {
	var ids []int64
	for _, ps := range parts {
		for _, p := range ps {
			if _, known := products[p.offer]; !known {
				ids = append(ids, p.offer)
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	recs, err := m.e.GetMany(ctx, entity.Scope{Account: sc.Account, System: true}, "Offer", dedupe(ids))
	if err != nil {
		return err
	}
	for _, o := range recs {
		products[o.ID] = o.String("type") != "service"
	}
	return nil
}
