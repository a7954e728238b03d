package api

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// includedHeader asks for the entities an answer links to beside its data,
// each once, as API v3 clients that render a list in one request do.
const includedHeader = "X-Use-Included-Response"

func wantsIncluded(r *http.Request) bool {
	return strings.EqualFold(strings.TrimSpace(r.Header.Get(includedHeader)), "true")
}

// include fills res.Included with the entities res.Data links to, with
// their default list fields, each once in the order first linked; the
// links in data stay bare {contentType, id}. Entities the reader cannot
// see are left out, as in bulk/getEntitiesByLinks. A bulk answer is left
// alone: each of its calls has its own.
func (s *Server) include(ctx context.Context, c *call, res *Response) {
	if res.Status != http.StatusOK {
		return
	}
	if _, isBulk := res.Data.([]bulkItem); isBulk {
		return
	}
	var links []value.Link
	seen := map[value.Link]bool{}
	add := func(l value.Link) {
		if !seen[l] {
			seen[l] = true
			links = append(links, l)
		}
	}
	switch d := res.Data.(type) {
	case []any:
		for _, item := range d {
			linksIn(item, add)
		}
	default:
		linksIn(d, add)
	}
	included, err := s.byLinks(ctx, c, links, entity.Selection{})
	if err != nil {
		*res = s.errorResponse(c, err)
		return
	}
	res.Included = included
}

// linksIn calls add for every link inside an encoded entity's fields, in
// field name order so the answer is the same each time.
func linksIn(v any, add func(value.Link)) {
	switch x := v.(type) {
	case value.LinkJSON:
		add(value.Link(x))
	case []any:
		for _, item := range x {
			linksIn(item, add)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			linksIn(x[k], add)
		}
	}
}
