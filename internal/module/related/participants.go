package related

import (
	"context"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// participants serves GET /{endpoint}/{id}/allParticipants: everyone the
// entity's role fields name, each once, in the order of Participants
// (a group as the group). Those the reader cannot see are left out; the
// entity itself unseen is 404.
func (a *HTTP) participants(name string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		sc := r.Scope()
		rec, err := a.Engine.Get(ctx, sc, name, r.IDs[0])
		if err != nil {
			return r.Fail(err)
		}
		fields := Participants[name]
		if err := a.Engine.Expand(ctx, sc, []*entity.Record{rec}, entity.Selection{Fields: fields, Only: true}); err != nil {
			return r.Fail(err)
		}
		var order []value.Link
		seen := map[value.Link]bool{}
		for _, f := range fields {
			links := rec.Many[f]
			if l, ok := rec.Links[f]; ok {
				links = []value.Link{l}
			}
			for _, l := range links {
				if !seen[l] {
					seen[l] = true
					order = append(order, l)
				}
			}
		}
		out, err := a.encodeLinks(ctx, r, order)
		if err != nil {
			return r.Fail(err)
		}
		return api.Response{Status: 200, Data: out, Pagination: &api.Pagination{Count: int64(len(out)), Limit: len(out)}}
	}
}

// encodeLinks reads the linked entities under the reader's rights, one
// query per type, and encodes them in the links' order.
func (a *HTTP) encodeLinks(ctx context.Context, r *api.Request, links []value.Link) ([]any, error) {
	sel, err := r.Selection(false)
	if err != nil {
		return nil, err
	}
	byType := map[string][]int64{}
	for _, l := range links {
		byType[l.Type] = append(byType[l.Type], l.ID)
	}
	encoded := map[value.Link]any{}
	for typ, ids := range byType {
		recs, err := a.Engine.GetMany(ctx, r.Scope(), typ, ids)
		if err != nil {
			return nil, err
		}
		items, err := r.Encode(ctx, recs, sel)
		if err != nil {
			return nil, err
		}
		for i, rec := range recs {
			encoded[rec.Link()] = items[i]
		}
	}
	out := []any{}
	for _, l := range links {
		if v, ok := encoded[l]; ok {
			out = append(out, v)
		}
	}
	return out, nil
}
