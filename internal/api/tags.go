package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/tag"
	"github.com/artel/artel/internal/value"
)

// Tags on the types that carry them: the reference's routes per endpoint,
// over internal/module/tag.

// tagEndpoints are the endpoints of types with a tags collection (a test
// checks the list against the catalogue).
var tagEndpoints = []string{"contractorCompany", "contractorHuman", "customLeadForm", "deal", "doc", "project", "task"}

func init() {
	routes := map[string]handler{}
	for _, endpoint := range tagEndpoints {
		routes["POST /"+endpoint+"/{id}/tags"] = tagAttach(endpoint)
		routes["DELETE /"+endpoint+"/{id}/tags/{id}"] = tagDetach(endpoint)
		routes["GET /"+endpoint+"/tags"] = tagVariants
		routes["POST /"+endpoint+"/tags/{id}"] = tagSave
		routes["DELETE /"+endpoint+"/tags/{id}"] = tagDelete
	}
	routeSets = append(routeSets, routes)
	messages[tag.CodeExists] = [2]string{"Такая метка уже существует", "Such a tag already exists"}
}

// tagAttach serves POST /{entity}/{id}/tags with a Tag: a link, or a name
// (found or created).
func tagAttach(endpoint string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		if len(c.body) == 0 {
			return s.errorResponse(c, entity.Invalidf("name", entity.CodeRequired, ""))
		}
		rec, err := s.Tags.Attach(ctx, c.sc, value.Link{Type: s.Cat.ByEndpoint(endpoint).Name, ID: ids[0]}, c.body)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
	}
}

// tagDetach serves DELETE /{entity}/{id}/tags/{tagId}: the tags left.
func tagDetach(endpoint string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		left, err := s.Tags.Detach(ctx, c.sc, value.Link{Type: s.Cat.ByEndpoint(endpoint).Name, ID: ids[0]}, ids[1])
		if err != nil {
			return s.errorResponse(c, err)
		}
		recs := make([]*entity.Record, 0, len(left))
		for _, l := range left {
			if rec, err := s.Engine.Get(ctx, c.sc, "Tag", l.ID); err == nil {
				recs = append(recs, rec)
			}
		}
		list, err := s.encode(ctx, c, recs, entity.Selection{})
		if err != nil {
			return s.errorResponse(c, err)
		}
		return ok(list)
	}
}

// tagVariants serves GET /{entity}/tags?{"name": "..."}: the account's
// tags whose name holds the text, to pick from.
func tagVariants(s *Server, ctx context.Context, c *call, _ []int64) Response {
	name := strings.TrimSpace(queryString(c, "name"))
	delete(c.query, "name")
	lq, err := listQuery(c, "Tag")
	if err != nil {
		return s.errorResponse(c, err)
	}
	if name != "" {
		term, _ := json.Marshal(map[string]any{"contentType": "FilterTermString", "field": "name", "comparison": "contains", "value": name})
		lq.Filter = json.RawMessage(`{"contentType":"FilterTermGroup","join":"and","terms":[` + string(term) + `]}`)
	}
	return s.page(ctx, c, "Tag", lq)
}

func tagSave(s *Server, ctx context.Context, c *call, ids []int64) Response {
	return s.update(ctx, c, "Tag", ids[0])
}

// tagDelete serves DELETE /{entity}/tags/{id}: the tag as it was.
func tagDelete(s *Server, ctx context.Context, c *call, ids []int64) Response {
	before := s.get(ctx, c, "Tag", ids[0])
	if before.Status != http.StatusOK {
		return before
	}
	if err := s.Engine.Delete(ctx, c.sc, "Tag", ids[0]); err != nil {
		return s.errorResponse(c, err)
	}
	return before
}
