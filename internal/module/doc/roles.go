package doc

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
)

// Role is a level of access to a folder or a document (rights.Role):
// the reference names the three held ones (DocRights.rights).
type Role = rights.Role

// The roles, in order of strength.
const (
	Nobody = rights.Nobody
	Reader = rights.Reader
	Editor = rights.Editor
	Owner  = rights.Owner
)

// ParseRole reads a role a right may hold; nobody is not one.
func ParseRole(s string) (Role, bool) {
	r, ok := rights.ParseRole(s)
	return r, ok && r != Nobody
}

// Node is a folder or a document: what roles are held on.
type Node struct {
	Type string // DocFolder or Doc
	ID   int64
}

func everything(sc entity.Scope) bool { return sc.System || sc.Admin }

func outsider(sc entity.Scope) bool { return sc.Guest || sc.Actor.Type != "Employee" }

// Roles is the reader's effective role on each node of one type: the
// strongest of the roles their own, their department's and their groups'
// rows hold there after inheritance. Administrators own everything.
func (m *Module) Roles(ctx context.Context, sc entity.Scope, typ string, ids []int64) (map[int64]Role, error) {
	out := make(map[int64]Role, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	if everything(sc) {
		for _, id := range ids {
			out[id] = Owner
		}
		return out, nil
	}
	if outsider(sc) {
		return out, nil
	}
	cond, args := rights.Holder(sc, "a")
	all := append([]any{sc.Account, typ}, args...)
	for _, id := range ids {
		all = append(all, id)
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT a.node_id, a.role FROM doc_access a
		WHERE a.account_id = ? AND a.node_type = ? AND `+cond+` AND a.node_id IN (`+store.Marks(len(ids))+`)`), all...)
	if err != nil {
		return nil, fmt.Errorf("doc: roles: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("doc: roles: %w", err)
		}
		if r, ok := ParseRole(name); ok && r > out[id] {
			out[id] = r
		}
	}
	return out, rows.Err()
}

// Role is the reader's effective role on one node.
func (m *Module) Role(ctx context.Context, sc entity.Scope, n Node) (Role, error) {
	roles, err := m.Roles(ctx, sc, n.Type, []int64{n.ID})
	return roles[n.ID], err
}

// seen is the SQL condition (over col, a node id column of type typ)
// that the reader holds a role there; nil for who sees everything.
func seen(sc entity.Scope, typ, col string) *entity.Condition {
	if everything(sc) {
		return nil
	}
	if outsider(sc) {
		return &entity.Condition{SQL: "1 = 0"}
	}
	// A lookup per row by doc_access's key, not a set of every node the
	// reader sees: a folder's page walks its index in order and stops
	// after the page, instead of first gathering 10,000 seen documents.
	cond, args := rights.Holder(sc, "a")
	return &entity.Condition{SQL: "EXISTS (SELECT 1 FROM doc_access a WHERE a.account_id = ? AND a.node_type = ? AND a.node_id = " + col +
		" AND " + cond + ")", Args: append([]any{sc.Account, typ}, args...)}
}

// need refuses with 403 (or 404 when the node is not seen at all) unless
// the reader holds at least role there.
func (m *Module) need(ctx context.Context, sc entity.Scope, n Node, role Role) error {
	r, err := m.Role(ctx, sc, n)
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
