package crm

import (
	"context"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// listRoutes serves the reference's reads of the client types and
// statuses, in the administrator's order, and their delete with a
// replacement (the generic routes create and change them).
func (a *HTTP) listRoutes(rt *api.Routes) {
	for _, endpoint := range []string{"contractor", "contractorHuman", "contractorCompany", "contractorType"} {
		rt.Handle("GET /"+endpoint+"/types", a.listOf(TypeList))
	}
	rt.Handle("GET /contractorType", a.listOf(TypeList))
	rt.Handle("GET /contractorStatus", a.listOf(StatusList))
	rt.Handle("DELETE /contractorType/{id}", a.deleteListItem(TypeList))
	rt.Handle("DELETE /contractorStatus/{id}", a.deleteListItem(StatusList))
}

// listOf answers a list with the usual parameters, by orderPosition
// unless sortBy says otherwise.
func (a *HTTP) listOf(typ string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		lq, err := r.ListQuery(typ)
		if err != nil {
			return r.Fail(err)
		}
		if len(lq.Sort) == 0 {
			lq.Sort = []entity.SortField{{Field: "orderPosition"}}
		}
		return r.Page(ctx, typ, lq)
	}
}

// deleteListItem serves DELETE with an optional body {"replaceWith": link}
// (or the same in the query, as a client without DELETE bodies sends it):
// the clients (and lead forms) naming the item move to that one first.
func (a *HTTP) deleteListItem(typ string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, bad := r.Input()
		if bad != nil {
			return *bad
		}
		raw := in["replaceWith"]
		if q, ok := r.TakeQuery("replaceWith"); ok && len(raw) == 0 {
			raw = q
		}
		var to *value.Link
		if len(raw) > 0 && string(raw) != "null" {
			l, err := value.DecodeLink(raw, []string{typ})
			if err != nil {
				return r.FieldFail("replaceWith", value.CodeType, typ)
			}
			to = &l
		}
		rec, err := a.Engine.Get(ctx, r.Scope(), typ, r.IDs[0])
		if err != nil {
			return r.Fail(err)
		}
		if err := DeleteListItem(ctx, a.Engine, r.Scope(), typ, r.IDs[0], to); err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}
