package history

import (
	"context"
	"net/http"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// GET /{entity}/{id}/history of every type of Types: the journal of
// changes, as the reference's FieldChange values, newest first, for a
// record the reader sees (404 otherwise). The reference lists Changeset
// and Comment there too; comments have their own calls, and a change is
// answered field by field, which is what a Changeset holds; a
// collection's change is, as the reference has it for arrays, a
// FieldChange of the added links (oldValue null) and one of the removed
// links (newValue null). Each carries an id (not in the reference) as the
// pageAfter key.

// HTTP is the journal's route.
type HTTP struct {
	Engine *entity.Engine
}

// Routes registers GET /{entity}/{id}/history.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /{entity}/{id}/history", a.history)
	a.feedRoutes(rt)
}

func (a *HTTP) history(ctx context.Context, r *api.Request) api.Response {
	kind := r.Type().Name
	if !slices.Contains(Types, kind) {
		return r.NoRoute()
	}
	limit, after, err := r.IDPaging()
	if err != nil {
		return r.Fail(err)
	}
	rows, more, count, err := List(ctx, a.Engine, r.Scope(), kind, r.IDs[0], limit, after)
	if err != nil {
		return r.Fail(err)
	}
	subject := value.EncodeLink(value.Link{Type: kind, ID: r.IDs[0]})
	out := make([]any, len(rows))
	for i, h := range rows {
		out[i] = fieldChange(h, subject, r.Options())
	}
	return api.Response{Status: http.StatusOK, Data: out, Pagination: &api.Pagination{Count: count, Limit: limit, HasMoreNext: more}}
}

func fieldChange(h Entry, subject value.LinkJSON, opt value.Options) map[string]any {
	var author any
	if h.User.ID != 0 {
		author = value.EncodeLink(h.User)
	}
	var field, description any = h.Field, nil
	if h.Field == Created {
		field, description = nil, "created"
	}
	return map[string]any{
		"contentType": "FieldChange", "id": strconv.FormatInt(h.ID, 10),
		"field": field, "description": description,
		"oldValue": h.Old, "newValue": h.New, "author": author, "changedEntity": subject,
		"timeCreated": value.DateTime{}.Encode(h.Time, opt),
	}
}
