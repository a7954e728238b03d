package knowledge

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

// Right is one role given on a base to an employee, department or group.
type Right struct {
	ID   int64
	User value.Link
	Role Role
}

// Encode is a right as KnowledgeRights; isSelf marks the reader's own row.
func (r Right) Encode(sc entity.Scope) map[string]any {
	return map[string]any{"contentType": "KnowledgeRights", "id": strconv.FormatInt(r.ID, 10),
		"user": value.EncodeLink(r.User), "role": r.Role.String(), "isSelf": r.User == sc.Actor}
}

func (m *Module) setRight(ctx context.Context, account, base int64, who value.Link, role Role) (int64, error) {
	return Give(ctx, m.e.DB, account, base, who, role)
}

// Give gives (or changes) a subject's role on a base, unchecked: for the
// rules once they have judged the call, and for the demo company.
func Give(ctx context.Context, db *store.DB, account, base int64, who value.Link, role Role) (int64, error) {
	q := db.Q(ctx)
	d := db.Dialect
	var id int64
	err := q.QueryRowContext(ctx, d.Rebind(`SELECT id FROM knowledge_rights WHERE account_id = ? AND base_id = ?
		AND subject_type = ? AND subject_id = ?`), account, base, who.Type, who.ID).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		err = q.QueryRowContext(ctx, d.Rebind(`INSERT INTO knowledge_rights (account_id, base_id, subject_type, subject_id, role)
			VALUES (?, ?, ?, ?, ?) RETURNING id`), account, base, who.Type, who.ID, role.String()).Scan(&id)
	case err == nil:
		_, err = q.ExecContext(ctx, d.Rebind(`UPDATE knowledge_rights SET role = ? WHERE id = ?`), role.String(), id)
	}
	if err != nil {
		return 0, fmt.Errorf("knowledge: right on %d: %w", base, err)
	}
	return id, nil
}

// Rights lists the roles given on a base, to whoever reads it.
func (m *Module) Rights(ctx context.Context, sc entity.Scope, base int64) ([]Right, error) {
	if err := m.need(ctx, sc, base, Reader); err != nil {
		return nil, err
	}
	return m.rightsOf(ctx, sc.Account, base)
}

func (m *Module) rightsOf(ctx context.Context, account, base int64) ([]Right, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, subject_type, subject_id, role
		FROM knowledge_rights WHERE account_id = ? AND base_id = ? ORDER BY id`), account, base)
	if err != nil {
		return nil, fmt.Errorf("knowledge: rights of %d: %w", base, err)
	}
	defer rows.Close()
	var out []Right
	for rows.Next() {
		var r Right
		var role string
		if err := rows.Scan(&r.ID, &r.User.Type, &r.User.ID, &role); err != nil {
			return nil, fmt.Errorf("knowledge: rights of %d: %w", base, err)
		}
		r.Role, _ = ParseRole(role)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Grant gives roles on a base to subjects; owners only. The subjects must
// exist and be seen by the owner. Taking the last owner's role away is
// refused, so a base never becomes unmanageable.
func (m *Module) Grant(ctx context.Context, sc entity.Scope, base int64, who []value.Link, role Role) ([]Right, error) {
	var out []Right
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := m.need(ctx, sc, base, Owner); err != nil {
			return err
		}
		for _, w := range who {
			if _, err := m.e.Get(ctx, sc, w.Type, w.ID); err != nil {
				if errors.Is(err, entity.ErrNotFound) {
					return entity.Invalidf("user", entity.CodeLinkNotFound, w.Type+":"+strconv.FormatInt(w.ID, 10))
				}
				return err
			}
			id, err := m.setRight(ctx, sc.Account, base, w, role)
			if err != nil {
				return err
			}
			out = append(out, Right{ID: id, User: w, Role: role})
		}
		return m.keepOwner(ctx, sc.Account, base)
	})
	return out, err
}

// Revoke removes one right of a base; owners only.
func (m *Module) Revoke(ctx context.Context, sc entity.Scope, base, right int64) error {
	return m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := m.need(ctx, sc, base, Owner); err != nil {
			return err
		}
		res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM knowledge_rights
			WHERE account_id = ? AND base_id = ? AND id = ?`), sc.Account, base, right)
		if err != nil {
			return fmt.Errorf("knowledge: revoke %d: %w", right, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return entity.ErrNotFound
		}
		return m.keepOwner(ctx, sc.Account, base)
	})
}

func (m *Module) keepOwner(ctx context.Context, account, base int64) error {
	var n int
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM knowledge_rights
		WHERE account_id = ? AND base_id = ? AND role = 'owner'`), account, base).Scan(&n)
	if err != nil {
		return fmt.Errorf("knowledge: owners of %d: %w", base, err)
	}
	if n == 0 {
		return entity.Invalidf("role", CodeLastOwner, "")
	}
	return nil
}
