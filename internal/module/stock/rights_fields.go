package stock

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// The reader's rights as the reference's values: a Warehouse's rights
// (WarehouseRights), a Consignment's rights (ConsignmentRights), and a
// consignment's possibleStates narrowed to the moves the reader may make
// at its warehouse (rights.go).

func consignmentRights(a access, w int64, typ string) map[string]any {
	may := func(r string) bool { return a.may(w, typ, r) }
	return map[string]any{"contentType": "ConsignmentRights", "read": may(RightRead), "create": may(RightCreate),
		"edit": may(RightCreate), "editRows": may(RightCreate), "reserve": may(RightReserve),
		"perform": may(RightPerform), "cancel": may(RightCancel)}
}

func (m *Module) fillWarehouseRights(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	a, err := m.access(ctx, sc)
	if err != nil {
		return err
	}
	for _, r := range recs {
		level := WarehouseFull
		if !a.all && a.closed[r.ID] {
			level = ""
			if g := a.holdings[r.ID]; g != nil {
				level = g.warehouse
			}
		}
		rank := warehouseRank[level]
		r.SetComputed("rights", map[string]any{"contentType": "WarehouseRights", "read": rank >= 1,
			"edit": rank >= 2, "remove": rank >= 2, "editPermissions": sc.Admin || (a.closed[r.ID] && rank >= 3),
			"ultimateAccess":            sc.Admin || sc.System,
			"incomeConsignmentsRights":  consignmentRights(a, r.ID, Income),
			"expenseConsignmentsRights": consignmentRights(a, r.ID, Expense)})
	}
	return nil
}

func (m *Module) fillConsignmentRights(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	a, err := m.access(ctx, sc)
	if err != nil {
		return err
	}
	for _, r := range recs {
		w, typ, from := r.Links["warehouse"].ID, r.String("type"), stateOf(r.Values)
		states := []string{}
		for _, to := range next[from] {
			if a.may(w, typ, rightFor(from, to)) {
				states = append(states, to)
			}
		}
		r.SetComputed("possibleStates", states)
		r.SetComputed("rights", consignmentRights(a, w, typ))
	}
	return nil
}
