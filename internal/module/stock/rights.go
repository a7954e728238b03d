package stock

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// Per-warehouse rights (the reference's WarehousePermission): a
// warehouse that no permission names is open, as before, to whoever the
// rights table lets work with stock; once one names it, an employee
// (not an administrator) sees it, its balances and its consignments, and
// writes them, only as the permissions naming them (or a Group they are
// in) grant. See docs/stock.md, "Rights per warehouse".

// Rights of incomeRights and expenseRights, and of warehouseRights.
const (
	RightRead    = "read"
	RightCreate  = "create"
	RightReserve = "reserve"
	RightPerform = "perform"
	RightCancel  = "cancel"

	WarehouseEdit = "edit"
	WarehouseFull = "full_access"
)

// grant is what a reader holds at one warehouse, merged over the
// permissions naming them.
type grant struct {
	warehouse string // "", read, edit, full_access: the strongest
	rights    map[string]map[string]bool
}

// access is the reader's view of the account's warehouse permissions:
// the warehouses any permission names, and what the reader holds at each.
type access struct {
	all      bool
	closed   map[int64]bool
	holdings map[int64]*grant
}

// seesWarehouse: the warehouse is open, or the reader holds a right on it.
func (a access) seesWarehouse(w int64) bool {
	return a.all || w == 0 || !a.closed[w] || (a.holdings[w] != nil && a.holdings[w].warehouse != "")
}

// may: the reader may do the right with consignments of the type at w.
func (a access) may(w int64, typ, right string) bool {
	if a.all || w == 0 || !a.closed[w] {
		return true
	}
	g := a.holdings[w]
	if g == nil {
		return false
	}
	set := g.rights[typ]
	// Any right on a type's consignments lets the reader see them.
	return set[right] || (right == RightRead && len(set) > 0)
}

var warehouseRank = map[string]int{RightRead: 1, WarehouseEdit: 2, WarehouseFull: 3}

// access reads the account's permissions (a handful of rows: one per
// warehouse and person or group).
func (m *Module) access(ctx context.Context, sc entity.Scope) (access, error) {
	if sc.System || sc.Admin {
		return access{all: true}, nil
	}
	a := access{closed: map[int64]bool{}, holdings: map[int64]*grant{}}
	ids, err := m.ids(ctx, `SELECT id FROM e_warehousepermission WHERE account_id = ?`, sc.Account)
	if err != nil || len(ids) == 0 {
		return a, err
	}
	recs, err := m.e.GetMany(ctx, system(sc), "WarehousePermission", ids)
	if err != nil {
		return a, fmt.Errorf("stock: warehouse permissions: %w", err)
	}
	for _, r := range recs {
		w := r.Links["warehouse"].ID
		if w == 0 {
			continue
		}
		a.closed[w] = true
		if !sc.Is(r.Links["user"]) {
			continue
		}
		g := a.holdings[w]
		if g == nil {
			g = &grant{rights: map[string]map[string]bool{Income: {}, Expense: {}}}
			a.holdings[w] = g
		}
		if wr := r.String("warehouseRights"); warehouseRank[wr] > warehouseRank[g.warehouse] {
			g.warehouse = wr
		}
		for typ, f := range map[string]string{Income: "incomeRights", Expense: "expenseRights"} {
			for _, right := range strs(r.Values[f]) {
				g.rights[typ][right] = true
			}
		}
	}
	return a, nil
}

// strs reads a string[] value in its stored form (JSON text) or decoded.
func strs(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		_ = json.Unmarshal([]byte(x), &out)
	case []any:
		for _, s := range x {
			if str, ok := s.(string); ok {
				out = append(out, str)
			}
		}
	case []string:
		out = x
	}
	return out
}

// hidden are the warehouses the reader may not see.
func (a access) hidden() []int64 {
	var out []int64
	for w := range a.closed {
		if !a.seesWarehouse(w) {
			out = append(out, w)
		}
	}
	return out
}

// inList is "col NOT IN (…)"/"col IN (…)" of literal ids, or the given
// empty answer.
func inList(col string, not bool, ids []int64, empty string) string {
	if len(ids) == 0 {
		return empty
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	op := " IN ("
	if not {
		op = " NOT IN ("
	}
	return col + op + strings.Join(parts, ",") + ")"
}

// rightFor is the right a move from one state to another needs: the
// target's, and for a move back to created the right of the state left.
func rightFor(from, to string) string {
	state := to
	if to == Created {
		state = from
	}
	switch state {
	case Reserved:
		return RightReserve
	case Performed:
		return RightPerform
	case Cancelled:
		return RightCancel
	}
	return RightCreate
}

// needAll refuses (403) a write to a consignment as it stands in rec
// unless the reader holds every right in need at its warehouse.
func (m *Module) needAll(ctx context.Context, sc entity.Scope, rec *entity.Record, need []string) error {
	w := rec.Links["warehouse"].ID
	if len(need) == 0 || w == 0 || sc.System || sc.Admin {
		return nil
	}
	a, err := m.access(ctx, sc)
	if err != nil {
		return err
	}
	for _, right := range need {
		if !a.may(w, rec.String("type"), right) {
			return entity.ErrForbidden
		}
	}
	return nil
}

// seenBalances drops the balances of warehouses closed to the reader.
func (m *Module) seenBalances(ctx context.Context, sc entity.Scope, bs []Balance) ([]Balance, error) {
	a, err := m.access(ctx, sc)
	if err != nil || a.all || len(a.closed) == 0 {
		return bs, err
	}
	out := bs[:0:0]
	for _, b := range bs {
		if a.seesWarehouse(b.Warehouse) {
			out = append(out, b)
		}
	}
	return out, nil
}
