// Package apitest is the HTTP scenario harness every module's API tests
// use: a real server over a real, fresh database (SQLite, and PostgreSQL
// when ARTEL_TEST_POSTGRES is set), driven over real HTTP.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/store/storetest"
)

// Admin credentials of the harness account.
const (
	AdminLogin    = "admin@example.com"
	AdminPassword = "correct horse battery"
)

// Harness is one running server with a signed-in administrator.
type Harness struct {
	T       testing.TB
	URL     string
	Srv     *api.Server
	DB      *store.DB
	Account int64
	Token   string // the administrator's bearer token
	events  *recorder
}

// New starts a server on a fresh database of the dialect.
func New(t testing.TB, dialect string) *Harness {
	t.Helper()
	db := storetest.Open(t, dialect)
	ctx := context.Background()
	srv, err := app.Build(ctx, db, catalog.MustLoad(), "test", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	fs, err := auth.Bootstrap(ctx, srv.Accounts, srv.Engine, AdminLogin, AdminPassword)
	if err != nil || fs == nil {
		t.Fatalf("bootstrap: %v", err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	h := &Harness{T: t, URL: ts.URL, Srv: srv, DB: db, Account: fs.Account, events: &recorder{}}
	srv.Engine.Bus.Subscribe(h.events.add)
	h.Token = h.SignIn(AdminLogin, AdminPassword)
	return h
}

// Each runs fn with a fresh harness per database.
func Each(t *testing.T, fn func(t *testing.T, h *Harness)) {
	storetest.Each(t, func(t *testing.T, dialect string) { fn(t, New(t, dialect)) })
}

// SignIn gets a bearer token by password.
func (h *Harness) SignIn(login, password string) string {
	h.T.Helper()
	r := h.Do("POST", "/api/v3/auth/access_token", Req{Form: map[string]string{
		"grant_type": "password", "username": login, "password": password}, NoAuth: true})
	tok, _ := r.JSON["access_token"].(string)
	if r.Status != 200 || tok == "" {
		h.T.Fatalf("sign in %s: %d %s", login, r.Status, r.Body)
	}
	return tok
}

// Req is one request. Body is sent as JSON unless it is a string (sent
// as is, with ContentType) or Form is set.
type Req struct {
	Body        any
	Form        map[string]string
	ContentType string
	Headers     map[string]string
	Token       string // overrides the administrator's token
	NoAuth      bool
	Host        string
}

// Resp is a decoded answer.
type Resp struct {
	Status int
	Header http.Header
	Body   []byte
	JSON   map[string]any
}

// Data returns the envelope's data.
func (r *Resp) Data() any { return r.JSON["data"] }

// Obj returns data as an object.
func (r *Resp) Obj() map[string]any { m, _ := r.JSON["data"].(map[string]any); return m }

// List returns data as a list of objects.
func (r *Resp) List() []map[string]any {
	raw, _ := r.JSON["data"].([]any)
	out := make([]map[string]any, 0, len(raw))
	for _, x := range raw {
		m, _ := x.(map[string]any)
		out = append(out, m)
	}
	return out
}

// Meta returns the envelope's meta.
func (r *Resp) Meta() map[string]any { m, _ := r.JSON["meta"].(map[string]any); return m }

// Errors returns meta.errors.
func (r *Resp) Errors() []map[string]any {
	raw, _ := r.Meta()["errors"].([]any)
	out := make([]map[string]any, 0, len(raw))
	for _, x := range raw {
		m, _ := x.(map[string]any)
		out = append(out, m)
	}
	return out
}

// Do sends one request to the server.
func (h *Harness) Do(method, path string, req Req) *Resp {
	h.T.Helper()
	var body io.Reader
	ct := req.ContentType
	switch {
	case req.Form != nil:
		vals := make([]string, 0, len(req.Form))
		for k, v := range req.Form {
			vals = append(vals, urlEscape(k)+"="+urlEscape(v))
		}
		body, ct = strings.NewReader(strings.Join(vals, "&")), "application/x-www-form-urlencoded"
	case req.Body != nil:
		if s, ok := req.Body.(string); ok {
			body = strings.NewReader(s)
		} else {
			b, err := json.Marshal(req.Body)
			if err != nil {
				h.T.Fatal(err)
			}
			body = bytes.NewReader(b)
		}
		if ct == "" {
			ct = "application/json"
		}
	}
	r, err := http.NewRequest(method, h.URL+path, body)
	if err != nil {
		h.T.Fatalf("request %s %s: %v", method, path, err)
	}
	if ct != "" {
		r.Header.Set("Content-Type", ct)
	}
	if !req.NoAuth {
		tok := req.Token
		if tok == "" {
			tok = h.Token
		}
		r.Header.Set("Authorization", "Bearer "+tok)
	}
	for k, v := range req.Headers {
		r.Header.Set(k, v)
	}
	if req.Host != "" {
		r.Host = req.Host
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		h.T.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	out := &Resp{Status: res.StatusCode, Header: res.Header, Body: b}
	_ = json.Unmarshal(b, &out.JSON)
	return out
}

// Events returns the entity events published so far and forgets them.
func (h *Harness) Events() []entity.Event { return h.events.take() }

type recorder struct {
	mu   sync.Mutex
	list []entity.Event
}

func (r *recorder) add(ev entity.Event) { r.mu.Lock(); r.list = append(r.list, ev); r.mu.Unlock() }

func (r *recorder) take() []entity.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.list
	r.list = nil
	return out
}
