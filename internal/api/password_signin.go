package api

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/auth"
)

// The sign-in refusals beyond a wrong password, shared by the token
// endpoint (OAuth-style bodies) and the cookie login (the envelope).

// signInRefused answers the token endpoint for a throttled, out-of-list or
// blocked sign-in; false leaves err to the caller.
func signInRefused(w http.ResponseWriter, err error) bool {
	var th *auth.ThrottledError
	switch {
	case errors.As(err, &th):
		w.Header().Set("Retry-After", strconv.Itoa(th.RetrySeconds()))
		writeJSON(w, http.StatusTooManyRequests, map[string]any{"error": "too_many_requests",
			"error_description": "too many failed sign-ins, retry after " + strconv.Itoa(th.RetrySeconds()) + " s",
			"retry_after":       th.RetrySeconds()})
	case errors.Is(err, auth.ErrIPNotAllowed):
		writeJSON(w, http.StatusForbidden, tokenError{"NotGranted", auth.IPNotAllowedMessage})
	case errors.Is(err, auth.ErrBlocked):
		writeJSON(w, http.StatusUnauthorized, tokenError{"invalid_grant", "the user is blocked or dismissed"})
	default:
		return false
	}
	return true
}

// loginRefused is signInRefused for the cookie login: the envelope, with
// the seconds to wait in data.retryAfter and in the Retry-After header.
func loginRefused(w http.ResponseWriter, lang string, err error) (Response, bool) {
	var th *auth.ThrottledError
	switch {
	case errors.As(err, &th):
		secs := strconv.Itoa(th.RetrySeconds())
		w.Header().Set("Retry-After", secs)
		res := fail(http.StatusTooManyRequests, "too_many_requests", message(lang, "too_many_requests", secs))
		res.Data = map[string]any{"retryAfter": th.RetrySeconds()}
		return res, true
	case errors.Is(err, auth.ErrIPNotAllowed):
		return fail(http.StatusForbidden, "NotGranted", auth.IPNotAllowedMessage), true
	case errors.Is(err, auth.ErrBlocked):
		return fail(http.StatusUnauthorized, "user_blocked", message(lang, "user_blocked")), true
	}
	return Response{}, false
}
