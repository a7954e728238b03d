package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/value"
)

// App tokens: an installed application (internal/module/integration)
// calls API v3 with a bearer token of its own. The token acts as the
// employee who installed the app, narrowed to the app's scopes, so an
// app never sees more than its installer and never more than it asked
// for at install.

// AppGrant is what an app token allows.
type AppGrant struct {
	App    int64      // the installed application's id
	Actor  value.Link // the employee the app acts as
	Scopes []string   // "<endpoint>:read" or "<endpoint>:write"
}

// TokenAuth finds the grant of an app token, or fails (any error: 401).
type TokenAuth func(ctx context.Context, account int64, token string) (*AppGrant, error)

// AppTokens registers the area that knows app tokens (one at most).
func (rt *Routes) AppTokens(fn TokenAuth) { rt.tokens = fn }

// App is the grant of an app's call, nil for a person's.
func (r *Request) App() *AppGrant { return r.c.app }

// Allows tells whether the grant covers a call of method to the route
// whose first segment is first: write covers every method, read only
// GET and HEAD.
func (g *AppGrant) Allows(method, first string) bool {
	read := method == http.MethodGet || method == http.MethodHead
	for _, s := range g.Scopes {
		ep, access, _ := strings.Cut(s, ":")
		if ep == first && (access == "write" || access == "read" && read) {
			return true
		}
	}
	return false
}

// outOfScope answers 403 when an app's call is outside its scopes; a
// bulk call is checked item by item (its items come through dispatch).
func outOfScope(c *call) *Response {
	if c.app == nil || len(c.segs) == 1 && c.segs[0] == "bulk" {
		return nil
	}
	// Who the app acts as (GET /currentUser) is always allowed; the
	// installer's password and sessions (/currentUser/...) never are.
	if len(c.segs) == 1 && c.segs[0] == "currentUser" && c.method == http.MethodGet {
		return nil
	}
	if len(c.segs) > 1 && c.segs[0] == "currentUser" || len(c.segs) == 0 {
		res := fail(http.StatusForbidden, "app_scope", c.say("app_scope"))
		return &res
	}
	if c.app.Allows(c.method, c.segs[0]) {
		return nil
	}
	res := fail(http.StatusForbidden, "app_scope", c.say("app_scope"))
	return &res
}
