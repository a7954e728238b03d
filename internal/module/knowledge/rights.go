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

// Right is one role given on a base or an article to an employee,
// department or group.
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

// Target is what roles are given on: a base (knowledge_rights) or an
// article (knowledge_article_rights, article_rights.go).
type Target struct {
	table, key string
	id         int64
	// need judges the reader's role on the target.
	need func(ctx context.Context, sc entity.Scope, role Role) error
	// changed runs after roles are given or taken, in the same
	// transaction: a base keeps an owner, an article's base is rescoped.
	changed func(ctx context.Context, account int64) error
}

// BaseTarget is a base's roles.
func (m *Module) BaseTarget(base int64) Target {
	return Target{table: "knowledge_rights", key: "base_id", id: base,
		need:    func(ctx context.Context, sc entity.Scope, role Role) error { return m.need(ctx, sc, base, role) },
		changed: func(ctx context.Context, account int64) error { return m.keepOwner(ctx, account, base) }}
}

// ArticleTarget is an article's own roles; the article must be seen.
func (m *Module) ArticleTarget(ctx context.Context, sc entity.Scope, id int64) (Target, error) {
	rec, err := m.e.Get(ctx, sc, "KnowledgeArticle", id)
	if err != nil {
		return Target{}, err
	}
	base := baseOf(rec)
	return Target{table: "knowledge_article_rights", key: "article_id", id: id,
		need:    func(ctx context.Context, sc entity.Scope, role Role) error { return m.needArticle(ctx, sc, rec, role) },
		changed: func(ctx context.Context, account int64) error { return m.rescope(ctx, account, base) }}, nil
}

// Give gives (or changes) a subject's role on a base, unchecked: for the
// rules once they have judged the call, and for the demo company.
func Give(ctx context.Context, db *store.DB, account, base int64, who value.Link, role Role) (int64, error) {
	return give(ctx, db, "knowledge_rights", "base_id", account, base, who, role)
}

func give(ctx context.Context, db *store.DB, table, key string, account, on int64, who value.Link, role Role) (int64, error) {
	q := db.Q(ctx)
	d := db.Dialect
	var id int64
	err := q.QueryRowContext(ctx, d.Rebind(`SELECT id FROM `+table+` WHERE account_id = ? AND `+key+` = ?
		AND subject_type = ? AND subject_id = ?`), account, on, who.Type, who.ID).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		err = q.QueryRowContext(ctx, d.Rebind(`INSERT INTO `+table+` (account_id, `+key+`, subject_type, subject_id, role)
			VALUES (?, ?, ?, ?, ?) RETURNING id`), account, on, who.Type, who.ID, role.String()).Scan(&id)
	case err == nil:
		_, err = q.ExecContext(ctx, d.Rebind(`UPDATE `+table+` SET role = ? WHERE id = ?`), role.String(), id)
	}
	if err != nil {
		return 0, fmt.Errorf("knowledge: right on %s %d: %w", key, on, err)
	}
	return id, nil
}

// Rights lists the roles given on a target, to whoever reads it.
func (m *Module) Rights(ctx context.Context, sc entity.Scope, t Target) ([]Right, error) {
	if err := t.need(ctx, sc, Reader); err != nil {
		return nil, err
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, subject_type, subject_id, role
		FROM `+t.table+` WHERE account_id = ? AND `+t.key+` = ? ORDER BY id`), sc.Account, t.id)
	if err != nil {
		return nil, fmt.Errorf("knowledge: rights of %s %d: %w", t.key, t.id, err)
	}
	defer rows.Close()
	out := []Right{}
	for rows.Next() {
		var r Right
		var role string
		if err := rows.Scan(&r.ID, &r.User.Type, &r.User.ID, &role); err != nil {
			return nil, err
		}
		r.Role, _ = ParseRole(role)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Grant gives roles on a target to subjects; its owners only. The
// subjects must exist and be seen by the owner. A base never loses its
// last owner.
func (m *Module) Grant(ctx context.Context, sc entity.Scope, t Target, who []value.Link, role Role) ([]Right, error) {
	var out []Right
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := t.need(ctx, sc, Owner); err != nil {
			return err
		}
		for _, w := range who {
			if _, err := m.e.Get(ctx, sc, w.Type, w.ID); err != nil {
				if errors.Is(err, entity.ErrNotFound) {
					return entity.Invalidf("user", entity.CodeLinkNotFound, w.Type+":"+strconv.FormatInt(w.ID, 10))
				}
				return err
			}
			id, err := give(ctx, m.e.DB, t.table, t.key, sc.Account, t.id, w, role)
			if err != nil {
				return err
			}
			out = append(out, Right{ID: id, User: w, Role: role})
		}
		return t.changed(ctx, sc.Account)
	})
	return out, err
}

// Revoke removes one right of a target; its owners only.
func (m *Module) Revoke(ctx context.Context, sc entity.Scope, t Target, right int64) error {
	return m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := t.need(ctx, sc, Owner); err != nil {
			return err
		}
		res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM `+t.table+`
			WHERE account_id = ? AND `+t.key+` = ? AND id = ?`), sc.Account, t.id, right)
		if err != nil {
			return fmt.Errorf("knowledge: revoke %d: %w", right, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return entity.ErrNotFound
		}
		return t.changed(ctx, sc.Account)
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
