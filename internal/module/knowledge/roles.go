package knowledge

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
)

// Role is a level of access to a base (rights.Role): an editor writes
// articles, an owner also renames and drops the base and gives roles.
type Role = rights.Role

// The roles, in order of strength.
const (
	Nobody = rights.Nobody
	Reader = rights.Reader
	Editor = rights.Editor
	Owner  = rights.Owner
)

// ParseRole reads a role's name.
func ParseRole(s string) (Role, bool) { return rights.ParseRole(s) }

// Roles is the reader's effective role on each base: the strongest of
// the roles given to them, to their department and to their groups.
// Administrators and the system are owners of every base.
func (m *Module) Roles(ctx context.Context, sc entity.Scope, bases []int64) (map[int64]Role, error) {
	out := make(map[int64]Role, len(bases))
	if len(bases) == 0 {
		return out, nil
	}
	if sc.System || sc.Admin {
		for _, b := range bases {
			out[b] = Owner
		}
		return out, nil
	}
	if sc.Guest || sc.Actor.Type != "Employee" {
		return out, nil
	}
	cond, args := rights.Holder(sc, "r")
	all := append([]any{sc.Account}, args...)
	for _, b := range bases {
		all = append(all, b)
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT r.base_id, r.role FROM knowledge_rights r
		WHERE r.account_id = ? AND `+cond+` AND r.base_id IN (`+store.Marks(len(bases))+`)`), all...)
	if err != nil {
		return nil, fmt.Errorf("knowledge: roles: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var base int64
		var name string
		if err := rows.Scan(&base, &name); err != nil {
			return nil, fmt.Errorf("knowledge: roles: %w", err)
		}
		if r, ok := ParseRole(name); ok && r > out[base] {
			out[base] = r
		}
	}
	return out, rows.Err()
}

// Role is the reader's effective role on one base.
func (m *Module) Role(ctx context.Context, sc entity.Scope, base int64) (Role, error) {
	roles, err := m.Roles(ctx, sc, []int64{base})
	return roles[base], err
}

// seenBases is the SQL condition (over col, a base id column) that the
// reader holds at least a reader's role on the base; nil for who sees all.
func seenBases(sc entity.Scope, col string) *entity.Condition {
	if sc.System || sc.Admin {
		return nil
	}
	if sc.Guest || sc.Actor.Type != "Employee" {
		return &entity.Condition{SQL: "1 = 0"}
	}
	cond, args := rights.Holder(sc, "r")
	return &entity.Condition{SQL: col + " IN (SELECT r.base_id FROM knowledge_rights r WHERE r.account_id = ? AND r.role <> 'nobody' AND " +
		cond + ")", Args: append([]any{sc.Account}, args...)}
}

// need refuses with 403 (or 404 when the base is not seen at all) unless
// the reader holds at least role on the base.
func (m *Module) need(ctx context.Context, sc entity.Scope, base int64, role Role) error {
	r, err := m.Role(ctx, sc, base)
	if err != nil {
		return err
	}
	if r == Nobody {
		return entity.ErrNotFound
	}
	if r < role {
		return entity.ErrForbidden
	}
	return nil
}
