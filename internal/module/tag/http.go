package tag

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the tag routes of the reference, per endpoint of the types
// that carry tags.
type HTTP struct {
	Engine *entity.Engine
	Tags   *Tags
}

// tagEndpoints are the endpoints of types with a tags collection (a test
// checks the list against the catalogue).
var tagEndpoints = []string{"contractorCompany", "contractorHuman", "customLeadForm", "deal", "doc", "project", "task"}

// Routes registers the tag routes and wording.
func (a *HTTP) Routes(rt *api.Routes) {
	for _, endpoint := range tagEndpoints {
		rt.Handle("POST /"+endpoint+"/{id}/tags", a.tagAttach(endpoint))
		rt.Handle("DELETE /"+endpoint+"/{id}/tags/{id}", a.tagDetach(endpoint))
		rt.Handle("GET /"+endpoint+"/tags", a.tagVariants)
		rt.Handle("POST /"+endpoint+"/tags/{id}", a.tagSave)
		rt.Handle("DELETE /"+endpoint+"/tags/{id}", a.tagDelete)
	}
	// Tags are the account's, whatever they mark: the clients' list
	// (/contractor, both types) offers the same.
	rt.Handle("GET /contractor/tags", a.tagVariants)
	rt.Messages(map[string][2]string{CodeExists: {"Такая метка уже существует", "Such a tag already exists"}})
}

// tagAttach serves POST /{entity}/{id}/tags with a Tag: a link, or a name
// (found or created).
func (a *HTTP) tagAttach(endpoint string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		if len(r.Body()) == 0 {
			return r.Fail(entity.Invalidf("name", entity.CodeRequired, ""))
		}
		rec, err := a.Tags.Attach(ctx, r.Scope(), value.Link{Type: a.Engine.Cat.ByEndpoint(endpoint).Name, ID: r.IDs[0]}, r.Body())
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}

// tagDetach serves DELETE /{entity}/{id}/tags/{tagId}: the tags left.
func (a *HTTP) tagDetach(endpoint string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		left, err := a.Tags.Detach(ctx, r.Scope(), value.Link{Type: a.Engine.Cat.ByEndpoint(endpoint).Name, ID: r.IDs[0]}, r.IDs[1])
		if err != nil {
			return r.Fail(err)
		}
		recs := make([]*entity.Record, 0, len(left))
		for _, l := range left {
			if rec, err := a.Engine.Get(ctx, r.Scope(), "Tag", l.ID); err == nil {
				recs = append(recs, rec)
			}
		}
		list, err := r.Encode(ctx, recs, entity.Selection{})
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(list)
	}
}

// tagVariants serves GET /{entity}/tags?{"name": "..."}: the account's
// tags whose name holds the text, to pick from.
func (a *HTTP) tagVariants(ctx context.Context, r *api.Request) api.Response {
	name := strings.TrimSpace(r.QueryString("name"))
	r.TakeQuery("name")
	lq, err := r.ListQuery("Tag")
	if err != nil {
		return r.Fail(err)
	}
	if name != "" {
		term, _ := json.Marshal(map[string]any{"contentType": "FilterTermString", "field": "name", "comparison": "contains", "value": name})
		lq.Filter = json.RawMessage(`{"contentType":"FilterTermGroup","join":"and","terms":[` + string(term) + `]}`)
	}
	return r.Page(ctx, "Tag", lq)
}

func (a *HTTP) tagSave(ctx context.Context, r *api.Request) api.Response {
	return r.Update(ctx, "Tag", r.IDs[0])
}

// tagDelete serves DELETE /{entity}/tags/{id}: the tag as it was.
func (a *HTTP) tagDelete(ctx context.Context, r *api.Request) api.Response {
	before := r.Get(ctx, "Tag", r.IDs[0])
	if before.Status != http.StatusOK {
		return before
	}
	if err := a.Engine.Delete(ctx, r.Scope(), "Tag", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return before
}
