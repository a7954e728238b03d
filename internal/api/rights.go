package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/value"
)

// Rights groups: administrators list and edit them at /api/v3/rightsGroup.

func (s *Server) denied(c *call) Response {
	return fail(http.StatusForbidden, "access_denied", c.say("access_denied"))
}

func groupJSON(g *rights.Group) map[string]any {
	members := make([]any, len(g.Members))
	for i, m := range g.Members {
		members[i] = value.EncodeLink(m)
	}
	return map[string]any{"contentType": "RightsGroup", "id": itoa(g.ID), "name": g.Name, "actions": g.Actions,
		"everyone": g.Everyone, "isSystem": g.Key != "", "members": members}
}

func (s *Server) rightsGroups(ctx context.Context, c *call, _ []int64) Response {
	if !c.sc.Admin {
		return s.denied(c)
	}
	groups, err := s.Rights.Groups(ctx, c.sc.Account)
	if err != nil {
		return s.errorResponse(c, err)
	}
	out := make([]any, len(groups))
	for i, g := range groups {
		out[i] = groupJSON(g)
	}
	return Response{Status: http.StatusOK, Data: out, Pagination: &Pagination{Count: int64(len(out)), Limit: len(out)}}
}

func (s *Server) saveRightsGroup(ctx context.Context, c *call, ids []int64) Response {
	if !c.sc.Admin {
		return s.denied(c)
	}
	var req struct {
		Name     string            `json:"name"`
		Actions  []string          `json:"actions"`
		Everyone bool              `json:"everyone"`
		Members  []json.RawMessage `json:"members"`
	}
	if len(c.body) == 0 || json.Unmarshal(c.body, &req) != nil {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	if req.Name == "" {
		return s.errorResponse(c, entity.Invalidf("name", entity.CodeRequired, ""))
	}
	g := &rights.Group{Name: req.Name, Actions: req.Actions, Everyone: req.Everyone}
	if len(ids) == 1 {
		g.ID = ids[0]
	}
	for _, raw := range req.Members {
		l, err := value.DecodeLink(raw, []string{"Employee"})
		if err != nil {
			return s.errorResponse(c, entity.Invalidf("members", value.CodeType, ""))
		}
		if _, err := s.Engine.Get(ctx, c.sc, l.Type, l.ID); err != nil {
			return s.errorResponse(c, entity.Invalidf("members", entity.CodeLinkNotFound, l.Type))
		}
		g.Members = append(g.Members, l)
	}
	err := s.Rights.Save(ctx, c.sc.Account, g)
	var unknown rights.ErrUnknownAction
	switch {
	case errors.As(err, &unknown):
		return s.errorResponse(c, entity.Invalidf("actions", value.CodeEnum, unknown.Action))
	case errors.Is(err, rights.ErrNoGroup):
		return s.notFound(c)
	case err != nil:
		return s.errorResponse(c, err)
	}
	return ok(groupJSON(g))
}

func (s *Server) deleteRightsGroup(ctx context.Context, c *call, ids []int64) Response {
	if !c.sc.Admin {
		return s.denied(c)
	}
	if err := s.Rights.Delete(ctx, c.sc.Account, ids[0]); errors.Is(err, rights.ErrNoGroup) {
		return s.notFound(c)
	} else if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(nil)
}

func (s *Server) rightsActions(_ context.Context, _ *call, _ []int64) Response {
	return ok(rights.AllActions)
}
