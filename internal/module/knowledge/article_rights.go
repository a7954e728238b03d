package knowledge

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
)

// Rights per article (the reference's /knowledgeArticle/{id}/rights). An
// article given roles of its own is closed: a reader's role on it is no
// longer their role on the base but the strongest of the roles given on
// the article (to them, their department or their groups), and its
// sub-articles without roles of their own follow it. The base's owners
// (and administrators) keep owning every article of the base, so nothing
// can be lost to them. knowledge_article_scope names, for each article
// that follows an article's roles, which article that is; rescope
// rebuilds it for a base.

// ArticleRoles is the reader's effective role on each article, given as
// article id → base id.
func (m *Module) ArticleRoles(ctx context.Context, sc entity.Scope, arts map[int64]int64) (map[int64]Role, error) {
	out := make(map[int64]Role, len(arts))
	if len(arts) == 0 {
		return out, nil
	}
	bases := make([]int64, 0, len(arts))
	ids := make([]any, 0, len(arts)+1)
	ids = append(ids, sc.Account)
	for id, b := range arts {
		bases = append(bases, b)
		ids = append(ids, id)
	}
	baseRoles, err := m.Roles(ctx, sc, bases)
	if err != nil {
		return nil, err
	}
	for id, b := range arts {
		out[id] = baseRoles[b]
	}
	if sc.System || sc.Admin {
		return out, nil
	}
	q, d := m.e.DB.Q(ctx), m.e.DB.Dialect
	rows, err := q.QueryContext(ctx, d.Rebind(`SELECT article_id, scope_id FROM knowledge_article_scope
		WHERE account_id = ? AND article_id IN (`+store.Marks(len(arts))+`)`), ids...)
	if err != nil {
		return nil, fmt.Errorf("knowledge: article scopes: %w", err)
	}
	scopeOf := map[int64]int64{}
	for rows.Next() {
		var a, s int64
		if err := rows.Scan(&a, &s); err != nil {
			rows.Close()
			return nil, err
		}
		if out[a] < Owner { // a base owner owns every article of it
			scopeOf[a] = s
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(scopeOf) == 0 {
		return out, err
	}
	scopes := map[int64]Role{}
	if sc.Actor.Type == "Employee" && !sc.Guest {
		cond, hargs := rights.Holder(sc, "r")
		args := append([]any{sc.Account}, hargs...)
		seen := map[int64]bool{}
		for _, s := range scopeOf {
			if !seen[s] {
				seen[s] = true
				args = append(args, s)
			}
		}
		rows, err := q.QueryContext(ctx, d.Rebind(`SELECT r.article_id, r.role FROM knowledge_article_rights r
			WHERE r.account_id = ? AND `+cond+` AND r.article_id IN (`+store.Marks(len(seen))+`)`), args...)
		if err != nil {
			return nil, fmt.Errorf("knowledge: article roles: %w", err)
		}
		for rows.Next() {
			var s int64
			var name string
			if err := rows.Scan(&s, &name); err != nil {
				rows.Close()
				return nil, err
			}
			if r, ok := ParseRole(name); ok && r > scopes[s] {
				scopes[s] = r
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	for a, s := range scopeOf {
		out[a] = scopes[s]
	}
	return out, nil
}

// needArticle refuses with 403 (or 404 when the article is not seen at
// all) unless the reader holds at least role on the article.
func (m *Module) needArticle(ctx context.Context, sc entity.Scope, rec *entity.Record, role Role) error {
	roles, err := m.ArticleRoles(ctx, sc, map[int64]int64{rec.ID: baseOf(rec)})
	if err != nil {
		return err
	}
	switch r := roles[rec.ID]; {
	case r == Nobody:
		return entity.ErrNotFound
	case r < role:
		return entity.ErrForbidden
	}
	return nil
}

// seenArticles is the SQL condition (over table, the articles' table)
// that the reader sees the article: by the base's roles where it follows
// them, as an owner of the base, or by the roles of the article it
// follows. nil for who sees all.
func seenArticles(sc entity.Scope, table string) *entity.Condition {
	base := seenBases(sc, table+".c_base_i")
	if base == nil || base.SQL == "1 = 0" {
		return base
	}
	cond, hargs := rights.Holder(sc, "r")
	args := []any{sc.Account}
	args = append(args, base.Args...)
	args = append(args, sc.Account)
	args = append(args, hargs...)
	args = append(args, sc.Account)
	args = append(args, hargs...)
	return &entity.Condition{SQL: `((NOT EXISTS (SELECT 1 FROM knowledge_article_scope s WHERE s.account_id = ? AND s.article_id = ` + table + `.id)
		AND ` + base.SQL + `)
		OR ` + table + `.c_base_i IN (SELECT r.base_id FROM knowledge_rights r WHERE r.account_id = ? AND r.role = 'owner' AND ` + cond + `)
		OR ` + table + `.id IN (SELECT s.article_id FROM knowledge_article_scope s JOIN knowledge_article_rights r
			ON r.account_id = s.account_id AND r.article_id = s.scope_id WHERE s.account_id = ? AND r.role <> 'nobody' AND ` + cond + `))`,
		Args: args}
}

// seenBasesOrArticles is the condition (over col, a base id column) that
// the reader sees the base: by a role on it, or by a role on one of its
// articles (they see the base's name and those articles, nothing more:
// their role on the base stays nobody).
func seenBasesOrArticles(sc entity.Scope, col string) *entity.Condition {
	base := seenBases(sc, col)
	if base == nil || base.SQL == "1 = 0" {
		return base
	}
	cond, hargs := rights.Holder(sc, "r")
	args := append(append(append([]any{}, base.Args...), sc.Account), hargs...)
	return &entity.Condition{SQL: `(` + base.SQL + ` OR ` + col + ` IN (SELECT a.c_base_i FROM e_knowledgearticle a
		JOIN knowledge_article_rights r ON r.account_id = a.account_id AND r.article_id = a.id
		WHERE a.account_id = ? AND r.role <> 'nobody' AND ` + cond + `))`, Args: args}
}

// rescope rebuilds knowledge_article_scope for a base: each article with
// roles of its own follows itself, each other article its nearest
// ancestor with roles of its own, if any. A base with no article roles
// (the usual case) costs one query.
func (m *Module) rescope(ctx context.Context, account, base int64) error {
	q, d := m.e.DB.Q(ctx), m.e.DB.Dialect
	if _, err := q.ExecContext(ctx, d.Rebind(`DELETE FROM knowledge_article_scope WHERE account_id = ? AND article_id IN
		(SELECT id FROM e_knowledgearticle WHERE account_id = ? AND c_base_i = ?)`), account, account, base); err != nil {
		return fmt.Errorf("knowledge: rescope %d: %w", base, err)
	}
	rows, err := q.QueryContext(ctx, d.Rebind(`SELECT DISTINCT r.article_id FROM knowledge_article_rights r
		JOIN e_knowledgearticle a ON a.account_id = r.account_id AND a.id = r.article_id
		WHERE r.account_id = ? AND a.c_base_i = ?`), account, base)
	if err != nil {
		return fmt.Errorf("knowledge: rescope %d: %w", base, err)
	}
	owned, err := store.Int64s(rows)
	if err != nil || len(owned) == 0 {
		return err
	}
	parent := map[int64]int64{}
	rows, err = q.QueryContext(ctx, d.Rebind(`SELECT id, COALESCE(c_parent_i, 0) FROM e_knowledgearticle
		WHERE account_id = ? AND c_base_i = ?`), account, base)
	if err != nil {
		return fmt.Errorf("knowledge: rescope %d: %w", base, err)
	}
	for rows.Next() {
		var id, p int64
		if err := rows.Scan(&id, &p); err != nil {
			rows.Close()
			return err
		}
		parent[id] = p
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	scope := map[int64]int64{}
	for _, id := range owned {
		scope[id] = id
	}
	var find func(id int64, depth int) int64
	find = func(id int64, depth int) int64 {
		if s, ok := scope[id]; ok {
			return s
		}
		p, ok := parent[id]
		if !ok || p == 0 || depth > len(parent) { // a root, or a loop in old data
			return 0
		}
		s := find(p, depth+1)
		scope[id] = s
		return s
	}
	for id := range parent {
		if s := find(id, 0); s != 0 {
			if _, err := q.ExecContext(ctx, d.Rebind(`INSERT INTO knowledge_article_scope (account_id, article_id, scope_id)
				VALUES (?, ?, ?)`), account, id, s); err != nil {
				return fmt.Errorf("knowledge: rescope %d: %w", base, err)
			}
		}
	}
	return nil
}

// inherit puts a new article under its parent's roles' reach, if the
// parent is in one (one indexed read for the usual article).
func (m *Module) inherit(ctx context.Context, account, id, parent int64) error {
	if parent == 0 {
		return nil
	}
	q, d := m.e.DB.Q(ctx), m.e.DB.Dialect
	_, err := q.ExecContext(ctx, d.Rebind(`INSERT INTO knowledge_article_scope (account_id, article_id, scope_id)
		SELECT account_id, ?, scope_id FROM knowledge_article_scope WHERE account_id = ? AND article_id = ?`), id, account, parent)
	if err != nil {
		return fmt.Errorf("knowledge: article scope of %d: %w", id, err)
	}
	return nil
}
