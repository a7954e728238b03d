package realtime

import (
	"context"
	"errors"
	"strings"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/value"
)

// authenticate finds the user behind a connection's token: the live-socket
// token AccountInfo gives (ecometToken), or a session token (a bearer
// token or the cookie's value). session is 0 for a live-socket token.
func (h *Hub) authenticate(ctx context.Context, acc int64, token, ip string) (user value.Link, session int64, err error) {
	if token == "" {
		return user, 0, errUnauthorized
	}
	if err := h.cfg.Auth.CheckIP(ctx, acc, ip); err != nil {
		if errors.Is(err, auth.ErrIPNotAllowed) {
			return user, 0, errUnauthorized
		}
		return user, 0, err
	}
	// Live-socket tokens are "<Type>.<id>.<time>.<mac>"; session tokens
	// are base64url and hold no dot.
	if strings.Count(token, ".") != 3 {
		ses, err := h.cfg.Auth.Authenticate(ctx, acc, token)
		if errors.Is(err, auth.ErrBadToken) {
			return user, 0, errUnauthorized
		}
		if err != nil {
			return user, 0, err
		}
		return ses.Subject, ses.ID, nil
	}
	user, err = account.VerifyEcometToken(ctx, h.cfg.DB, acc, token, h.now())
	if errors.Is(err, account.ErrBadEcometToken) {
		return user, 0, errUnauthorized
	}
	if err != nil {
		return user, 0, err
	}
	// The token outlives sign-outs by design (it is derived, not stored),
	// so it is honoured only while its user may sign in and still has a
	// live session somewhere: signing out everywhere revokes it too.
	bans, err := h.cfg.Auth.Bans(ctx, acc, user)
	if err != nil {
		return user, 0, err
	}
	live, err := h.cfg.Auth.Sessions(ctx, acc, user)
	if err != nil {
		return user, 0, err
	}
	if len(bans) > 0 || len(live) == 0 {
		return user, 0, errUnauthorized
	}
	return user, 0, nil
}
