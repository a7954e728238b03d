package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// handler serves a module route; ids are the numeric segments in order.
type handler func(s *Server, ctx context.Context, c *call, ids []int64) Response

// routeSets holds the module routes beyond the generic entity routes, each
// keyed "METHOD /path" with {id} standing for a numeric segment, e.g.
// "GET /accountInfo" or "POST /employee/{id}/fire". Files add theirs in init.
var routeSets []map[string]handler

// moduleRoute finds the module route of a call.
func moduleRoute(c *call) (handler, []int64) {
	var ids []int64
	key := c.method + " "
	for _, seg := range c.segs {
		if id, ok := parseID(seg); ok {
			ids = append(ids, id)
			seg = "{id}"
		}
		key += "/" + seg
	}
	for _, set := range routeSets {
		if h, ok := set[key]; ok {
			return h, ids
		}
	}
	return nil, nil
}

// dispatch routes one authenticated call. Bulk calls come through here too.
func (s *Server) dispatch(ctx context.Context, c *call) Response {
	segs := c.segs
	if len(segs) == 0 {
		return s.noRoute(c)
	}
	// The licence gate goes before every route; settings ids are names the
	// route table cannot hold (account_gate.go, settings.go).
	if res := s.licenceGate(ctx, c); res != nil {
		return *res
	} else if res := s.settingsRoute(ctx, c); res != nil {
		return *res
	}
	if h, ids := moduleRoute(c); h != nil {
		return h(s, ctx, c, ids)
	}
	switch segs[0] {
	case "bulk":
		if c.method != http.MethodPost {
			return s.methodNotAllowed(c)
		}
		if len(segs) == 1 {
			return s.bulk(ctx, c)
		}
		if len(segs) == 2 && segs[1] == "getEntitiesByLinks" {
			return s.entitiesByLinks(ctx, c)
		}
		return s.noRoute(c)
	case "currentUser":
		if len(segs) == 1 && c.method == http.MethodGet {
			return s.currentUser(ctx, c)
		}
		return s.noRoute(c)
	case "openapi.json":
		if len(segs) != 1 || c.method != http.MethodGet {
			return s.methodNotAllowed(c)
		}
		return Response{Status: http.StatusOK, Data: s.openAPI(c.lang)}
	case "auth":
		if len(segs) == 2 && segs[1] == "logout" && c.method == http.MethodPost {
			if err := s.Auth.End(ctx, c.sc.Account, c.session.ID); err != nil {
				return s.errorResponse(c, err)
			}
			return ok(nil)
		}
		return s.noRoute(c)
	}
	t := s.Cat.ByEndpoint(segs[0])
	if t == nil {
		return s.noRoute(c)
	}
	if len(segs) >= 2 && segs[1] == "extraFields" {
		return s.extraFields(ctx, c, t.Name, segs[2:])
	}
	if len(segs) == 1 {
		switch c.method {
		case http.MethodGet:
			return s.list(ctx, c, t.Name)
		case http.MethodPost:
			return s.create(ctx, c, t.Name)
		}
		return s.methodNotAllowed(c)
	}
	id, okID := parseID(segs[1])
	if !okID {
		return s.noRoute(c)
	}
	switch len(segs) {
	case 2:
		switch c.method {
		case http.MethodGet:
			return s.get(ctx, c, t.Name, id)
		case http.MethodPost, http.MethodPut, http.MethodPatch:
			return s.update(ctx, c, t.Name, id)
		case http.MethodDelete:
			return s.delete(ctx, c, t.Name, id)
		}
		return s.methodNotAllowed(c)
	case 3:
		if segs[2] == "favorite" {
			return s.favorite(ctx, c, t.Name, id)
		}
		switch c.method {
		case http.MethodGet:
			return s.listItems(ctx, c, t.Name, id, segs[2])
		case http.MethodPost:
			return s.addItem(ctx, c, t.Name, id, segs[2])
		}
		return s.methodNotAllowed(c)
	case 5:
		itemID, okItem := parseID(segs[4])
		if c.method != http.MethodDelete || !okItem {
			return s.noRoute(c)
		}
		return s.removeItem(ctx, c, t.Name, id, segs[2], value.Link{Type: segs[3], ID: itemID})
	}
	return s.noRoute(c)
}

func parseID(s string) (int64, bool) {
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

func (s *Server) notFound(c *call) Response {
	return fail(http.StatusNotFound, "not_found", message(c.lang, "not_found"))
}

// noRoute answers a path no route serves. Its type differs from an
// entity's not_found, so a client (and the route walk test) can tell "no
// such call" from "no such entity".
func (s *Server) noRoute(c *call) Response {
	return fail(http.StatusNotFound, "route_not_found", message(c.lang, "route_not_found"))
}

func (s *Server) methodNotAllowed(c *call) Response {
	return fail(http.StatusMethodNotAllowed, "method_not_allowed", message(c.lang, "method_not_allowed"))
}

// errorResponse maps engine and auth errors onto the envelope; anything
// unexpected is logged and answered as a 500 without detail.
func (s *Server) errorResponse(c *call, err error) Response {
	var inv *entity.Invalid
	switch {
	case errors.As(err, &inv):
		res := Response{Status: http.StatusUnprocessableEntity}
		for _, fe := range inv.Errors {
			res.Errors = append(res.Errors, fieldError(c.lang, fe))
		}
		return res
	case errors.Is(err, entity.ErrNotFound):
		return s.notFound(c)
	case errors.Is(err, entity.ErrForbidden):
		return fail(http.StatusForbidden, "access_denied", message(c.lang, "access_denied"))
	case errors.Is(err, auth.ErrBadToken):
		return fail(http.StatusUnauthorized, "unauthorized", message(c.lang, "unauthorized"))
	}
	s.Log.Error("api", "method", c.method, "path", c.segs, "err", err)
	return fail(http.StatusInternalServerError, "internal", message(c.lang, "internal"))
}
