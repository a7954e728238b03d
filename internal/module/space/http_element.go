package space

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

type elementOp func(ctx context.Context, sc entity.Scope, id int64, in ElementIn) (*tree, *Element, error)

// element serves a write on one element with an Element body.
func (a *HTTP) element(op elementOp) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := body(r)
		if res != nil {
			return *res
		}
		return a.write(ctx, r, false, func(ctx context.Context) (*tree, *Element, error) { return op(ctx, r.Scope(), r.IDs[0], in) })
	}
}

func (a *HTTP) open(ctx context.Context, r *api.Request) api.Response {
	t, e, err := a.Spaces.Open(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(t.json(e))
}

func (a *HTTP) delete(ctx context.Context, r *api.Request) api.Response {
	err := a.inTx(ctx, func(ctx context.Context) error { return a.Spaces.Delete(ctx, r.Scope(), r.IDs[0]) })
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(idResponse(r.IDs[0]))
}

// clone copies an element with everything below it; ElementCloneRequest's
// copyData (true unless false) says whether notes keep their texts.
func (a *HTTP) clone(ctx context.Context, r *api.Request) api.Response {
	if _, res := r.Input(); res != nil {
		return *res
	}
	in := struct {
		CopyData *bool `json:"copyData"`
	}{}
	if len(r.Body()) > 0 && json.Unmarshal(r.Body(), &in) != nil {
		return r.FieldFail("copyData", value.CodeType, "boolean")
	}
	withData := in.CopyData == nil || *in.CopyData
	return a.write(ctx, r, false, func(ctx context.Context) (*tree, *Element, error) {
		return a.Spaces.Copy(ctx, r.Scope(), r.IDs[0], ElementIn{}, true, withData)
	})
}

func (a *HTTP) favorite(on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		return a.write(ctx, r, false, func(ctx context.Context) (*tree, *Element, error) {
			return a.Spaces.Favorite(ctx, r.Scope(), r.IDs[0], on)
		})
	}
}

func (a *HTTP) readNote(ctx context.Context, r *api.Request) api.Response {
	n, err := a.Spaces.ReadNote(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(n.JSON())
}

func (a *HTTP) writeNote(ctx context.Context, r *api.Request) api.Response {
	if _, res := r.Input(); res != nil {
		return *res
	}
	var n *Note
	err := a.inTx(ctx, func(ctx context.Context) (err error) {
		n, err = a.Spaces.WriteNote(ctx, r.Scope(), r.IDs[0], r.Body())
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(n.JSON())
}

func (a *HTTP) memberRoutes(rt *api.Routes) {
	rt.Handle("GET /spaces/element/{id}/members", a.members)
	rt.Handle("POST /spaces/element/{id}/member/add", a.memberWrite(func(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage) error {
		return a.Spaces.AddMembers(ctx, sc, id, raw)
	}))
	rt.Handle("POST /spaces/element/{id}/member/remove", a.memberWrite(func(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage) error {
		return a.Spaces.ChangeMember(ctx, sc, id, raw, true)
	}))
	rt.Handle("POST /spaces/element/{id}/member/access", a.memberWrite(func(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage) error {
		return a.Spaces.ChangeMember(ctx, sc, id, raw, false)
	}))
}

func (a *HTTP) members(ctx context.Context, r *api.Request) api.Response {
	list, err := a.Spaces.Members(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	out := make([]map[string]any, len(list))
	for i, mb := range list {
		out[i] = mb.JSON()
	}
	return api.OK(out)
}

func (a *HTTP) memberWrite(op func(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage) error) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		if len(r.Body()) > 0 && !json.Valid(r.Body()) {
			return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
		}
		err := a.inTx(ctx, func(ctx context.Context) error { return op(ctx, r.Scope(), r.IDs[0], r.Body()) })
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(idResponse(r.IDs[0]))
	}
}

func (a *HTTP) trash(ctx context.Context, r *api.Request) api.Response {
	f, err := filter(r)
	if err != nil {
		return r.Fail(err)
	}
	t, es, err := a.Spaces.Trash(ctx, r.Scope(), f)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(t.list(es))
}

func (a *HTTP) restore(ctx context.Context, r *api.Request) api.Response {
	return a.write(ctx, r, false, func(ctx context.Context) (*tree, *Element, error) { return a.Spaces.Restore(ctx, r.Scope(), r.IDs[0]) })
}

// remove answers the elements removed for good, as they were.
func (a *HTTP) remove(ctx context.Context, r *api.Request) api.Response {
	var out []map[string]any
	err := a.inTx(ctx, func(ctx context.Context) error {
		t, gone, err := a.Spaces.Remove(ctx, r.Scope(), r.IDs[0])
		if err == nil {
			out = t.list(gone)
		}
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}
