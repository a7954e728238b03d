package knowledge

import (
	"context"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// Policy puts the knowledge roles in front of the rights policy: a base
// and its articles are seen by who holds a role other than nobody on the
// base (and by administrators), whatever the rights table says. The rule
// lives here because it reads knowledge_rights, which this package owns.
type Policy struct {
	entity.Policy
	M *Module
}

var _ entity.Policy = (*Policy)(nil)

// Guard wraps a policy with the knowledge roles.
func (m *Module) Guard(inner entity.Policy) *Policy { return &Policy{Policy: inner, M: m} }

func ours(t *catalog.Type) bool { return t.Name == "KnowledgeBase" || t.Name == "KnowledgeArticle" }

// Visible: see the type comment.
func (p *Policy) Visible(ctx context.Context, sc entity.Scope, t *catalog.Type) (*entity.Condition, error) {
	switch t.Name {
	case "KnowledgeBase":
		return seenBasesOrArticles(sc, t.Table+".id"), nil
	case "KnowledgeArticle":
		return seenArticles(sc, t.Table), nil
	}
	return p.Policy.Visible(ctx, sc, t)
}

// Allow: a base is created by who holds can_create_knowledge and changed
// or dropped by its owners; articles are written by editors and owners
// (a new article's base is judged by the save hook, as it is not stored
// yet).
func (p *Policy) Allow(ctx context.Context, sc entity.Scope, action string, t *catalog.Type, rec *entity.Record) error {
	if !ours(t) {
		return p.Policy.Allow(ctx, sc, action, t, rec)
	}
	if action == entity.ActCreate {
		if t.Name == "KnowledgeBase" {
			return p.Policy.Allow(ctx, sc, action, t, rec)
		}
		return nil
	}
	if t.Name == "KnowledgeBase" {
		return p.M.need(ctx, sc, rec.ID, Owner)
	}
	return p.M.needArticle(ctx, sc, rec, Editor)
}

// PossibleActions: act_read for readers, act_edit and act_delete for who
// may change the entity.
func (p *Policy) PossibleActions(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
	if len(recs) == 0 || !ours(recs[0].Type) {
		return p.Policy.PossibleActions(ctx, sc, recs)
	}
	roles, _ := p.M.rolesOf(ctx, sc, recs) // on error: nothing, never more
	out := make(map[int64][]string, len(recs))
	for _, r := range recs {
		role := roles[r.ID]
		want := Editor
		if r.Type.Name == "KnowledgeBase" {
			want = Owner
		}
		acts := []string{}
		if role >= Reader {
			acts = append(acts, "act_read")
		}
		if role >= want {
			acts = append(acts, "act_edit", "act_delete")
		}
		out[r.ID] = acts
	}
	return out
}

// SeenThrough passes on the wrapped rights' answer; bases and articles
// are seen through roles, never through a link alone.
func (p *Policy) SeenThrough(sc entity.Scope, t *catalog.Type) string {
	if th, ok := p.Policy.(entity.Through); ok && !ours(t) {
		return th.SeenThrough(sc, t)
	}
	return ""
}

// Needs passes on the fields the wrapped rights read from records.
func (p *Policy) Needs(typeName string) []string {
	if typeName == "KnowledgeArticle" {
		return []string{"base"}
	}
	if n, ok := p.Policy.(interface{ Needs(string) []string }); ok {
		return n.Needs(typeName)
	}
	return nil
}
