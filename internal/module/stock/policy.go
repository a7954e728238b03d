package stock

import (
	"context"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// Policy puts the per-warehouse rights (rights.go) in front of the rights
// table: what it lets a reader see of warehouses and consignments is
// narrowed to the warehouses open to them. It lives here because it reads
// the WarehousePermission rows this area owns.
type Policy struct {
	entity.Policy
	M *Module
}

var _ entity.Policy = (*Policy)(nil)

// Guard wraps a policy with the per-warehouse rights.
func (m *Module) Guard(inner entity.Policy) *Policy { return &Policy{Policy: inner, M: m} }

// Visible: a warehouse closed to the reader is not seen, nor are the
// consignments of a type they hold no right on at a closed warehouse.
func (p *Policy) Visible(ctx context.Context, sc entity.Scope, t *catalog.Type) (*entity.Condition, error) {
	base, err := p.Policy.Visible(ctx, sc, t)
	if err != nil || sc.Admin || sc.System || (t.Name != "Warehouse" && t.Name != "Consignment") {
		return base, err
	}
	a, err := p.M.access(ctx, sc)
	if err != nil || len(a.closed) == 0 {
		return base, err
	}
	var own string
	if t.Name == "Warehouse" {
		own = inList(t.Table+".id", true, a.hidden(), "1 = 1")
	} else {
		w := t.Table + ".c_warehouse_i"
		var closed []int64
		seen := map[string][]int64{}
		for id := range a.closed {
			closed = append(closed, id)
			for _, typ := range []string{Income, Expense} {
				if a.may(id, typ, RightRead) {
					seen[typ] = append(seen[typ], id)
				}
			}
		}
		parts := []string{w + " IS NULL", inList(w, true, closed, "1 = 1")}
		for _, typ := range []string{Income, Expense} {
			if len(seen[typ]) > 0 {
				parts = append(parts, "("+t.Table+".c_type = '"+typ+"' AND "+inList(w, false, seen[typ], "")+")")
			}
		}
		own = "(" + strings.Join(parts, " OR ") + ")"
	}
	if base == nil {
		return &entity.Condition{SQL: own}, nil
	}
	return &entity.Condition{SQL: "(" + base.SQL + ") AND " + own, Args: base.Args}, nil
}

// Allow: a closed warehouse is changed or deleted by who holds edit or
// full access on it; WarehousePermissions are written by administrators
// (and by who holds full access on the warehouse named). Consignments'
// writes are judged by Module.save, which knows the target state.
func (p *Policy) Allow(ctx context.Context, sc entity.Scope, action string, t *catalog.Type, rec *entity.Record) error {
	if sc.Admin || sc.System {
		return p.Policy.Allow(ctx, sc, action, t, rec)
	}
	switch {
	case t.Name == "WarehousePermission":
		if rec == nil || !p.holds(ctx, sc, rec.Links["warehouse"].ID, WarehouseFull) {
			return entity.ErrForbidden
		}
	case t.Name == "Warehouse" && rec != nil && action != entity.ActCreate:
		if !p.holds(ctx, sc, rec.ID, WarehouseEdit) {
			return entity.ErrForbidden
		}
	}
	return p.Policy.Allow(ctx, sc, action, t, rec)
}

// holds: the warehouse is open, or the reader holds at least the given
// warehouse right on it.
func (p *Policy) holds(ctx context.Context, sc entity.Scope, w int64, want string) bool {
	a, err := p.M.access(ctx, sc)
	if err != nil {
		return false
	}
	if a.all || !a.closed[w] {
		return true
	}
	g := a.holdings[w]
	return g != nil && warehouseRank[g.warehouse] >= warehouseRank[want]
}

// SeenThrough passes on the wrapped rights' answer.
func (p *Policy) SeenThrough(sc entity.Scope, t *catalog.Type) string {
	if th, ok := p.Policy.(entity.Through); ok {
		return th.SeenThrough(sc, t)
	}
	return ""
}

// Needs passes on the fields the wrapped rights read from records.
func (p *Policy) Needs(typeName string) []string {
	if n, ok := p.Policy.(interface{ Needs(string) []string }); ok {
		return n.Needs(typeName)
	}
	return nil
}
