package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/value"
)

// The signed-in user's own credentials and sessions.

func passwordNoSession(c *call) (Response, bool) {
	if c.session != nil {
		return Response{}, false
	}
	return fail(http.StatusUnauthorized, "unauthorized", c.say("unauthorized")), true
}

// passwordChange is POST /currentUser/password {oldPassword, newPassword}.
// Every other session of the user ends, so whoever knew the old password
// is signed out; the calling session stays.
func passwordChange(s *Server, ctx context.Context, c *call, _ []int64) Response {
	if res, none := passwordNoSession(c); none {
		return res
	}
	var req struct {
		OldPassword string `json:"oldPassword"`
		NewPassword string `json:"newPassword"`
	}
	if len(c.body) == 0 || json.Unmarshal(c.body, &req) != nil {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	res := Response{Status: http.StatusUnprocessableEntity}
	if req.OldPassword == "" {
		res.Errors = append(res.Errors, ErrorEntry{Field: "oldPassword", Type: "required", Message: c.say("required")})
	}
	if req.NewPassword == "" {
		res.Errors = append(res.Errors, ErrorEntry{Field: "newPassword", Type: "required", Message: c.say("required")})
	}
	if len(res.Errors) > 0 {
		return res
	}
	err := s.Auth.ChangePassword(ctx, c.sc.Account, c.sc.Actor, req.OldPassword, req.NewPassword, c.session.ID, "")
	var th *auth.ThrottledError
	switch {
	case errors.As(err, &th):
		secs := strconv.Itoa(th.RetrySeconds())
		res := fail(http.StatusTooManyRequests, "too_many_requests", c.say("too_many_requests", secs))
		res.Data = map[string]any{"retryAfter": th.RetrySeconds()}
		return res
	case errors.Is(err, auth.ErrWrongPassword):
		return fieldFail(c, "oldPassword", "wrong_password")
	case errors.Is(err, auth.ErrWeakPassword):
		return fieldFail(c, "newPassword", "password_not_secure")
	case err != nil:
		return s.errorResponse(c, err)
	}
	return ok(value.EncodeLink(c.sc.Actor))
}

// passwordSessions lists the caller's live sessions, newest first; current
// marks the one making the call.
func passwordSessions(s *Server, ctx context.Context, c *call, _ []int64) Response {
	if res, none := passwordNoSession(c); none {
		return res
	}
	list, err := s.Auth.Sessions(ctx, c.sc.Account, c.sc.Actor)
	if err != nil {
		return s.errorResponse(c, err)
	}
	out := make([]any, 0, len(list))
	for _, si := range list {
		out = append(out, map[string]any{"contentType": "Session", "id": itoa(si.ID), "kind": si.Kind,
			"created": value.DateTime{}.Encode(si.Created.UnixMilli(), c.opt),
			"expires": value.DateTime{}.Encode(si.Expires.UnixMilli(), c.opt),
			"ip":      si.IP, "userAgent": si.UserAgent, "current": si.ID == c.session.ID})
	}
	return ok(out)
}

// passwordEndSession ends one of the caller's sessions (the current one
// too: that is a sign-out). Another user's session id is a 404.
func passwordEndSession(s *Server, ctx context.Context, c *call, ids []int64) Response {
	if res, none := passwordNoSession(c); none {
		return res
	}
	err := s.Auth.EndOwn(ctx, c.sc.Account, c.sc.Actor, ids[0])
	if errors.Is(err, auth.ErrBadToken) {
		return s.notFound(c)
	}
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(nil)
}
