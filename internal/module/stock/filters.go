package stock

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// consignmentFilter is a built-in ConsignmentFilter: by type, by a
// movement's halves, or by state (the generic filter machinery's system
// filters, as the task and client lists have theirs).
type consignmentFilter struct {
	ID, Ru, En   string
	field, value string // "" for every consignment
}

var consignmentFilters = []consignmentFilter{
	{"any", "Все накладные", "All consignments", "", ""},
	{"income", "Приходы", "Incomes", "type", Income},
	{"expense", "Расходы", "Expenses", "type", Expense},
	{"move", "Перемещения", "Movements", "operation", "move"},
	{"created", "Созданные", "Created", "state", Created},
	{"reserved", "Зарезервированные", "Reserved", "state", Reserved},
	{"performed", "Проведённые", "Performed", "state", Performed},
	{"cancelled", "Отменённые", "Cancelled", "state", Cancelled},
}

// registerFilters makes the built-ins usable wherever a filter link is:
// {"contentType":"ConsignmentFilter","id":"income"}. An unset state is
// created (stateOf).
func registerFilters(e *entity.Engine) {
	t := e.Cat.Type("Consignment")
	for _, f := range consignmentFilters {
		cond := entity.Condition{SQL: "1 = 1"}
		if f.field != "" {
			col := t.Table + "." + t.Field(f.field).Column
			cond = entity.Condition{SQL: col + " = ?", Args: []any{f.value}}
			if f.field == "state" && f.value == Created {
				cond.SQL = fmt.Sprintf("(%s = ? OR %s IS NULL OR %s = '')", col, col, col)
			}
		}
		e.AddSystemFilter("ConsignmentFilter", entity.SystemFilter{ID: f.ID,
			Where: func(context.Context, entity.Scope) (entity.Condition, error) { return cond, nil }})
	}
}

// filterRoutes are GET /consignmentFilter (the built-ins with their
// counts, then the reader's saved filters) and each built-in's own read.
func (a *HTTP) filterRoutes(rt *api.Routes) {
	panel := &api.FilterPanel{Type: "ConsignmentFilter", Href: "/consignments?filter=", Lister: a.Engine, Count: a.consignmentCount}
	for _, f := range consignmentFilters {
		panel.Builtin = append(panel.Builtin, api.BuiltinFilter{ID: f.ID, Ru: f.Ru, En: f.En})
	}
	panel.Routes(rt)
}

// consignmentCount is how many consignments the reader sees through a filter.
func (a *HTTP) consignmentCount(ctx context.Context, r *api.Request, filter json.RawMessage) (int64, error) {
	page, err := a.Engine.List(ctx, r.Scope(), "Consignment", entity.ListQuery{Filter: filter, Limit: 1}, r.Options())
	if err != nil {
		return 0, err
	}
	return page.Count, nil
}
