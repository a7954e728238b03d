package doc

import (
	"context"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// Policy puts the documents roles in front of the rights policy: folders,
// documents and their versions are seen by who holds a role on them (and
// by administrators), whatever the rights table says; a version's file is
// seen by who sees the document. Versions and rights are written only by
// these rules. The rule lives here because it reads doc_access, which
// this package owns.
type Policy struct {
	entity.Policy
	M *Module
}

var _ entity.Policy = (*Policy)(nil)

// Guard wraps a policy with the documents roles.
func (m *Module) Guard(inner entity.Policy) *Policy { return &Policy{Policy: inner, M: m} }

func ours(t *catalog.Type) bool {
	switch t.Name {
	case "DocFolder", "Doc", "DocVersion", "DocRights":
		return true
	}
	return false
}

// Visible: see the type comment.
func (p *Policy) Visible(ctx context.Context, sc entity.Scope, t *catalog.Type) (*entity.Condition, error) {
	switch t.Name {
	case "DocFolder":
		return seen(sc, "DocFolder", t.Table+".id"), nil
	case "Doc":
		return seen(sc, "Doc", t.Table+".id"), nil
	case "DocVersion":
		return seen(sc, "Doc", t.Table+".c_doc_i"), nil
	case "DocRights":
		// Rights are kept in doc_rights and served by this package's
		// routes; the catalogue's table stays empty.
		return &entity.Condition{SQL: "1 = 0"}, nil
	case "File":
		return p.files(ctx, sc, t)
	}
	return p.Policy.Visible(ctx, sc, t)
}

// files adds to who sees a file whoever sees a document with a version
// of it (or with its thumbnail).
func (p *Policy) files(ctx context.Context, sc entity.Scope, t *catalog.Type) (*entity.Condition, error) {
	inner, err := p.Policy.Visible(ctx, sc, t)
	if err != nil || inner == nil {
		return inner, err
	}
	args := inner.Args
	sql := "(" + inner.SQL + ")"
	for _, col := range []string{"c_content_i", "c_thumbnail_i"} {
		docs := seen(sc, "Doc", "v.c_doc_i")
		sql += " OR " + t.Table + ".id IN (SELECT v." + col + " FROM e_docversion v WHERE v.account_id = ? AND v." + col +
			" IS NOT NULL AND " + docs.SQL + ")"
		args = append(append(args, sc.Account), docs.Args...)
	}
	return &entity.Condition{SQL: sql, Args: args}, nil
}

// Allow: a root folder is created by who the rights let create folders,
// anything inside a folder by its editors (judged by the save hook, as
// the new entity is not stored yet); documents are changed and dropped
// by their editors, folders by their owners; versions and rights only by
// these rules.
func (p *Policy) Allow(ctx context.Context, sc entity.Scope, action string, t *catalog.Type, rec *entity.Record) error {
	if !ours(t) {
		return p.Policy.Allow(ctx, sc, action, t, rec)
	}
	switch {
	case t.Name == "DocVersion" || t.Name == "DocRights":
		return entity.ErrForbidden
	case action == entity.ActCreate:
		return nil
	case t.Name == "Doc":
		return p.M.need(ctx, sc, nodeOf(rec), Editor)
	default:
		return p.M.need(ctx, sc, nodeOf(rec), Owner)
	}
}

// PossibleActions: act_read for readers, act_edit and act_delete for who
// may change the entity.
func (p *Policy) PossibleActions(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
	if len(recs) == 0 || !ours(recs[0].Type) {
		return p.Policy.PossibleActions(ctx, sc, recs)
	}
	typ, want := recs[0].Type.Name, Owner
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
		if typ == "DocVersion" {
			ids[i] = r.Links["doc"].ID
		}
	}
	switch typ {
	case "Doc":
		want = Editor
	case "DocVersion":
		typ, want = "Doc", Owner+1 // versions are read, never edited
	}
	roles, _ := p.M.Roles(ctx, sc, typ, ids) // on error: nothing, never more
	out := make(map[int64][]string, len(recs))
	for i, r := range recs {
		role := roles[ids[i]]
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

// SeenThrough passes on the wrapped rights' answer; documents are seen
// through roles, never through a link alone. A version is seen exactly
// when its document is, so counting a seen document's versions needs no
// second rights check (which, over a folder of 10,000 documents, was most
// of a list page's time).
func (p *Policy) SeenThrough(sc entity.Scope, t *catalog.Type) string {
	if t.Name == "DocVersion" {
		return "doc"
	}
	if th, ok := p.Policy.(entity.Through); ok && !ours(t) && t.Name != "File" {
		return th.SeenThrough(sc, t)
	}
	return ""
}

// Needs passes on the fields the wrapped rights read from records.
func (p *Policy) Needs(typeName string) []string {
	if typeName == "DocVersion" {
		return []string{"doc"}
	}
	if n, ok := p.Policy.(interface{ Needs(string) []string }); ok {
		return n.Needs(typeName)
	}
	return nil
}
