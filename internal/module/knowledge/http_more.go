package knowledge

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

func (a *HTTP) trash(ctx context.Context, r *api.Request) api.Response {
	items, err := a.Knowledge.Trash(ctx, r.Scope())
	if err != nil {
		return r.Fail(err)
	}
	data := make([]any, 0, len(items))
	for _, t := range items {
		rec, err := a.Engine.Get(ctx, r.Scope(), t.Item.Type, t.Item.ID)
		if err != nil {
			continue // deleted for good since, or no longer seen
		}
		enc, err := r.Encode(ctx, []*entity.Record{rec}, entity.Selection{})
		if err != nil {
			return r.Fail(err)
		}
		parents := make([]any, len(t.Parents))
		for i, p := range t.Parents {
			parents[i] = value.EncodeLink(p)
		}
		data = append(data, map[string]any{"contentType": "KnowledgeTrashItem", "id": strconv.FormatInt(t.ID, 10),
			"item": enc[0], "parents": parents, "parentsCount": len(parents)})
	}
	return api.OK(data)
}

// on is how a rights route finds its target from the path's id.
type on func(ctx context.Context, r *api.Request) (Target, error)

func (a *HTTP) onBase(_ context.Context, r *api.Request) (Target, error) {
	return a.Knowledge.BaseTarget(r.IDs[0]), nil
}

func (a *HTTP) onArticle(ctx context.Context, r *api.Request) (Target, error) {
	return a.Knowledge.ArticleTarget(ctx, r.Scope(), r.IDs[0])
}

// rights is GET /knowledgeBase/{id}/rights and /knowledgeArticle/{id}/rights.
func (a *HTTP) rights(target on) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		t, err := target(ctx, r)
		if err != nil {
			return r.Fail(err)
		}
		rights, err := a.Knowledge.Rights(ctx, r.Scope(), t)
		if err != nil {
			return r.Fail(err)
		}
		return a.answerRights(r, rights)
	}
}

func (a *HTTP) answerRights(r *api.Request, rights []Right) api.Response {
	data := make([]any, len(rights))
	for i, x := range rights {
		data[i] = x.Encode(r.Scope())
	}
	return api.OK(data)
}

var subjectTypes = []string{"Employee", "Department", "Group"}

// role reads a role's name from a body field.
func role(r *api.Request, raw json.RawMessage) (Role, *api.Response) {
	var s string
	_ = json.Unmarshal(raw, &s)
	ro, ok := ParseRole(s)
	if !ok {
		res := r.FieldFail("role", CodeBadRole)
		return Nobody, &res
	}
	return ro, nil
}

// grant is POST …/{id}/rights: one KnowledgeRights.
func (a *HTTP) grant(target on) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response { return a.grantOne(ctx, r, target) }
}

func (a *HTTP) grantOne(ctx context.Context, r *api.Request, target on) api.Response {
	t, err := target(ctx, r)
	if err != nil {
		return r.Fail(err)
	}
	var in struct{ User, Role json.RawMessage }
	if res := body(r, &in, "user"); res != nil {
		return *res
	}
	who, err := value.DecodeLink(in.User, subjectTypes)
	if err != nil || who.ID == 0 {
		return r.FieldFail("user", CodeBadSubject)
	}
	ro, res := role(r, in.Role)
	if res != nil {
		return *res
	}
	out, err := a.Knowledge.Grant(ctx, r.Scope(), t, []value.Link{who}, ro)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out[0].Encode(r.Scope()))
}

// multiRights is POST …/{id}/multiRights: one role to many.
func (a *HTTP) multiRights(target on) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response { return a.grantMany(ctx, r, target) }
}

func (a *HTTP) grantMany(ctx context.Context, r *api.Request, target on) api.Response {
	t, err := target(ctx, r)
	if err != nil {
		return r.Fail(err)
	}
	var in struct {
		Users []json.RawMessage
		Role  json.RawMessage
	}
	if res := body(r, &in, "users"); res != nil {
		return *res
	}
	ro, res := role(r, in.Role)
	if res != nil {
		return *res
	}
	who := make([]value.Link, 0, len(in.Users))
	for _, u := range in.Users {
		l, err := value.DecodeLink(u, subjectTypes)
		if err != nil || l.ID == 0 {
			return r.FieldFail("users", CodeBadSubject)
		}
		who = append(who, l)
	}
	out, err := a.Knowledge.Grant(ctx, r.Scope(), t, who, ro)
	if err != nil {
		return r.Fail(err)
	}
	return a.answerRights(r, out)
}

func (a *HTTP) revoke(target on) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		t, err := target(ctx, r)
		if err != nil {
			return r.Fail(err)
		}
		if err := a.Knowledge.Revoke(ctx, r.Scope(), t, r.IDs[1]); err != nil {
			return r.Fail(err)
		}
		return api.OK(map[string]any{})
	}
}

func (a *HTTP) versions(ctx context.Context, r *api.Request) api.Response {
	vs, err := a.Knowledge.Versions(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	data := make([]any, len(vs))
	for i, v := range vs {
		data[i] = v.Encode(r.Options())
	}
	return api.OK(data)
}

func (a *HTTP) restoreVersion(ctx context.Context, r *api.Request) api.Response {
	rec, err := a.Knowledge.RestoreVersion(ctx, r.Scope(), r.IDs[0], r.IDs[1])
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

func (a *HTTP) copy(ctx context.Context, r *api.Request) api.Response {
	rec, err := a.Knowledge.Copy(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// moveTargets answers bases and articles in one list, each as its type
// encodes it.
func (a *HTTP) moveTargets(ctx context.Context, r *api.Request) api.Response {
	links, err := a.Knowledge.MoveTargets(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	data := make([]any, 0, len(links))
	for _, l := range links {
		rec, err := a.Engine.Get(ctx, r.Scope(), l.Type, l.ID)
		if err != nil {
			return r.Fail(err)
		}
		enc, err := r.Encode(ctx, []*entity.Record{rec}, entity.Selection{})
		if err != nil {
			return r.Fail(err)
		}
		data = append(data, enc...)
	}
	return api.OK(data)
}
