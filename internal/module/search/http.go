// Package search is the search across every area at once: GET
// /api/v3/search (the reference's route) answers the types users open as
// cards, one SearchGroup per type with matches, each item a SearchResult
// with the matched text highlighted. The finding is the engine's
// (entity.Engine.Search over the full-text index, rights applied); this
// package picks the types, reads the parameters and highlights.
package search

import (
	"context"
	"encoding/json"
	"unicode/utf8"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/fulltext"
)

// HTTP serves the search route.
type HTTP struct {
	Engine *entity.Engine
}

// groups are the types searched when contentTypes is not given, in the
// order their groups are answered: work first, then people and clients,
// then texts, comments last (a comment's card is its subject's).
var groups = []string{"Task", "Project", "Deal", "ContractorHuman", "ContractorCompany", "Employee",
	"Doc", "Todo", "Topic", "KnowledgeArticle", "Milestone", "Offer", "Invoice", "Department", "Comment"}

// Limits of the parameters.
const (
	defaultLimit = 5
	maxLimit     = 50
	maxQuery     = 200 // characters; longer text is not a search
)

// Routes registers GET /search.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /search", a.search)
}

// params are the route's parameters, checked.
type params struct {
	q     string
	limit int
	types []string
}

func (a *HTTP) read(r *api.Request) (params, *api.Response) {
	p := params{limit: defaultLimit}
	bad := func(field string) (params, *api.Response) {
		res := r.FieldFail(field, entity.CodeBadParam)
		return p, &res
	}
	raw, ok := r.Query("q")
	if !ok || json.Unmarshal(raw, &p.q) != nil || utf8.RuneCountInString(p.q) > maxQuery {
		return bad("q")
	}
	if raw, ok := r.Query("limit"); ok && string(raw) != "null" {
		if json.Unmarshal(raw, &p.limit) != nil || p.limit < 1 {
			return bad("limit")
		}
		p.limit = min(p.limit, maxLimit)
	}
	p.types = groups
	if raw, ok := r.Query("contentTypes"); ok && string(raw) != "null" {
		// Read into a slice of its own: decoding into p.types while it is
		// groups would overwrite the package's list.
		var types []string
		if json.Unmarshal(raw, &types) != nil || len(types) == 0 {
			return bad("contentTypes")
		}
		p.types = types
		for _, name := range p.types {
			if t := a.Engine.Cat.Type(name); t == nil || len(t.Search) == 0 {
				return bad("contentTypes")
			}
		}
	}
	return p, nil
}

func (a *HTTP) search(ctx context.Context, r *api.Request) api.Response {
	p, fail := a.read(r)
	if fail != nil {
		return *fail
	}
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	terms := fulltext.Query(p.q)
	out := []any{}
	if len(terms) == 0 {
		return api.OK(out)
	}
	seen := map[string]bool{}
	for _, name := range p.types {
		if seen[name] {
			continue
		}
		seen[name] = true
		found, err := a.Engine.Search(ctx, r.Scope(), name, p.q, p.limit, r.Options())
		if err != nil {
			return r.Fail(err)
		}
		if found.Total == 0 {
			continue
		}
		models, err := r.Encode(ctx, found.Records, sel)
		if err != nil {
			return r.Fail(err)
		}
		items := make([]any, len(found.Records))
		for i, rec := range found.Records {
			items[i] = result(rec, models[i], terms, r.Lang())
		}
		out = append(out, map[string]any{"contentType": "SearchGroup", "type": name,
			"totalItemsCount": found.Total, "items": items})
	}
	return api.OK(out)
}
