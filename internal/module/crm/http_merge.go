package crm

import (
	"bytes"
	"context"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// merge serves POST …/{id}/merge: the body names the duplicate (a
// client link) or several (a list of links); the answer is the kept
// client, {id}, as the merge left it.
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
	rec, err := Merge(ctx, a.Engine, r.Scope(), kept.Link(), from)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}
