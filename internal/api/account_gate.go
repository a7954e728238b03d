package api

import (
	"context"
	"net/http"

	"github.com/artel/artel/internal/account"
)

// licenceGate refuses every call once the account's licence (or trial) is
// over, except the account pages the web app still needs to show the
// licence-expired page and let an administrator renew: accountInfo (and
// its licence endpoint), currentUser, auth/*, and openapi.json, which holds
// no account data. A bulk call is let through because each of its calls
// comes back through dispatch and meets the gate alone. It answers nil to
// let the call go on.
func (s *Server) licenceGate(ctx context.Context, c *call) *Response {
	if len(c.segs) == 0 {
		return nil
	}
	switch c.segs[0] {
	case "accountInfo", "currentUser", "auth", "openapi.json":
		return nil
	case "bulk":
		if len(c.segs) == 1 {
			return nil
		}
	}
	l, err := account.CachedLicence(ctx, s.DB, c.sc.Account)
	if err != nil {
		res := s.errorResponse(c, err)
		return &res
	}
	if !l.Expired(s.Engine.Now()) {
		return nil
	}
	typ := "licence_expired"
	if l.Trial {
		typ = "trial_expired"
	}
	// The web app opens its licence-expired page on a not-granted error
	// with exactly one of these two messages (spec 000 §8).
	res := fail(http.StatusForbidden, "not_granted", c.say(typ))
	return &res
}
