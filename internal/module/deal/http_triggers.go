package deal

import (
	"context"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// applyTrigger serves POST /deal/{id}/applyTrigger, whose body is the
// ProgramTrigger ({"id"} is enough). It answers the deal.
func (a *HTTP) applyTrigger(ctx context.Context, r *api.Request) api.Response {
	l, err := value.DecodeLink(r.Body(), []string{"ProgramTrigger"})
	if err != nil || l.ID <= 0 {
		return r.Fail(entity.Invalidf("id", entity.CodeRequired, ""))
	}
	rec, err := a.Deals.ApplyTrigger(ctx, r.Scope(), r.IDs[0], l.ID)
	return a.answer(ctx, r, rec, err)
}

// possibleTriggers serves GET /deal/{id}/possibleTriggers: the button
// triggers of the deal's state, enabled exactly when the reader may run
// them, else with the reasons.
func (a *HTTP) possibleTriggers(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	rec, err := a.Engine.Get(ctx, sc, "Deal", r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	proc, err := LoadProcess(ctx, a.Engine, sc.Account, rec.Links["program"].ID)
	if err != nil {
		return r.Fail(err)
	}
	opts, err := a.Deals.PossibleTriggers(ctx, sc, rec, proc)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(opts))
	for i, o := range opts {
		out[i] = EncodeTrigger(proc.Program, o.Trigger, o.Reasons, r.Lang())
	}
	return api.OK(out)
}

// programTriggers serves GET /program/{id}/triggers (?type=auto|button):
// the program's triggers in their order.
func (a *HTTP) programTriggers(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Program", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	proc, err := LoadProcess(ctx, a.Engine, r.Scope().Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	typ := r.QueryString("type")
	out := []any{}
	for i := range proc.Triggers {
		if t := &proc.Triggers[i]; typ == "" || t.Type == typ {
			out = append(out, EncodeTrigger(proc.Program, t, nil, r.Lang()))
		}
	}
	return api.OK(out)
}
