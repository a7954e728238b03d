package doc

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// newVersion saves a document's new file or text (the reference's body
// is a File; a DocVersion with a text content is Artel's editor's).
func (a *HTTP) newVersion(ctx context.Context, r *api.Request) api.Response {
	c, err := ParseContent(r.Body())
	if err != nil {
		return r.Fail(err)
	}
	rec, err := a.Docs.NewVersion(ctx, r.Scope(), r.IDs[0], c)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// setActual restores the version the body names as the newest one.
func (a *HTTP) setActual(ctx context.Context, r *api.Request) api.Response {
	l, err := value.DecodeLink(r.Body(), []string{"DocVersion"})
	if err != nil || l.ID == 0 {
		return r.FieldFail("id", entity.CodeBadParam)
	}
	rec, err := a.Docs.Restore(ctx, r.Scope(), r.IDs[0], l.ID)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

func (a *HTTP) versions(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Doc", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	ids, err := a.Docs.versionIDs(ctx, r.Scope().Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	recs, err := a.Engine.GetMany(ctx, r.Scope(), "DocVersion", ids)
	if err != nil {
		return r.Fail(err)
	}
	at := make(map[int64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	sorted := make([]*entity.Record, len(ids))
	n := 0
	for _, rec := range recs {
		sorted[at[rec.ID]] = rec
		n++
	}
	out := make([]*entity.Record, 0, n)
	for _, rec := range sorted {
		if rec != nil {
			out = append(out, rec)
		}
	}
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	data, err := r.Encode(ctx, out, sel)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(orEmpty(data))
}

func (a *HTTP) actualVersion(ctx context.Context, r *api.Request) api.Response {
	doc, err := a.Engine.Get(ctx, r.Scope(), "Doc", r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	if doc.Links["actualVersion"].ID == 0 {
		return r.NotFound()
	}
	return r.Get(ctx, "DocVersion", doc.Links["actualVersion"].ID)
}

// byRevision answers /docs/{id}/{revision}: a version by its number.
func (a *HTTP) byRevision(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Doc", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	var id int64
	err := a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(`SELECT COALESCE(MAX(id), 0) FROM e_docversion
		WHERE account_id = ? AND c_doc_i = ? AND c_revision = ?`), r.Scope().Account, r.IDs[0], r.IDs[1]).Scan(&id)
	if err != nil {
		return r.Fail(fmt.Errorf("doc: revision %d of %d: %w", r.IDs[1], r.IDs[0], err))
	}
	if id == 0 {
		return r.NotFound()
	}
	return r.Get(ctx, "DocVersion", id)
}
