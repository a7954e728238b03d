package crm

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// crmFilters serves GET /crmFilter: the built-in client filters, then the
// reader's saved ones, each with how many clients (of both types) the
// reader sees through it, as the task filters do.
func (a *HTTP) crmFilters(ctx context.Context, r *api.Request) api.Response {
	out := []any{}
	for _, f := range SystemFilters {
		one, err := a.systemFilterJSON(ctx, r, f)
		if err != nil {
			return r.Fail(err)
		}
		out = append(out, one)
	}
	saved, err := a.Engine.List(ctx, r.Scope(), "CrmFilter", entity.ListQuery{Limit: entity.MaxLimit}, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	list, err := r.Encode(ctx, saved.Records, entity.Selection{})
	if err != nil {
		return r.Fail(err)
	}
	for i, rec := range saved.Records {
		n, err := a.clientCount(ctx, r, fmt.Sprintf(`{"contentType":"CrmFilter","id":"%d"}`, rec.ID))
		if err != nil {
			return r.Fail(err)
		}
		m := list[i].(map[string]any)
		m["count"] = n
		out = append(out, m)
	}
	return api.OK(out)
}

func (a *HTTP) crmSystemFilter(f SystemFilter) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		one, err := a.systemFilterJSON(ctx, r, f)
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(one)
	}
}

func (a *HTTP) systemFilterJSON(ctx context.Context, r *api.Request, f SystemFilter) (map[string]any, error) {
	link, _ := json.Marshal(map[string]any{"contentType": "CrmFilter", "id": f.ID})
	n, err := a.clientCount(ctx, r, string(link))
	if err != nil {
		return nil, err
	}
	return map[string]any{"contentType": "CrmFilter", "id": f.ID, "title": f.Title(r.Lang()), "count": n,
		"href": "/crm/filter/" + f.ID, "shared": false, "owner": nil, "config": nil, "availableActions": []string{},
		"isSystem": true, "userFields": []string{}, "userSortby": []any{}}, nil
}

// clientCount is how many clients of both types the reader sees through a
// filter: one indexed count per type.
func (a *HTTP) clientCount(ctx context.Context, r *api.Request, filter string) (int64, error) {
	var n int64
	for _, typ := range Types {
		page, err := a.Engine.List(ctx, r.Scope(), typ, entity.ListQuery{Filter: json.RawMessage(filter), Limit: 1, Fields: []string{}}, r.Options())
		if err != nil {
			return 0, err
		}
		n += page.Count
	}
	return n, nil
}
