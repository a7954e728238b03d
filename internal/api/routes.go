package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// handler serves a route of the conventions; ids are the numeric
// segments in order.
type handler func(s *Server, ctx context.Context, c *call, ids []int64) Response

// coreRoutes are the platform's own routes beyond the generic entity
// routes: the account, the signed-in user, menu, features, rights groups,
// settings pages' data. Business areas register theirs through Mount.
// Keys are "METHOD /path" with {id} standing for a numeric segment.
var coreRoutes = map[string]handler{
	"GET /accountInfo":                  (*Server).accountInfo,
	"POST /accountInfo/licence":         (*Server).setLicence,
	"POST /currentUser/password":        passwordChange,
	"GET /currentUser/sessions":         passwordSessions,
	"DELETE /currentUser/sessions/{id}": passwordEndSession,
	"GET /menu":                         (*Server).menu,
	"GET /menu/defaultUrl":              (*Server).menuDefaultURL,
	"GET /catalog":                      (*Server).catalog,
	"GET /feature":                      (*Server).featureList,
	"POST /feature":                     (*Server).featureSwitch,
	"POST /feature/verifyFeature":       (*Server).featureVerify,
	"POST /feature/handleTestDrive":     (*Server).featureTestDrive,
	"POST /feature/giveBackTestDrive":   (*Server).featureGiveBack,
	"GET /rightsGroup":                  (*Server).rightsGroups,
	"POST /rightsGroup":                 (*Server).saveRightsGroup,
	"POST /rightsGroup/{id}":            (*Server).saveRightsGroup,
	"DELETE /rightsGroup/{id}":          (*Server).deleteRightsGroup,
	"GET /rightsGroup/actions":          (*Server).rightsActions,
	"GET /counter":                      (*Server).counter,
	"GET /profiling":                    (*Server).profilingSummary,
	"GET /security/ipAllowList":         securityIPAllowList,
	"POST /security/ipAllowList":        securityIPAllowList,
}

// dispatch routes one authenticated call. Bulk calls come through here too.
func (s *Server) dispatch(ctx context.Context, c *call) Response {
	segs := c.segs
	if len(segs) == 0 {
		return s.noRoute(c)
	}
	// The licence gate goes before every route; settings ids are names the
	// route table cannot hold (account_gate.go, settings.go).
	if res := outOfScope(c); res != nil {
		return *res
	} else if res := s.licenceGate(ctx, c); res != nil {
		return *res
	} else if res := s.settingsRoute(ctx, c); res != nil {
		return *res
	}
	key, ids := routeKey(c.method, segs)
	if h, ok := coreRoutes[key]; ok {
		return h(s, ctx, c, ids)
	}
	if h, t := s.areaRoute(c, key); h != nil {
		return h(ctx, &Request{IDs: ids, s: s, c: c, t: t})
	}
	if res, ok := s.unionRoute(ctx, c); ok {
		return res
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
			return s.inSpace(ctx, c, t, id, func(typeName string) Response { return s.get(ctx, c, typeName, id) })
		case http.MethodPost, http.MethodPut, http.MethodPatch:
			return s.inSpace(ctx, c, t, id, func(typeName string) Response { return s.update(ctx, c, typeName, id) })
		case http.MethodDelete:
			return s.inSpace(ctx, c, t, id, func(typeName string) Response { return s.delete(ctx, c, typeName, id) })
		}
		return s.methodNotAllowed(c)
	case 3:
		switch c.method {
		case http.MethodGet:
			return s.listItems(ctx, c, t.Name, id, segs[2])
		case http.MethodPost:
			return s.addItem(ctx, c, t.Name, id, segs[2])
		}
		return s.methodNotAllowed(c)
	case 4:
		itemID, okItem := parseID(segs[3])
		if c.method != http.MethodDelete || !okItem {
			return s.noRoute(c)
		}
		return s.removeItemByID(ctx, c, t.Name, id, segs[2], itemID)
	case 5:
		itemID, okItem := parseID(segs[4])
		if c.method != http.MethodDelete || !okItem {
			return s.noRoute(c)
		}
		return s.removeItem(ctx, c, t.Name, id, segs[2], value.Link{Type: segs[3], ID: itemID})
	}
	return s.noRoute(c)
}

// inSpace serves a call on /{type}/{id}, and when the type answers for
// its whole id space (/task/{id} of a project, catalog.Type.SpaceUnion)
// and holds no such id, serves it as the type of the space that does. A
// refused call wrote nothing, so it may be served again.
func (s *Server) inSpace(ctx context.Context, c *call, t *catalog.Type, id int64, serve func(typeName string) Response) Response {
	res := serve(t.Name)
	if res.Status != http.StatusNotFound || !t.SpaceUnion {
		return res
	}
	for _, other := range t.IDSpace {
		if other == t.Name {
			continue
		}
		if _, err := s.Engine.Get(ctx, c.sc, other, id); err == nil {
			return serve(other)
		}
	}
	return res
}

func parseID(s string) (int64, bool) {
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

func (s *Server) notFound(c *call) Response {
	return fail(http.StatusNotFound, "not_found", c.say("not_found"))
}

// noRoute answers a path no route serves. Its type differs from an
// entity's not_found, so a client (and the route walk test) can tell "no
// such call" from "no such entity".
func (s *Server) noRoute(c *call) Response {
	return fail(http.StatusNotFound, "route_not_found", message(c.lang, "route_not_found"))
}

func (s *Server) methodNotAllowed(c *call) Response {
	return fail(http.StatusMethodNotAllowed, "method_not_allowed", c.say("method_not_allowed"))
}

// errorResponse maps engine and auth errors onto the envelope; anything
// unexpected is logged and answered as a 500 without detail.
func (s *Server) errorResponse(c *call, err error) Response {
	var inv *entity.Invalid
	var denied *entity.Denied
	switch {
	case errors.As(err, &denied):
		var field any
		if denied.Field != "" {
			field = denied.Field
		}
		return Response{Status: http.StatusForbidden, Errors: []ErrorEntry{{Field: field, Message: denied.Text(c.lang), Type: denied.Code}}}
	case errors.As(err, &inv):
		res := Response{Status: http.StatusUnprocessableEntity}
		for _, fe := range inv.Errors {
			res.Errors = append(res.Errors, c.fieldError(fe))
		}
		return res
	case errors.Is(err, entity.ErrNotFound):
		return s.notFound(c)
	case errors.Is(err, entity.ErrForbidden):
		return fail(http.StatusForbidden, "access_denied", c.say("access_denied"))
	case errors.Is(err, auth.ErrBadToken):
		return fail(http.StatusUnauthorized, "unauthorized", c.say("unauthorized"))
	}
	s.Log.Error("api", "method", c.method, "path", c.segs, "err", err)
	return fail(http.StatusInternalServerError, "internal", c.say("internal"))
}
