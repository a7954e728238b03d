package report

import (
	"context"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/reportkeep"
	"github.com/artel/artel/internal/value"
)

// FunnelGrouped and TasksGrouped are the figures counted from the rows,
// which the kept ones must equal (kept_test.go).
func (m *Module) FunnelGrouped(ctx context.Context, sc entity.Scope, program int64) (now, reached map[int64]reportkeep.Line, err error) {
	return m.funnelGrouped(ctx, sc, program, nil, value.Options{})
}

func (m *Module) TasksGrouped(ctx context.Context, sc entity.Scope, byDepartment bool) ([]reportkeep.TaskLine, error) {
	return m.tasksGrouped(ctx, sc, nil, byDepartment, value.Options{})
}
