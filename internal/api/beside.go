package api

import (
	"context"
	"net/http"
	"strings"
)

// Routes beside /api/v3: the few calls the reference serves elsewhere
// under /api/ (POST /api/file), registered by their areas and served in
// the same conventions. Every other path under /api/ is a JSON 404.

// Beside registers a route the reference serves under /api/ but outside
// /api/v3 ("POST /api/file", its upload of several files): the pattern
// is the whole path, {id} as in Handle. It is served in the conventions
// of /api/v3 (sign-in, body, envelope), though never inside a bulk call.
func (rt *Routes) Beside(pattern string, h Handler) {
	if _, dup := rt.beside[pattern]; dup {
		panic("api: route registered twice: " + pattern)
	}
	rt.beside[pattern] = h
}

// besideRoute finds the Beside route of a request outside /api/v3.
func (rt *Routes) besideRoute(hr *http.Request) Handler {
	if rt == nil {
		return nil
	}
	key, _ := routeKey(hr.Method, strings.Split(strings.Trim(hr.URL.Path, "/"), "/"))
	return rt.beside[key]
}

// apiBeside serves an area's Beside route, and answers the JSON 404 for
// any other path under /api/.
func (s *Server) apiBeside(w http.ResponseWriter, r *http.Request) {
	if h := s.areas.besideRoute(r); h != nil {
		s.serveAPI(w, r, h)
		return
	}
	s.apiNoRoute(w, r)
}

// serveBeside answers a Beside route behind the same licence gate as
// every /api/v3 route.
func (s *Server) serveBeside(ctx context.Context, c *call, h Handler) Response {
	if res := s.licenceGate(ctx, c); res != nil {
		return *res
	}
	_, ids := routeKey(c.method, c.segs)
	return h(ctx, &Request{IDs: ids, s: s, c: c})
}
