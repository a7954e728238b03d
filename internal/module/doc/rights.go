package doc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Right is one role given on a folder or document (DocRights), or held
// there through inheritance (Inherited, with no id of its own).
type Right struct {
	ID        int64
	Node      Node
	User      value.Link
	Role      string
	Inherited bool
}

// Encode is a right as DocRights.
func (r Right) Encode() map[string]any {
	out := map[string]any{"contentType": "DocRights", "subject": value.EncodeLink(value.Link{Type: r.Node.Type, ID: r.Node.ID}),
		"user": value.EncodeLink(r.User), "rights": r.Role, "inherited": r.Inherited}
	if r.ID != 0 {
		out["id"] = strconv.FormatInt(r.ID, 10)
	}
	return out
}

// Subjects a right may be given to: the reference names employees and
// groups; departments are Artel's addition, as in the knowledge base.
var Subjects = []string{"Employee", "Department", "Group"}

// Give gives (or changes) a subject's role on a node, unchecked, without
// rebuilding the access under it (the caller does): for the rules once
// they have judged the call.
func Give(ctx context.Context, db *store.DB, account int64, n Node, who value.Link, role Role) (int64, error) {
	q := db.Q(ctx)
	d := db.Dialect
	var id int64
	err := q.QueryRowContext(ctx, d.Rebind(`SELECT id FROM doc_rights WHERE account_id = ? AND node_type = ? AND node_id = ?
		AND subject_type = ? AND subject_id = ?`), account, n.Type, n.ID, who.Type, who.ID).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		err = q.QueryRowContext(ctx, d.Rebind(`INSERT INTO doc_rights (account_id, node_type, node_id, subject_type, subject_id, role)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), account, n.Type, n.ID, who.Type, who.ID, role.String()).Scan(&id)
	case err == nil:
		_, err = q.ExecContext(ctx, d.Rebind(`UPDATE doc_rights SET role = ? WHERE id = ?`), role.String(), id)
	}
	if err != nil {
		return 0, fmt.Errorf("doc: right on %s %d: %w", n.Type, n.ID, err)
	}
	return id, nil
}

// Folder and Document name nodes for callers outside the package.
func Folder(id int64) Node   { return Node{"DocFolder", id} }
func Document(id int64) Node { return Node{"Doc", id} }

// Assign gives a role on a node and rebuilds the access under it,
// unchecked: for the demo company, which writes through the engine.
func Assign(ctx context.Context, e *entity.Engine, account int64, n Node, who value.Link, role Role) error {
	_, err := (&Module{e: e}).give(ctx, account, n, who, role)
	return err
}

func (m *Module) give(ctx context.Context, account int64, n Node, who value.Link, role Role) (int64, error) {
	id, err := Give(ctx, m.e.DB, account, n, who, role)
	if err != nil {
		return 0, err
	}
	return id, m.refresh(ctx, account, n)
}

// OwnRights lists the rights given on a node itself, to whoever reads it.
func (m *Module) OwnRights(ctx context.Context, sc entity.Scope, n Node) ([]Right, error) {
	if err := m.need(ctx, sc, n, Reader); err != nil {
		return nil, err
	}
	return m.rightsWhere(ctx, `SELECT id, node_type, node_id, subject_type, subject_id, role, 0 FROM doc_rights
		WHERE account_id = ? AND node_type = ? AND node_id = ? ORDER BY id`, sc.Account, n.Type, n.ID)
}

// EffectiveRights lists every role held on a Node, own and inherited.
func (m *Module) EffectiveRights(ctx context.Context, sc entity.Scope, n Node) ([]Right, error) {
	if err := m.need(ctx, sc, n, Reader); err != nil {
		return nil, err
	}
	return m.rightsWhere(ctx, `SELECT 0, node_type, node_id, subject_type, subject_id, role, inherited FROM doc_access
		WHERE account_id = ? AND node_type = ? AND node_id = ? ORDER BY inherited, subject_type, subject_id`, sc.Account, n.Type, n.ID)
}

func (m *Module) rightsWhere(ctx context.Context, q string, args ...any) ([]Right, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("doc: rights: %w", err)
	}
	defer rows.Close()
	out := []Right{}
	for rows.Next() {
		var r Right
		var inh int64
		if err := rows.Scan(&r.ID, &r.Node.Type, &r.Node.ID, &r.User.Type, &r.User.ID, &r.Role, &inh); err != nil {
			return nil, fmt.Errorf("doc: rights: %w", err)
		}
		r.Inherited = inh != 0
		out = append(out, r)
	}
	return out, rows.Err()
}

// RightByID is one given right, to whoever reads its node.
func (m *Module) RightByID(ctx context.Context, sc entity.Scope, id int64) (Right, error) {
	rs, err := m.rightsWhere(ctx, `SELECT id, node_type, node_id, subject_type, subject_id, role, 0 FROM doc_rights
		WHERE account_id = ? AND id = ?`, sc.Account, id)
	if err != nil {
		return Right{}, err
	}
	if len(rs) == 0 {
		return Right{}, entity.ErrNotFound
	}
	if err := m.need(ctx, sc, rs[0].Node, Reader); err != nil {
		return Right{}, err
	}
	return rs[0], nil
}

// Grant gives a role on a node to a subject; owners only. The subject
// must exist and be seen by the owner. A change that would leave the
// node without an owner is refused, and nothing of it is kept.
func (m *Module) Grant(ctx context.Context, sc entity.Scope, n Node, who value.Link, role Role) (Right, error) {
	var out Right
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := m.need(ctx, sc, n, Owner); err != nil {
			return err
		}
		if _, err := m.e.Get(ctx, sc, who.Type, who.ID); err != nil {
			if errors.Is(err, entity.ErrNotFound) {
				return entity.Invalidf("user", entity.CodeLinkNotFound, who.Type+":"+strconv.FormatInt(who.ID, 10))
			}
			return err
		}
		id, err := m.give(ctx, sc.Account, n, who, role)
		if err != nil {
			return err
		}
		out = Right{ID: id, Node: n, User: who, Role: role.String()}
		return m.keepOwner(ctx, sc.Account, n)
	})
	return out, err
}

// Revoke removes one right; owners of its node only.
func (m *Module) Revoke(ctx context.Context, sc entity.Scope, id int64) error {
	return m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		r, err := m.RightByID(ctx, sc, id)
		if err != nil {
			return err
		}
		if err := m.need(ctx, sc, r.Node, Owner); err != nil {
			return err
		}
		if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM doc_rights WHERE account_id = ? AND id = ?`),
			sc.Account, id); err != nil {
			return fmt.Errorf("doc: revoke %d: %w", id, err)
		}
		if err := m.refresh(ctx, sc.Account, r.Node); err != nil {
			return err
		}
		return m.keepOwner(ctx, sc.Account, r.Node)
	})
}

// keepOwner refuses a node nobody owns any more (not even through
// inheritance), which nobody but an administrator could then manage.
func (m *Module) keepOwner(ctx context.Context, account int64, n Node) error {
	var k int
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM doc_access
		WHERE account_id = ? AND node_type = ? AND node_id = ? AND role = 'owner'`), account, n.Type, n.ID).Scan(&k)
	if err != nil {
		return fmt.Errorf("doc: owners of %s %d: %w", n.Type, n.ID, err)
	}
	if k == 0 {
		return entity.Invalidf("rights", CodeLastOwner, "")
	}
	return nil
}
