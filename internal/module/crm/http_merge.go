package crm

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// merge serves POST …/{id}/merge: the body names the duplicate (a
// client link) or several (a list of links); the answer is the kept
// client, {id}, as the merge left it. A merge moving more than
// MergeInline objects, or asked for with ?{"background": true} (Artel's
// own parameter), runs as a job and answers the kept client before it,
// marked mergeInProgress.
func (a *HTTP) merge(ctx context.Context, r *api.Request) api.Response {
	kept, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	body := bytes.TrimSpace(r.Body())
	var from []value.Link
	if bytes.HasPrefix(body, []byte("[")) {
		from, err = value.DecodeLinks(body, Types)
	} else {
		var one value.Link
		one, err = value.DecodeLink(body, Types)
		from = []value.Link{one}
	}
	if err != nil || len(from) == 0 {
		return r.FieldFail("id", value.CodeType, Human+"|"+Company)
	}
	var background bool
	if raw, ok := r.TakeQuery("background"); ok && json.Unmarshal(raw, &background) != nil {
		return r.FieldFail("background", value.CodeType, "boolean")
	}
	if a.Merges != nil {
		var total int64
		for _, d := range from {
			n, err := Linked(ctx, a.Engine, r.Scope(), d)
			if err != nil {
				return r.Fail(err)
			}
			total += n
		}
		if background || total > MergeInline {
			return a.mergeLater(ctx, r, kept, from, total)
		}
	}
	rec, err := Merge(ctx, a.Engine, r.Scope(), kept.Link(), from)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// mergeLater checks the merge as Merge would, starts it as a job and
// answers the kept client, marked mergeInProgress.
func (a *HTTP) mergeLater(ctx context.Context, r *api.Request, kept *entity.Record, from []value.Link, total int64) api.Response {
	sc := r.Scope()
	if err := a.Merges.Check(ctx, sc, kept.Link(), from); err != nil {
		return r.Fail(err)
	}
	j, err := a.Merges.Create(ctx, sc, kept.Link(), from, total)
	if err != nil {
		return r.Fail(err)
	}
	// Read before the job starts, so the answer shows the merge to come.
	rec, err := a.Engine.Get(ctx, sc, kept.Type.Name, kept.ID)
	if err != nil {
		return r.Fail(err)
	}
	a.Merges.Start(j)
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// mergeJob serves GET …/{id}/merge: the newest merge job kept in the
// client, with its progress.
func (a *HTTP) mergeJob(ctx context.Context, r *api.Request) api.Response {
	kept, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	if a.Merges == nil {
		return r.NotFound()
	}
	j, err := a.Merges.Latest(ctx, r.Scope(), kept.Link())
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(j.Encode())
}
