// Package api serves /api/v3 in the conventions of API v3: the data+meta
// envelope, JSON query parameters, keyset lists, bulk calls and link
// objects. Handlers are thin: decode, call the engine or a module, answer
// with one envelope helper.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/httpin"
	"github.com/artel/artel/internal/metrics"
	"github.com/artel/artel/internal/realip"
	"github.com/artel/artel/internal/realtime"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// MaxBody is the largest request body accepted.
const MaxBody = 32 << 20

// Server holds what the API needs.
type Server struct {
	DB       *store.DB
	Cat      *catalog.Catalog
	Engine   *entity.Engine
	Auth     *auth.Service
	Accounts *auth.Accounts
	Rights   *rights.Service
	// Realtime is the live socket, served at /ecomet/websocket and /comet/.
	Realtime *realtime.Hub
	// StorageQuota is each account's file space in bytes, 0 for none.
	StorageQuota int64
	// StorageUsed is how many bytes an account's files take (AccountInfo).
	StorageUsed func(ctx context.Context, account int64) (int64, error)
	// Tickers are modules' background work, which the job runner
	// (internal/app, Jobs) runs.
	Tickers []Ticker
	Version string
	Log     *slog.Logger
	// Web serves everything outside the API: the embedded web app.
	Web http.Handler
	// Metrics, when set, is served at GET /metrics and counts every request.
	Metrics *metrics.Metrics
	// MetricsToken, when set, is the bearer token /metrics requires.
	MetricsToken string
	// Proxies are the reverse proxies whose X-Forwarded-For names the
	// visitor (realip); none by default.
	Proxies realip.Proxies
	// Admission bounds the API calls that work at once (nil: no bound).
	Admission *Admission

	openapi sync.Map // language -> generated document
	areas   *Routes  // what the mounted areas registered
}

// Ticker is work to run every period, from Start to Stop of the jobs:
// on one node at a time through River, or, EachNode, on every node to
// the second (work that claims its rows atomically, as reminders do).
type Ticker struct {
	Name     string
	Every    time.Duration
	EachNode bool
	Run      func(ctx context.Context, now time.Time) error
}

// Handler is the whole HTTP surface of the binary.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("/api/v3/", s.apiV3)
	// Nothing else under /api/ is the web app's: an API client gets the
	// JSON envelope, whatever the method, not the app's HTML page. The
	// areas' Beside routes are the only calls served there.
	mux.HandleFunc("/api/", s.apiBeside)
	// The telephony widget's calls live at /BumsCall/ (spec 001 §7.1),
	// served in the same conventions as the Beside routes.
	mux.HandleFunc("/BumsCall/", s.apiBeside)
	mux.HandleFunc("POST /call/currentOptions.json", s.apiBeside)
	mux.HandleFunc("GET /logout", s.logoutPage)
	mux.HandleFunc("POST /logout", s.logoutPage)
	mux.HandleFunc("POST /profileBatch", s.profileBatch)
	if s.Metrics != nil {
		// Outside /api/v3 and its accounts: the scraper is the operator's,
		// not a user's, so it has its own optional token.
		mux.Handle("GET /metrics", s.Metrics.Handler(s.MetricsToken))
	}
	if s.areas != nil {
		for prefix, p := range s.areas.protocols {
			mux.Handle(prefix, s.protocol(p))
		}
	}
	if s.Web != nil {
		mux.Handle("/", s.Web)
	}
	// The recoverer sits inside the request log, so a panic's 500 is
	// logged and counted like any other answer.
	return s.Proxies.Handler(s.withRealtime(s.logRequests(s.recoverer(gzipped(mux)))))
}

// protocol serves an area's Protocol for the account of the request's host.
func (s *Server) protocol(p Protocol) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		account, err := s.Accounts.Resolve(r.Host)
		if err != nil {
			http.Error(w, "unknown account", http.StatusNotFound)
			return
		}
		p(w, r, account)
	})
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.DB.Ping(ctx); err != nil {
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

// call is one API call, from HTTP or from inside a bulk request.
type call struct {
	method  string
	segs    []string
	query   map[string]json.RawMessage
	body    json.RawMessage
	sc      entity.Scope
	lang    string
	opt     value.Options
	session *auth.Session
	files   []httpin.File
	host    string  // the request's Host, for answers that name this server
	https   bool    // the request came over TLS, here or at a proxy (X-Forwarded-Proto)
	ip      string  // the sender's address (the connection's, not a header's)
	words   wording // the mounted areas' error wordings
	// included asks for the linked entities beside the data (included.go).
	included bool
	// beacon marks a call sent by navigator.sendBeacon, which cannot set
	// headers: no CSRF header, so only harmless writes may allow it.
	beacon bool
	// app is the grant of an installed app's token (apptoken.go).
	app *AppGrant
}

func (s *Server) apiV3(w http.ResponseWriter, r *http.Request) { s.serveAPI(w, r, nil) }

// serveAPI serves one HTTP call in the conventions: beside, when set, is
// the Beside route that answers it instead of the /api/v3 routes.
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request, beside Handler) {
	lang := language(r.Header.Get("Accept-Language"))
	account, err := s.Accounts.Resolve(r.Host)
	if err != nil {
		fail(http.StatusNotFound, "not_found", message(lang, "not_found")).write(w)
		return
	}
	c := &call{method: r.Method, segs: splitPath(r.URL.Path), lang: lang, opt: value.Options{Location: timeZone(r)}, host: r.Host,
		https: r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https"),
		ip:    clientIP(r), words: s.areas.wording(), included: wantsIncluded(r)}
	c.sc.Account, c.sc.Lang = account, lang
	if s.crossOrigin(w, r, c.segs) {
		return
	}
	if c.query, err = httpin.ParseQuery(r.URL.RawQuery); err != nil {
		inputError(lang, err).write(w)
		return
	}
	if len(c.segs) == 2 && c.segs[0] == "auth" && c.segs[1] == "access_token" {
		s.accessToken(w, r, account)
		return
	}
	raw, _ := s.downloadRoute(r, c)
	if r.Method != http.MethodGet && r.Method != http.MethodHead && (raw == nil || beside != nil) {
		body, err := httpin.ReadBody(w, r, MaxBody)
		if err != nil {
			inputError(lang, err).write(w)
			return
		}
		c.body, c.files = httpin.NoParams(body.JSON), body.Files
	}
	if len(c.segs) == 2 && c.segs[0] == "auth" && c.segs[1] == "login" && r.Method == http.MethodPost {
		s.login(w, r, account, lang, c.body)
		return
	}
	// The API description and the areas' public routes need no sign-in.
	public := len(c.segs) == 1 && c.segs[0] == "openapi.json" || s.areas.isPublic(c)
	// The slot is taken once the body is in and given back before the
	// answer goes out, so a slow client holds none.
	leave := s.Admission.enter(r.Context())
	if !public {
		if res, ok := s.authenticate(r, c); !ok {
			leave()
			res.write(w)
			return
		}
	}
	if res := outOfScope(c); res != nil {
		leave()
		res.write(w)
		return
	}
	if d, ids := s.downloadRoute(r, c); d != nil && beside == nil {
		leave()
		d(w, r, &Request{IDs: ids, s: s, c: c})
		return
	}
	var res Response
	if beside != nil {
		res = s.serveBeside(r.Context(), c, beside)
	} else {
		res = s.dispatch(r.Context(), c)
	}
	if c.included {
		s.include(r.Context(), c, &res)
	}
	body := res.encode()
	leave()
	body.send(w)
}

func (s *Server) apiNoRoute(w http.ResponseWriter, r *http.Request) {
	lang := language(r.Header.Get("Accept-Language"))
	fail(http.StatusNotFound, "route_not_found", message(lang, "route_not_found")).write(w)
}

// splitPath returns the segments after /api/v3/, ignoring a trailing slash.
func splitPath(p string) []string {
	p = strings.Trim(strings.TrimPrefix(p, "/api/v3"), "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// language picks the reply language from Accept-Language: English when it
// comes first, Russian otherwise.
func language(h string) string {
	for _, part := range strings.Split(h, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case strings.HasPrefix(tag, "en"):
			return "en"
		case strings.HasPrefix(tag, "ru"), tag == "*":
			return "ru"
		}
	}
	return "ru"
}

// timeZone reads the client's offset from UTC in seconds.
func timeZone(r *http.Request) *time.Location {
	for _, h := range []string{"X-Timezone-Offset", "X-Time-Zone-Offset", "Timezone-Offset"} {
		v := r.Header.Get(h)
		if v == "" {
			continue
		}
		off, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || off < -14*3600 || off > 14*3600 {
			return nil
		}
		return time.FixedZone("", off)
	}
	return nil
}

func inputError(lang string, err error) Response {
	var he *httpin.Error
	if errors.As(err, &he) {
		return fail(he.Status, he.Code, message(lang, he.Code))
	}
	return fail(http.StatusBadRequest, "malformed_query", message(lang, "malformed_query"))
}
