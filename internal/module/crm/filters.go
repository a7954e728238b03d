package crm

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// System client filters (CrmFilter ids): "all" is the live clients, the
// usual list; "dropped" is the dropped ones, to restore or delete forever.
// The condition names the column bare: it is the same in both client
// tables, and each list reads one of them.
const (
	FilterAll     = "all"
	FilterDropped = "dropped"
)

func registerFilters(e *entity.Engine) {
	col := e.Cat.Type(Human).Field("isDropped").Column
	for _, f := range []struct{ id, sql string }{
		{FilterAll, "COALESCE(" + col + ", 0) = 0"},
		{FilterDropped, "COALESCE(" + col + ", 0) = 1"},
	} {
		cond := entity.Condition{SQL: f.sql}
		e.AddSystemFilter("CrmFilter", entity.SystemFilter{ID: f.id, Where: func(context.Context, entity.Scope) (entity.Condition, error) {
			return cond, nil
		}})
	}
}
