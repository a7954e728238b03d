package doc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/store"
)

// grant is one role held by an employee, department or group.
type grant struct {
	SubjectType string
	SubjectID   int64
	Role        string
}

// parentOf is the node a node inherits from (zero when it inherits
// nothing): a folder's parent folder; a document's folder unless its
// inheritRights is off.
func (m *Module) parentOf(ctx context.Context, account int64, n Node) (int64, error) {
	q := `SELECT COALESCE(c_parent_i, 0), 1 FROM e_docfolder WHERE account_id = ? AND id = ?`
	if n.Type == "Doc" {
		q = `SELECT COALESCE(c_folder_i, 0), COALESCE(c_inheritrights, 1) FROM e_doc WHERE account_id = ? AND id = ?`
	}
	var parent, inherit int64
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(q), account, n.ID).Scan(&parent, &inherit)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("doc: parent of %s %d: %w", n.Type, n.ID, err)
	}
	if inherit == 0 {
		return 0, nil
	}
	return parent, nil
}

func (m *Module) grants(ctx context.Context, q string, args ...any) ([]grant, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("doc: grants: %w", err)
	}
	defer rows.Close()
	var out []grant
	for rows.Next() {
		var g grant
		if err := rows.Scan(&g.SubjectType, &g.SubjectID, &g.Role); err != nil {
			return nil, fmt.Errorf("doc: grants: %w", err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// refresh rebuilds doc_access for a node and everything under it: a
// node's own rights, then what its parent holds for every employee,
// department or group its own rights do not name. So a right given on a
// subfolder overrides, for that subject only, what it inherited.
func (m *Module) refresh(ctx context.Context, account int64, root Node) error {
	// On PostgreSQL two transactions could each rebuild a part of one
	// tree from what the other has not committed yet (a right on a
	// folder and one on its subfolder); one rebuild at a time per
	// account keeps inheritance whole. SQLite has one writer already.
	if m.e.DB.Dialect == store.Postgres {
		if _, err := m.e.DB.Q(ctx).ExecContext(ctx, "SELECT pg_advisory_xact_lock($1, $2)", int32(0x646f63), int32(account)); err != nil {
			return fmt.Errorf("doc: access lock: %w", err)
		}
	}
	queue := []Node{root}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if err := m.refreshOne(ctx, account, n); err != nil {
			return err
		}
		if n.Type != "DocFolder" {
			continue
		}
		kids, err := m.childNodes(ctx, account, n.ID)
		if err != nil {
			return err
		}
		queue = append(queue, kids...)
	}
	return nil
}

func (m *Module) refreshOne(ctx context.Context, account int64, n Node) error {
	own, err := m.grants(ctx, `SELECT subject_type, subject_id, role FROM doc_rights
		WHERE account_id = ? AND node_type = ? AND node_id = ?`, account, n.Type, n.ID)
	if err != nil {
		return err
	}
	parent, err := m.parentOf(ctx, account, n)
	if err != nil {
		return err
	}
	var inherited []grant
	if parent != 0 {
		inherited, err = m.grants(ctx, `SELECT subject_type, subject_id, role FROM doc_access
			WHERE account_id = ? AND node_type = 'DocFolder' AND node_id = ?`, account, parent)
		if err != nil {
			return err
		}
	}
	q := m.e.DB.Q(ctx)
	d := m.e.DB.Dialect
	if _, err := q.ExecContext(ctx, d.Rebind(`DELETE FROM doc_access WHERE account_id = ? AND node_type = ? AND node_id = ?`),
		account, n.Type, n.ID); err != nil {
		return fmt.Errorf("doc: access of %s %d: %w", n.Type, n.ID, err)
	}
	named := map[grant]bool{}
	ins := d.Rebind(`INSERT INTO doc_access (account_id, node_type, node_id, subject_type, subject_id, role, inherited)
		VALUES (?, ?, ?, ?, ?, ?, ?)`)
	for i, list := range [][]grant{own, inherited} {
		for _, g := range list {
			key := grant{SubjectType: g.SubjectType, SubjectID: g.SubjectID}
			if named[key] {
				continue
			}
			named[key] = true
			if _, err := q.ExecContext(ctx, ins, account, n.Type, n.ID, g.SubjectType, g.SubjectID, g.Role, i); err != nil {
				return fmt.Errorf("doc: access of %s %d: %w", n.Type, n.ID, err)
			}
		}
	}
	return nil
}

// childNodes are the folders and documents directly in a folder.
func (m *Module) childNodes(ctx context.Context, account, folder int64) ([]Node, error) {
	var out []Node
	for _, t := range []struct{ typ, q string }{
		{"DocFolder", `SELECT id FROM e_docfolder WHERE account_id = ? AND c_parent_i = ? ORDER BY id`},
		{"Doc", `SELECT id FROM e_doc WHERE account_id = ? AND c_folder_i = ? ORDER BY id`},
	} {
		rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(t.q), account, folder)
		if err != nil {
			return nil, fmt.Errorf("doc: children of %d: %w", folder, err)
		}
		ids, err := store.Int64s(rows)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			out = append(out, Node{t.typ, id})
		}
	}
	return out, nil
}

// forget removes a dropped node's rights and access.
func (m *Module) forget(ctx context.Context, account int64, n Node) error {
	for _, table := range []string{"doc_rights", "doc_access"} {
		if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM `+table+
			` WHERE account_id = ? AND node_type = ? AND node_id = ?`), account, n.Type, n.ID); err != nil {
			return fmt.Errorf("doc: forget %s %d: %w", n.Type, n.ID, err)
		}
	}
	return nil
}
