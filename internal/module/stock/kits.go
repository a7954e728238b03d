package stock

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// CodeKitCycle refuses a kit that would contain itself, directly or
// through its parts.
const CodeKitCycle = "stock_kit_cycle"

// linkAfter is the id a single link names once the change is written,
// 0 for none.
func linkAfter(c *entity.Change, f string) int64 {
	if l := c.LinkAfter(f); l != nil {
		return l.ID
	}
	return 0
}

// checkPart keeps a kit's part (OfferPart) sound: both offers named, a
// positive count of at most three decimals, and no kit inside itself.
func (m *Module) checkPart(ctx context.Context, c *entity.Change) error {
	offer, parent := linkAfter(c, "offer"), linkAfter(c, "parent")
	if offer == 0 {
		return entity.Invalidf("offer", entity.CodeRequired, "")
	}
	if parent == 0 {
		return entity.Invalidf("parent", entity.CodeRequired, "")
	}
	if n, given := c.Values["count"]; given || c.New {
		if _, ok := toMilli(n); !ok {
			return entity.Invalidf("count", value.CodeRange, "")
		}
	}
	if offer == parent {
		return entity.Invalidf("offer", CodeKitCycle, "")
	}
	inside, err := m.within(ctx, c.Scope.Account, offer, parent)
	if err != nil {
		return err
	}
	if inside {
		return entity.Invalidf("offer", CodeKitCycle, "")
	}
	return nil
}

// within says whether target is among the parts of offer, at any depth.
func (m *Module) within(ctx context.Context, account, offer, target int64) (bool, error) {
	seen := map[int64]bool{offer: true}
	queue := []int64{offer}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_offer_i FROM e_offerpart
			WHERE account_id = ? AND c_parent_i = ?`), account, cur)
		if err != nil {
			return false, fmt.Errorf("stock: parts of %d: %w", cur, err)
		}
		for q.Next() {
			var part int64
			if err := q.Scan(&part); err != nil {
				q.Close()
				return false, err
			}
			if part == target {
				q.Close()
				return true, nil
			}
			if !seen[part] {
				seen[part] = true
				queue = append(queue, part)
			}
		}
		q.Close()
	}
	return false, nil
}
