package knowledge

import (
	"context"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Copy makes a copy of an article with its live subtree (editors), placed
// right after the original; each copy starts its own versions.
func (m *Module) Copy(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, error) {
	var out *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		src, err := m.editable(ctx, sc, id)
		if err != nil {
			return err
		}
		base, parent := src.Links["base"].ID, src.Links["parent"].ID
		if out, err = m.copyTree(ctx, sc, src, base, parent); err != nil {
			return err
		}
		if err := m.rescope(ctx, sc.Account, base); err != nil {
			return err
		}
		if _, err := m.Sort(ctx, sc, out.ID, id, true); err != nil {
			return err
		}
		out, err = m.e.Get(ctx, sc, "KnowledgeArticle", out.ID)
		return err
	})
	return out, err
}

func (m *Module) copyTree(ctx context.Context, sc entity.Scope, src *entity.Record, base, parent int64) (*entity.Record, error) {
	in := parentInput(base, parent)
	in["name"], in["content"] = raw(src.String("name")), raw(src.String("content"))
	made, err := m.e.Create(ctx, sc, "KnowledgeArticle", in)
	if err != nil {
		return nil, err
	}
	// A closed article's copy is closed to the same people.
	if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO knowledge_article_rights
		(account_id, article_id, subject_type, subject_id, role) SELECT account_id, ?, subject_type, subject_id, role
		FROM knowledge_article_rights WHERE account_id = ? AND article_id = ?`), made.ID, sc.Account, src.ID); err != nil {
		return nil, fmt.Errorf("knowledge: copy the roles of %d: %w", src.ID, err)
	}
	kids, err := m.children(ctx, sc.Account, base, src.ID, false)
	if err != nil {
		return nil, err
	}
	for _, k := range kids {
		rec, err := m.e.Get(ctx, sc, "KnowledgeArticle", k)
		if errors.Is(err, entity.ErrNotFound) {
			continue // closed to the copier: not theirs to copy
		}
		if err != nil {
			return nil, err
		}
		if _, err := m.copyTree(ctx, sc, rec, base, made.ID); err != nil {
			return nil, err
		}
	}
	return made, nil
}

// MoveTargets are where an article may move: the bases the reader edits
// (not dropped) and their live articles, less the article's own subtree.
func (m *Module) MoveTargets(ctx context.Context, sc entity.Scope, id int64) ([]value.Link, error) {
	src, err := m.e.Get(ctx, sc, "KnowledgeArticle", id)
	if err != nil {
		return nil, err
	}
	own, err := m.subtree(ctx, sc.Account, src.Links["base"].ID, id, true)
	if err != nil {
		return nil, err
	}
	skip := map[int64]bool{}
	for _, x := range own {
		skip[x] = true
	}
	lq := entity.ListQuery{Limit: entity.MaxLimit, Sort: []entity.SortField{{Field: "orderPos"}},
		Where: []entity.Condition{notDropped("e_knowledgebase")}}
	bases, err := m.e.List(ctx, sc, "KnowledgeBase", lq, value.Options{})
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(bases.Records))
	for i, b := range bases.Records {
		ids[i] = b.ID
	}
	roles, err := m.Roles(ctx, sc, ids)
	if err != nil {
		return nil, err
	}
	var out []value.Link
	for _, b := range bases.Records {
		if roles[b.ID] < Editor {
			continue
		}
		out = append(out, b.Link())
		lq := entity.ListQuery{Limit: entity.MaxLimit, Sort: []entity.SortField{{Field: "orderPos"}},
			Where: []entity.Condition{notDropped("e_knowledgearticle"), {SQL: "e_knowledgearticle.c_base_i = ?", Args: []any{b.ID}}}}
		arts, err := m.e.List(ctx, sc, "KnowledgeArticle", lq, value.Options{})
		if err != nil {
			return nil, err
		}
		artRoles, err := m.rolesOf(ctx, sc, arts.Records)
		if err != nil {
			return nil, err
		}
		for _, a := range arts.Records {
			if !skip[a.ID] && artRoles[a.ID] >= Editor {
				out = append(out, a.Link())
			}
		}
	}
	return out, nil
}
