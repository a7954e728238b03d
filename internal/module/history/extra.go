package history

import (
	"context"
	"sort"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// changedExtras journals the account's own fields (x_extra) a save
// changed, under the names the API gives them (CustomField…), in their
// API form. The definitions are read only when the save wrote an extra
// field, so most saves pay no query for them.
func changedExtras(ctx context.Context, e *entity.Engine, c *entity.Change, rec *entity.Record) ([]Entry, error) {
	if len(c.Extra) == 0 {
		return nil, nil
	}
	defs, err := e.ExtraFields(ctx, c.Scope, c.Type.Name)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, x := range defs {
		if _, written := c.Extra[x.Name]; !written {
			continue
		}
		kind := x.Value()
		var old any
		if c.Old != nil {
			old = c.Old.Extra[x.Name]
		}
		// As with built-in flags, an unset boolean reads as false.
		if _, isBool := kind.(value.Bool); isBool && old == nil {
			old = int64(0)
		}
		out = appendChange(out, x.Name, kind.Encode(old, value.Options{}), kind.Encode(rec.Extra[x.Name], value.Options{}))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out, nil
}
