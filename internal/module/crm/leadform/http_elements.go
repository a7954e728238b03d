package leadform

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// disable serves GET /customLeadForm/{id}/disable (the reference's
// verb): the form stops taking posts.
func (a *HTTP) disable(ctx context.Context, r *api.Request) api.Response {
	rec, err := a.Forms.Engine.Update(ctx, r.Scope(), "CustomLeadForm", r.IDs[0], entity.Input{"active": json.RawMessage("false")})
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// elements serves GET /customLeadForm/{id}/element: the form's fields in
// their order, as far as the caller sees the form.
func (a *HTTP) elements(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Forms.Engine.Get(ctx, r.Scope(), "CustomLeadForm", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery("CustomLeadFormElement")
	if err != nil {
		return r.Fail(err)
	}
	t := a.Forms.Engine.Cat.Type("CustomLeadFormElement")
	lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + "." + t.Field("leadForm").Column + "_i = ?", Args: []any{r.IDs[0]}})
	return r.Page(ctx, "CustomLeadFormElement", lq)
}

// addElement serves POST /customLeadForm/{id}/element: a field of the
// form, which whoever may change the form adds.
func (a *HTTP) addElement(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	e := a.Forms.Engine
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := a.editable(ctx, r.Scope(), r.IDs[0]); err != nil {
			return err
		}
		in["leadForm"] = raw(value.EncodeLink(value.Link{Type: "CustomLeadForm", ID: r.IDs[0]}))
		var err error
		out, err = e.Create(ctx, r.Scope(), "CustomLeadFormElement", in)
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, out, entity.Selection{Full: true})
}

// element serves GET, PUT and DELETE of one field of a form; a field of
// another form is 404.
func (a *HTTP) element(method string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		e := a.Forms.Engine
		el, err := e.Get(ctx, r.Scope(), "CustomLeadFormElement", r.IDs[1])
		if err != nil {
			return r.Fail(err)
		}
		if el.Links["leadForm"] != (value.Link{Type: "CustomLeadForm", ID: r.IDs[0]}) {
			return r.NotFound()
		}
		switch method {
		case http.MethodGet:
			return r.One(ctx, el, entity.Selection{Full: true})
		case http.MethodDelete:
			if err := a.editable(ctx, r.Scope(), r.IDs[0]); err != nil {
				return r.Fail(err)
			}
			if err := e.Delete(ctx, r.Scope(), "CustomLeadFormElement", el.ID); err != nil {
				return r.Fail(err)
			}
			return r.One(ctx, el, entity.Selection{Fields: []string{"name"}, Only: true})
		}
		in, res := r.Input()
		if res != nil {
			return *res
		}
		delete(in, "leadForm") // a field stays on its form
		if err := a.editable(ctx, r.Scope(), r.IDs[0]); err != nil {
			return r.Fail(err)
		}
		out, err := e.Update(ctx, r.Scope(), "CustomLeadFormElement", el.ID, in)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, out, entity.Selection{Full: true})
	}
}

// editable checks the caller may change the form (404 unseen, 403 seen).
func (a *HTTP) editable(ctx context.Context, sc entity.Scope, id int64) error {
	e := a.Forms.Engine
	rec, err := e.Get(ctx, sc, "CustomLeadForm", id)
	if err != nil {
		return err
	}
	if e.Policy != nil && !sc.System {
		return e.Policy.Allow(ctx, sc, entity.ActEdit, rec.Type, rec)
	}
	return nil
}
