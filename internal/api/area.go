package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// Areas: how a business area (internal/module/<area>) serves its own
// routes. The wiring (internal/app) builds each area's value and mounts it;
// nothing is registered from init(), so an area is removed by deleting its
// folder and its Mount argument. docs/architecture.md shows an example.

// Area is the HTTP side of one business area.
type Area interface {
	// Routes registers the area's routes, error wordings and counters.
	Routes(rt *Routes)
}

// Handler serves one area route. It is called inside the API's
// conventions: the caller is authenticated, the body and query are read,
// and the answer goes out in the envelope (or as one item of a bulk call).
type Handler func(ctx context.Context, r *Request) Response

// Download serves a route whose answer is raw bytes rather than an
// envelope (GET and HEAD only, never inside a bulk call). Errors it
// writes with r.Fail(err).Write(w) still come in the envelope.
type Download func(w http.ResponseWriter, hr *http.Request, r *Request)

// Counter is one of the caller's numbers GET /counter reports.
type Counter func(ctx context.Context, sc entity.Scope) (int64, error)

// Routes collects what areas register.
type Routes struct {
	handlers  map[string]Handler
	downloads map[string]Download
	words     wording
	counters  map[string]Counter
	public    map[string]bool
	open      map[string]bool // public routes any site's script may call (cors.go)
	summaries map[string][2]string
	beside    map[string]Handler
	protocols map[string]Protocol
	tokens    TokenAuth
	unions    map[string][]string
}

func newRoutes() *Routes {
	return &Routes{handlers: map[string]Handler{}, downloads: map[string]Download{}, words: wording{}, counters: map[string]Counter{},
		public: map[string]bool{}, open: map[string]bool{}, summaries: map[string][2]string{}, beside: map[string]Handler{}, protocols: map[string]Protocol{},
		unions: map[string][]string{}}
}

// Protocol serves a protocol of its own outside the API's conventions
// (CalDAV, an iCalendar feed), with its own sign-in; account is the one
// the request's host names.
type Protocol func(w http.ResponseWriter, r *http.Request, account int64)

// Protocol registers a handler for every path under prefix (ending in
// "/"), served outside /api.
func (rt *Routes) Protocol(prefix string, p Protocol) {
	if _, dup := rt.protocols[prefix]; dup || !strings.HasSuffix(prefix, "/") || strings.HasPrefix(prefix, "/api/") {
		panic("api: bad or repeated protocol prefix: " + prefix)
	}
	rt.protocols[prefix] = p
}

// Union makes endpoint/{id}/… the route of whichever of types holds the
// id (the reference's /contractor/{id}/comments is a person's or a
// company's), for every call the area does not register itself. The
// types share one id space, so at most one holds an id.
func (rt *Routes) Union(endpoint string, types ...string) { rt.unions[endpoint] = types }

// Handle registers "METHOD /path": a segment {id} stands for a positive
// number (handed over in r.IDs, in order); a first segment {entity}
// stands for any catalogue type's endpoint (r.Type()). An exact path wins
// over {entity}. Registering a pattern twice is a wiring bug and panics
// at start.
func (rt *Routes) Handle(pattern string, h Handler) {
	if _, dup := rt.handlers[pattern]; dup {
		panic("api: route registered twice: " + pattern)
	}
	rt.handlers[pattern] = h
}

// Public registers a route served without sign-in (registration by an
// invite link): the handler's scope has the account and no actor.
func (rt *Routes) Public(pattern string, h Handler) {
	rt.Handle(pattern, h)
	rt.public[pattern] = true
}

// isPublic tells whether a call's route needs no sign-in.
func (rt *Routes) isPublic(c *call) bool {
	if rt == nil {
		return false
	}
	key, _ := routeKey(c.method, c.segs)
	return rt.public[key]
}

// Describe gives a route its OpenAPI summary {ru, en}. A route of the
// reference needs none: its summary comes from the reference's table.
func (rt *Routes) Describe(pattern string, summary [2]string) { rt.summaries[pattern] = summary }

// Download registers a GET (and HEAD) route answered with raw bytes.
func (rt *Routes) Download(path string, d Download) { rt.downloads["GET "+path] = d }

// Raw registers a route of any method ("PATCH /file/upload/{id}") whose
// body is not read by the server but streamed by d (a resumable upload's
// chunk); its answer is d's too.
func (rt *Routes) Raw(pattern string, d Download) { rt.downloads[pattern] = d }

// Messages adds error wordings {ru, en} by error type. A type already
// worded (by the conventions or an earlier area) keeps its wording.
func (rt *Routes) Messages(m map[string][2]string) {
	for k, v := range m {
		if _, taken := messages[k]; taken {
			continue
		}
		if _, taken := rt.words[k]; !taken {
			rt.words[k] = v
		}
	}
}

// Counter adds a field to GET /counter's answer.
func (rt *Routes) Counter(field string, fn Counter) { rt.counters[field] = fn }

// Mount registers areas' routes. It is called by the wiring before the
// server takes requests.
func (s *Server) Mount(areas ...Area) {
	if s.areas == nil {
		s.areas = newRoutes()
	}
	for _, a := range areas {
		a.Routes(s.areas)
	}
}

// areaRoute finds the area route of a call by its key (routeKey): its
// handler, and the type of an {entity} segment.
func (s *Server) areaRoute(c *call, key string) (Handler, *catalog.Type) {
	if s.areas == nil || len(c.segs) == 0 {
		return nil, nil
	}
	if h, ok := s.areas.handlers[key]; ok {
		return h, nil
	}
	if t := s.Cat.ByEndpoint(c.segs[0]); t != nil {
		generic := c.method + " /{entity}" + strings.TrimPrefix(key, c.method+" /"+c.segs[0])
		if h, ok := s.areas.handlers[generic]; ok {
			return h, t
		}
	}
	return nil, nil
}

// unionRoute serves a call on a union's endpoint (Routes.Union) as the
// same call on the endpoint of the type holding its id; ok is false when
// the call is no such one.
func (s *Server) unionRoute(ctx context.Context, c *call) (res Response, ok bool) {
	if s.areas == nil || len(c.segs) < 2 {
		return Response{}, false
	}
	types := s.areas.unions[c.segs[0]]
	id, isID := parseID(c.segs[1])
	if len(types) == 0 || !isID {
		return Response{}, false
	}
	for _, typ := range types {
		if _, err := s.Engine.Get(ctx, c.sc, typ, id); err == nil {
			as := *c
			as.segs = append([]string{s.Cat.Type(typ).Endpoint}, c.segs[1:]...)
			return s.dispatch(ctx, &as), true
		}
	}
	return s.notFound(c), true
}

// routeKey is a call's "METHOD /path" with numbers replaced by {id}.
func routeKey(method string, segs []string) (string, []int64) {
	var ids []int64
	var b strings.Builder
	b.WriteString(method)
	b.WriteByte(' ')
	for _, seg := range segs {
		if id, ok := parseID(seg); ok {
			ids = append(ids, id)
			seg = "{id}"
		}
		b.WriteByte('/')
		b.WriteString(seg)
	}
	return b.String(), ids
}

// downloadRoute finds the raw-bytes route of a GET or HEAD request.
func (s *Server) downloadRoute(hr *http.Request, c *call) (Download, []int64) {
	if s.areas == nil {
		return nil, nil
	}
	method := hr.Method
	if method == http.MethodHead {
		method = http.MethodGet
	}
	key, ids := routeKey(method, c.segs)
	return s.areas.downloads[key], ids
}

// wording is the areas' error wordings (none before Mount).
func (rt *Routes) wording() wording {
	if rt == nil {
		return nil
	}
	return rt.words
}
