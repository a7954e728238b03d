package task

import (
	"context"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/entity"
)

// Negotiation (visa) tasks over HTTP, with the reference's routes. The
// rules are internal/module/task/negotiation*.go; see docs/tasks.md.
// GET /task/{id}/negotiationItems is the generic reverse-collection list.

// negotiationAddItem serves POST /task/{id}/negotiationItems with a
// NegotiationItem whose actualVersion carries the first version's text.
func (a *HTTP) negotiationAddItem(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	return a.negotiationAnswer(ctx, r)(AddItem(ctx, a.Engine, r.Scope(), r.IDs[0], in))
}

// negotiationVisa serves POST /negotiation/{id}/approve and /reject with
// a NegotiationVisa {comment?}; it answers the NegotiationItem.
func (a *HTTP) negotiationVisa(ok bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		return a.negotiationAnswer(ctx, r)(GiveVisa(ctx, a.Engine, r.Scope(), r.IDs[0], ok, in))
	}
}

// negotiationAddVersion serves POST /negotiation/{id}/version with a
// NegotiationItemVersion {text?, attache?}; it answers the new version.
func (a *HTTP) negotiationAddVersion(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	return a.negotiationAnswer(ctx, r)(AddVersion(ctx, a.Engine, r.Scope(), r.IDs[0], in))
}

// negotiationEditVersion serves POST /negotiationItemVersion/{id}: it
// stands in for the generic update, so only text and attache change.
func (a *HTTP) negotiationEditVersion(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	return a.negotiationAnswer(ctx, r)(EditVersion(ctx, a.Engine, r.Scope(), r.IDs[0], in))
}

// negotiationDeleteItem serves DELETE /negotiationItem/{id}.
func (a *HTTP) negotiationDeleteItem(ctx context.Context, r *api.Request) api.Response {
	if err := DeleteItem(ctx, a.Engine, r.Scope(), r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(nil)
}

// negotiationAnswer encodes the record in full, as GET would.
func (a *HTTP) negotiationAnswer(ctx context.Context, r *api.Request) func(*entity.Record, error) api.Response {
	return func(rec *entity.Record, err error) api.Response {
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}
