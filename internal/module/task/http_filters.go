package task

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// taskCount is how many tasks the reader sees through a filter: the count
// of the task filter panel (api.FilterPanel).
func (a *HTTP) taskCount(ctx context.Context, r *api.Request, filter json.RawMessage) (int64, error) {
	page, err := a.Engine.List(ctx, r.Scope(), "Task", entity.ListQuery{Filter: filter, Limit: 1}, r.Options())
	if err != nil {
		return 0, err
	}
	return page.Count, nil
}
