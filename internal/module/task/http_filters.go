package task

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/entity"
)

// The task filter panel: the built-in filters and the reader's saved
// ones, each with the number of tasks it finds for this reader; and the
// favourites the "favorites" filter reads.

func (a *HTTP) taskFilters(ctx context.Context, r *api.Request) api.Response {
	out := []any{}
	for _, f := range SystemFilters {
		one, err := a.systemFilterJSON(ctx, r, f)
		if err != nil {
			return r.Fail(err)
		}
		out = append(out, one)
	}
	saved, err := a.Engine.List(ctx, r.Scope(), "TaskFilter", entity.ListQuery{Limit: entity.MaxLimit}, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	list, err := r.Encode(ctx, saved.Records, entity.Selection{})
	if err != nil {
		return r.Fail(err)
	}
	for i, rec := range saved.Records {
		n, err := a.taskCount(ctx, r, fmt.Sprintf(`{"contentType":"TaskFilter","id":"%d"}`, rec.ID))
		if err != nil {
			return r.Fail(err)
		}
		m := list[i].(map[string]any)
		m["count"] = n
		out = append(out, m)
	}
	return api.Response{Status: http.StatusOK, Data: out}
}

func (a *HTTP) taskSystemFilter(f SystemFilter) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		one, err := a.systemFilterJSON(ctx, r, f)
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(one)
	}
}

func (a *HTTP) systemFilterJSON(ctx context.Context, r *api.Request, f SystemFilter) (map[string]any, error) {
	link, _ := json.Marshal(map[string]any{"contentType": "TaskFilter", "id": f.ID})
	n, err := a.taskCount(ctx, r, string(link))
	if err != nil {
		return nil, err
	}
	return map[string]any{"contentType": "TaskFilter", "id": f.ID, "title": f.Title(r.Lang()), "count": n,
		"href": "/task/filter/" + f.ID, "shared": false, "owner": nil, "config": nil, "availableActions": []string{},
		"isSystem": true, "userFields": []string{}, "userSortby": []any{}}, nil
}

// taskCount is how many tasks the reader sees through a filter.
func (a *HTTP) taskCount(ctx context.Context, r *api.Request, filter string) (int64, error) {
	page, err := a.Engine.List(ctx, r.Scope(), "Task", entity.ListQuery{Filter: json.RawMessage(filter), Limit: 1}, r.Options())
	if err != nil {
		return 0, err
	}
	return page.Count, nil
}
