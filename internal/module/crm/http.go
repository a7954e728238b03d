package crm

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP serves the clients' routes the generic ones do not cover: deleting
// by mode, a company's people, a client's payers, and /contractor, both
// types together.
type HTTP struct {
	Engine *entity.Engine
	Files  Uploader // where exports are kept
	// Imports runs import sessions (/contractorImport).
	Imports *Imports
	// Merges runs the merges too big to make within the call.
	Merges *Merges
}

// Routes registers the clients' routes and wordings.
func (a *HTTP) Routes(rt *api.Routes) {
	for _, typ := range Types {
		endpoint := a.Engine.Cat.Type(typ).Endpoint
		rt.Handle("DELETE /"+endpoint+"/{id}", a.remove(typ))
		rt.Handle("GET /"+endpoint+"/{id}/contacts", a.contacts)
		rt.Handle("GET /"+endpoint+"/{id}/payers", a.payersOf)
		rt.Handle("POST /"+endpoint+"/{id}/payers", a.addPayer)
		a.duplicateRoutes(rt, endpoint)
		rt.Handle("POST /"+endpoint+"/{id}/merge", a.merge)
		rt.Handle("GET /"+endpoint+"/{id}/merge", a.mergeJob)
	}
	rt.Handle("POST /contractor/{id}/merge", a.merge)
	rt.Handle("GET /contractor/{id}/merge", a.mergeJob)
	for _, endpoint := range []string{"contractor", "contractorHuman", "contractorCompany"} {
		rt.Handle("GET /"+endpoint+"/{id}/deals", a.linkedDeals)
		rt.Handle("GET /"+endpoint+"/{id}/deals/extraFields", a.dealFields)
		rt.Handle("GET /"+endpoint+"/{id}/tasks", a.linkedTasks)
		rt.Handle("GET /"+endpoint+"/{id}/invoices", a.linkedInvoices)
		rt.Handle("GET /"+endpoint+"/{id}/todos", a.linkedTodos)
		rt.Handle("POST /"+endpoint+"/{id}/todos", a.addTodo)
	}
	a.duplicateRoutes(rt, "contractor")
	// The rest of /contractor/{id}/… is the person's or company's route.
	rt.Union("contractor", Types...)
	rt.Handle("GET /contractor", a.list)
	// The reference's search of the clients: the same list, q the words.
	rt.Handle("GET /contractor/search", a.list)
	rt.Handle("POST /contractor", a.create)
	rt.Handle("GET /contractor/{id}", a.get)
	rt.Handle("DELETE /contractor/{id}", a.remove(""))
	rt.Handle("GET /contractor/{id}/contacts", a.contacts)
	rt.Handle("GET /contractor/{id}/payers", a.payersOf)
	rt.Handle("POST /contractor/{id}/payers", a.addPayer)
	rt.Handle("GET /crmFilter/export", a.export)
	rt.Handle("GET /country", a.countryList)
	a.importRoutes(rt)
	a.listRoutes(rt)
	a.cardRoutes(rt)
	panel := &api.FilterPanel{Type: "CrmFilter", Href: "/crm/filter/", Lister: a.Engine, Count: a.clientCount}
	for _, f := range SystemFilters {
		panel.Builtin = append(panel.Builtin, api.BuiltinFilter{ID: f.ID, Ru: f.Ru, En: f.En})
	}
	panel.Routes(rt)
	rt.Messages(messages)
}

// remove serves DELETE with a DeleteActionRequest body ({"mode"}); typ ""
// is /contractor, either type.
func (a *HTTP) remove(typ string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		var body struct {
			Mode *string `json:"mode"`
		}
		if len(r.Body()) > 0 && json.Unmarshal(r.Body(), &body) != nil {
			return r.FieldFail("mode", value.CodeType, "string")
		}
		mode := ""
		if body.Mode != nil {
			mode = *body.Mode
		}
		t := typ
		if t == "" {
			rec, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
			if err != nil {
				return r.Fail(err)
			}
			t = rec.Type.Name
		}
		rec, err := Remove(ctx, a.Engine, r.Scope(), t, r.IDs[0], mode)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}

// contacts serves GET …/{id}/contacts: the people whose company is the
// client, as a list of ContractorHuman with the usual list parameters.
func (a *HTTP) contacts(ctx context.Context, r *api.Request) api.Response {
	owner, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery(Human)
	if err != nil {
		return r.Fail(err)
	}
	lq.Where = append(lq.Where, linkIs(a.Engine, Human, "company", owner))
	return r.Page(ctx, Human, lq)
}

func (a *HTTP) get(ctx context.Context, r *api.Request) api.Response {
	rec, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, sel)
}

// create serves POST /contractor: the body's contentType names the type.
func (a *HTTP) create(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	var typ string
	_ = json.Unmarshal(in["contentType"], &typ)
	if typ != Human && typ != Company {
		return r.FieldFail("contentType", value.CodeEnum, Human+", "+Company)
	}
	rec, err := a.Engine.Create(ctx, r.Scope(), typ, in)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// list serves GET /contractor: people and companies in one list.
func (a *HTTP) list(ctx context.Context, r *api.Request) api.Response {
	var after *value.Link
	if raw, ok := r.TakeQuery("pageAfter"); ok && string(raw) != "null" {
		l, err := value.DecodeLink(raw, Types)
		if err != nil {
			return r.FieldFail("pageAfter", entity.CodeBadParam)
		}
		after = &l
	}
	lq, err := r.ListQuery(Human)
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	if sel.Only {
		lq.Fields = sel.Fields
		if lq.Fields == nil {
			lq.Fields = []string{}
		}
	}
	page, err := ListBoth(ctx, a.Engine, r.Scope(), lq, after, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	data, err := a.encode(ctx, r, page.Records, sel)
	if err != nil {
		return r.Fail(err)
	}
	return api.Response{Status: 200, Data: data, Pagination: &api.Pagination{Count: page.Count, Limit: page.Limit,
		HasMoreNext: page.HasMoreNext, HasMorePrev: page.HasMorePrev, CountCapped: page.CountCapped}}
}

// encode renders a mixed page type by type, keeping its order.
func (a *HTTP) encode(ctx context.Context, r *api.Request, recs []*entity.Record, sel entity.Selection) ([]any, error) {
	out := make([]any, len(recs))
	ctx = withFigureBatch(ctx, recs)
	for _, typ := range Types {
		var idx []int
		var group []*entity.Record
		for i, rec := range recs {
			if rec.Type.Name == typ {
				idx, group = append(idx, i), append(group, rec)
			}
		}
		if len(group) == 0 {
			continue
		}
		enc, err := r.Encode(ctx, group, sel)
		if err != nil {
			return nil, err
		}
		for k, i := range idx {
			out[i] = enc[k]
		}
	}
	return out, nil
}
