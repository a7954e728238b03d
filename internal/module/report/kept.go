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
	if len(filter) > 0 && string(filter) != "null" {
		return false, nil
	}
	if m.e.Policy == nil || sc.System {
		return true, nil
	}
	t, err := m.e.Type(typeName)
	if err != nil {
		return false, err
	}
	cond, err := m.e.Policy.Visible(ctx, sc, t)
	return err == nil && cond == nil, err
}
