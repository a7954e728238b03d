package api

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// FilterPanel is the panel of a filter type (GET /taskFilter,
// /crmFilter): the built-in filters, then the reader's saved ones, each
// with how many entities the reader sees through it. An area fills it in
// and registers it with Routes.
type FilterPanel struct {
	Type    string // the filter type, "TaskFilter"
	Href    string // the web app's address of a filter, before its id: "/task/filter/"
	Builtin []BuiltinFilter
	// Count is how many entities the reader sees through a filter (a link
	// to a built-in or saved one, as the list's filter parameter takes).
	Count  func(ctx context.Context, r *Request, filter json.RawMessage) (int64, error)
	Lister *entity.Engine // reads the saved filters
}

// BuiltinFilter is one built-in filter of a panel, named in ru and en.
type BuiltinFilter struct{ ID, Ru, En string }

// Routes registers GET /{filterType} and GET /{filterType}/{builtin id}.
func (p *FilterPanel) Routes(rt *Routes) {
	endpoint := "/" + strings.ToLower(p.Type[:1]) + p.Type[1:]
	rt.Handle("GET "+endpoint, p.list)
	for _, f := range p.Builtin {
		rt.Handle("GET "+endpoint+"/"+f.ID, func(ctx context.Context, r *Request) Response {
			one, err := p.builtin(ctx, r, f)
			if err != nil {
				return r.Fail(err)
			}
			return OK(one)
		})
	}
}

func (p *FilterPanel) list(ctx context.Context, r *Request) Response {
	out := []any{}
	for _, f := range p.Builtin {
		one, err := p.builtin(ctx, r, f)
		if err != nil {
			return r.Fail(err)
		}
		out = append(out, one)
	}
	saved, err := p.Lister.List(ctx, r.Scope(), p.Type, entity.ListQuery{Limit: entity.MaxLimit}, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	list, err := r.Encode(ctx, saved.Records, entity.Selection{})
	if err != nil {
		return r.Fail(err)
	}
	for i, rec := range saved.Records {
		n, err := p.Count(ctx, r, p.link(fmt.Sprint(rec.ID)))
		if err != nil {
			return r.Fail(err)
		}
		m := list[i].(map[string]any)
		m["count"] = n
		out = append(out, m)
	}
	return OK(out)
}

func (p *FilterPanel) builtin(ctx context.Context, r *Request, f BuiltinFilter) (map[string]any, error) {
	n, err := p.Count(ctx, r, p.link(f.ID))
	if err != nil {
		return nil, err
	}
	title := f.Ru
	if r.Lang() == "en" {
		title = f.En
	}
	return map[string]any{"contentType": p.Type, "id": f.ID, "title": title, "count": n,
		"href": p.Href + f.ID, "shared": false, "owner": nil, "config": nil, "availableActions": []string{},
		"isSystem": true, "userFields": []string{}, "userSortby": []any{}}, nil
}

func (p *FilterPanel) link(id string) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"contentType": p.Type, "id": id})
	return b
}
