package loadgen

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

type page struct {
	Meta struct {
		Status     int `json:"status"`
		Pagination *struct {
			Count int64 `json:"count"`
		} `json:"pagination"`
	} `json:"meta"`
	Data []json.RawMessage `json:"data"`
}

// Check sends one request of each read kind and checks the answers' shape
// (a full page, meta.pagination.count, 100 entities by link), so a
// measurement never times answers that are fast because they are wrong.
// It returns the task count the list reports.
func (a *API) Check(ctx context.Context) (int64, error) {
	var total int64
	w := &Worker{Rand: rand.New(rand.NewPCG(9, 9))}
	for _, path := range []string{firstPage, "/api/v3/task" + Q(map[string]any{"limit": 25, "pageAfter": link("Task", a.A.TaskFirst+100)})} {
		out, err := a.C.Do(ctx, "GET", path, nil)
		if err != nil {
			return 0, err
		}
		var p page
		if err := json.Unmarshal(out, &p); err != nil || p.Meta.Pagination == nil || len(p.Data) != 25 {
			return 0, fmt.Errorf("check %s: want 25 items and meta.pagination, got %.200s", path, out)
		}
		total = p.Meta.Pagination.Count
	}
	if total < a.A.TaskLast-a.A.TaskFirst+1 {
		return 0, fmt.Errorf("check: the list counts %d tasks, the data set has %d", total, a.A.TaskLast-a.A.TaskFirst+1)
	}
	links := make([]any, 100)
	for i := range links {
		links[i] = link("Task", a.task(w.Rand))
	}
	out, err := a.C.Do(ctx, "POST", "/api/v3/bulk/getEntitiesByLinks", map[string]any{"links": links})
	if err != nil {
		return 0, err
	}
	var p page
	if err := json.Unmarshal(out, &p); err != nil || len(p.Data) != 100 {
		return 0, fmt.Errorf("check getEntitiesByLinks: want 100 entities, got %d (%v)", len(p.Data), err)
	}
	for _, op := range []Op{a.ListFiltered, a.Search, a.Get, a.Bulk5} {
		if err := op(ctx, w); err != nil {
			return 0, fmt.Errorf("check: %w", err)
		}
	}
	return total, nil
}
