package crm

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// More of the reference's reads about clients: a client's tasks still in
// work, the filters a client is in, and the people given guest access.

func (a *HTTP) cardRoutes(rt *api.Routes) {
	for _, endpoint := range []string{"contractor", "contractorHuman", "contractorCompany"} {
		rt.Handle("GET /"+endpoint+"/{id}/actualTasks", a.actualTasks)
		rt.Handle("GET /"+endpoint+"/{id}/groups", a.groups)
	}
	rt.Handle("GET /contractorHuman/guests", a.guests)
}

// taskKinds are TaskResultTypeFilter's types, as the task list's built-in
// filters.
var taskKinds = map[string]string{"active": "actual", "completed": "completed"}

// actualTasks serves GET …/{id}/actualTasks: the client's tasks still in
// work, or of the kinds its filters (TaskResultTypeFilter[]) name.
func (a *HTTP) actualTasks(ctx context.Context, r *api.Request) api.Response {
	kinds := []string{"active"}
	if raw, ok := r.TakeQuery("filters"); ok && string(raw) != "null" {
		var fs []struct {
			Types []string `json:"types"`
		}
		if json.Unmarshal(raw, &fs) != nil {
			return r.FieldFail("filters", value.CodeType, "TaskResultTypeFilter[]")
		}
		kinds = nil
		for _, f := range fs {
			for _, k := range f.Types {
				if taskKinds[k] == "" {
					return r.FieldFail("filters", value.CodeEnum, "active, completed")
				}
				kinds = append(kinds, k)
			}
		}
	}
	var conds []entity.Condition
	for _, k := range kinds {
		c, err := a.Engine.Where(ctx, r.Scope(), "Task", json.RawMessage(fmt.Sprintf(`{"contentType":"TaskFilter","id":%q}`, taskKinds[k])), value.Options{})
		if err != nil {
			return r.Fail(err)
		}
		conds = append(conds, c)
	}
	return a.linked(ctx, r, "Task", func(owner *entity.Record, _ int64) entity.Condition {
		own := linkIs(a.Engine, "Task", "contractor", owner)
		if len(conds) == 0 {
			return own
		}
		either := anyOf(conds)
		return entity.Condition{SQL: own.SQL + " AND (" + either.SQL + ")", Args: append(slices.Clone(own.Args), either.Args...)}
	})
}

// anyOf joins conditions with OR.
func anyOf(conds []entity.Condition) entity.Condition {
	out := entity.Condition{}
	for i, c := range conds {
		if i > 0 {
			out.SQL += " OR "
		}
		out.SQL += "(" + c.SQL + ")"
		out.Args = append(out.Args, c.Args...)
	}
	return out
}

// groups serves GET …/{id}/groups: the reader's saved client filters the
// client is in and, with withFixedFilters, the built-in ones too.
func (a *HTTP) groups(ctx context.Context, r *api.Request) api.Response {
	fixed := false
	if raw, ok := r.TakeQuery("withFixedFilters"); ok && string(raw) != "null" && json.Unmarshal(raw, &fixed) != nil {
		return r.FieldFail("withFixedFilters", value.CodeType, "boolean")
	}
	client, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	sc := r.Scope()
	holds := func(filter string) (bool, error) {
		c, err := a.Engine.Where(ctx, sc, client.Type.Name, json.RawMessage(filter), value.Options{})
		if err != nil {
			return false, err
		}
		self := entity.Condition{SQL: client.Type.Table + ".id = ?", Args: []any{client.ID}}
		p, err := a.Engine.List(ctx, sc, client.Type.Name, entity.ListQuery{Where: []entity.Condition{c, self}, Limit: 1, Fields: []string{}}, value.Options{})
		return err == nil && len(p.Records) > 0, err
	}
	var out []any
	if fixed {
		for _, f := range SystemFilters {
			in, err := holds(fmt.Sprintf(`{"contentType":"CrmFilter","id":%q}`, f.ID))
			if err != nil {
				return r.Fail(err)
			}
			if in {
				out = append(out, map[string]any{"contentType": "CrmFilter", "id": f.ID, "name": f.Title(r.Lang())})
			}
		}
	}
	saved, err := a.Engine.List(ctx, sc, "CrmFilter", entity.ListQuery{Limit: entity.MaxLimit}, value.Options{})
	if err != nil {
		return r.Fail(err)
	}
	var in []*entity.Record
	for _, f := range saved.Records {
		ok, err := holds(fmt.Sprintf(`{"contentType":"CrmFilter","id":"%d"}`, f.ID))
		if err != nil {
			return r.Fail(err)
		}
		if ok {
			in = append(in, f)
		}
	}
	enc, err := r.Encode(ctx, in, entity.Selection{})
	if err != nil {
		return r.Fail(err)
	}
	out = append(out, enc...)
	if out == nil {
		out = []any{}
	}
	return api.Response{Status: 200, Data: out}
}

// guests serves GET /contractorHuman/guests: the people with guest access.
func (a *HTTP) guests(ctx context.Context, r *api.Request) api.Response {
	lq, err := r.ListQuery(Human)
	if err != nil {
		return r.Fail(err)
	}
	t := a.Engine.Cat.Type(Human)
	lq.Where = append(lq.Where, entity.Condition{SQL: "COALESCE(" + t.Table + "." + t.Field("isGuestAccessEnabled").Column + ", 0) = 1"})
	return r.Page(ctx, Human, lq)
}
