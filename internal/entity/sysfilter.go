package entity

import (
	"context"
	"encoding/json"
)

// SystemFilter is a built-in filter with a name for an id ("actual",
// "mine"): a condition over the filtered type's table that depends on who
// asks, so it is computed per call rather than stored as a config.
type SystemFilter struct {
	ID    string
	Where func(ctx context.Context, sc Scope) (Condition, error)
	// Buckets, when set, says Where is exactly "the type's kept bucket is
	// one of these" (internal/access, Spec.Bucket), so a list through the
	// filter counts from the kept counts.
	Buckets []string
}

// AddSystemFilter registers a built-in filter of a filter type (TaskFilter).
func (e *Engine) AddSystemFilter(filterType string, f SystemFilter) {
	if e.sysFilters == nil {
		e.sysFilters = map[string][]SystemFilter{}
	}
	e.sysFilters[filterType] = append(e.sysFilters[filterType], f)
}

// SystemFilters lists a filter type's built-in filters in their order.
func (e *Engine) SystemFilters(filterType string) []SystemFilter { return e.sysFilters[filterType] }

// systemFilter resolves a link whose id names a built-in filter.
func (e *Engine) systemFilter(ctx context.Context, sc Scope, filterType string, raw json.RawMessage) (Condition, bool, error) {
	var l struct {
		ID json.RawMessage `json:"id"`
	}
	var name string
	if json.Unmarshal(raw, &l) != nil || json.Unmarshal(l.ID, &name) != nil {
		return Condition{}, false, nil
	}
	for _, f := range e.sysFilters[filterType] {
		if f.ID == name {
			cond, err := f.Where(ctx, sc)
			if cond.SQL == "" {
				cond.SQL = "1 = 1"
			}
			return cond, true, err
		}
	}
	return Condition{}, false, nil
}
