package crm

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// clientCount is how many clients of both types the reader sees through a
// filter: one indexed count per type.
func (a *HTTP) clientCount(ctx context.Context, r *api.Request, filter json.RawMessage) (int64, error) {
	var n int64
	for _, typ := range Types {
		page, err := a.Engine.List(ctx, r.Scope(), typ, entity.ListQuery{Filter: filter, Limit: 1, Fields: []string{}}, r.Options())
		if err != nil {
			return 0, err
		}
		n += page.Count
	}
	return n, nil
}
