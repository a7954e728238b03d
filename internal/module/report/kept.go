package report

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// seesAll reports whether the reader's list of a type with this filter is
// the whole account: no filter, and rights that show every entity of the
// type (an administrator; for deals, anyone with deal_enter). The
// reader's condition is then the account alone (entity.Engine.Where), so
// the figures kept for the account (internal/reportkeep) are the reader's.
func (m *Module) seesAll(ctx context.Context, sc entity.Scope, typeName string, filter []byte) (bool, error) {
	all, _, err := m.keptList(ctx, sc, typeName, filter)
	return all, err
}

// keptList is seesAll, and otherwise the reader whose list with this
// filter is exactly their range of entity_access (no filter, and rights
// that show the type's entities to their members alone: an ordinary
// employee's tasks), or nil.
func (m *Module) keptList(ctx context.Context, sc entity.Scope, typeName string, filter []byte) (bool, *entity.Kept, error) {
	if len(filter) > 0 && string(filter) != "null" {
		return false, nil, nil
	}
	if m.e.Policy == nil || sc.System {
		return true, nil, nil
	}
	t, err := m.e.Type(typeName)
	if err != nil {
		return false, nil, err
	}
	cond, err := m.e.Policy.Visible(ctx, sc, t)
	if err != nil || cond == nil {
		return err == nil, nil, err
	}
	return false, cond.Kept, nil
}
