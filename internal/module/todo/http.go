package todo

import (
	"context"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// HTTP is the to-do area's routes: POST /todo/{id}/doAction and
// GET /todoStatus.
type HTTP struct {
	Engine *entity.Engine
}

// Routes registers the area's routes.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("POST /todo/{id}/doAction", a.doAction)
	rt.Handle("GET /todoStatus", a.statuses)
}

// doAction serves POST /todo/{id}/doAction with a Todo*ActionRequest
// body, answering the Todo (as it was, when deleted).
func (a *HTTP) doAction(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	req, err := ParseRequest(in)
	if err != nil {
		return r.Fail(err)
	}
	rec, err := Do(ctx, a.Engine, r.Scope(), r.IDs[0], req)
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	if req.Action == "act_delete" {
		// Gone: its collections can no longer be read.
		sel = entity.Selection{Fields: []string{"name", "status", "responsible"}, Only: true}
	}
	return r.One(ctx, rec, sel)
}

// statuses serves GET /todoStatus, named in the caller's language.
func (a *HTTP) statuses(ctx context.Context, r *api.Request) api.Response {
	out := make([]any, len(Statuses))
	for i, s := range Statuses {
		out[i] = s.Encode(r.Lang())
	}
	return api.OK(out)
}
