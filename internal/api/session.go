package api

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/httpin"
	"github.com/artel/artel/internal/rights"
)

// Cookie names of a browser session. The CSRF cookie is readable by the
// web app, which echoes it in X-CSRF-Token on every non-GET request.
const (
	SessionCookie = "artel_session"
	CSRFCookie    = "artel_csrf"
	CSRFHeader    = "X-CSRF-Token"
)

// authenticate finds the caller's session: a bearer header, an
// access_token in the query JSON, or the session cookie (which also needs
// the CSRF token on anything but GET).
func (s *Server) authenticate(r *http.Request, c *call) (Response, bool) {
	token, viaCookie := bearer(r), false
	if raw, ok := c.query["access_token"]; ok {
		var t string
		if json.Unmarshal(raw, &t) == nil && token == "" {
			token = t
		}
		delete(c.query, "access_token")
	}
	if token == "" {
		if ck, err := r.Cookie(SessionCookie); err == nil {
			token, viaCookie = ck.Value, true
		}
	}
	ses, err := s.Auth.Authenticate(r.Context(), c.sc.Account, token)
	if err != nil && !viaCookie && token != "" && s.areas != nil && s.areas.tokens != nil {
		return s.appAuthenticate(r, c, token)
	}
	if err != nil {
		return fail(http.StatusUnauthorized, "unauthorized", c.say("unauthorized")), false
	}
	if viaCookie && !c.beacon && r.Method != http.MethodGet && r.Method != http.MethodHead &&
		subtle.ConstantTimeCompare([]byte(r.Header.Get(CSRFHeader)), []byte(ses.CSRF)) != 1 {
		return fail(http.StatusForbidden, "csrf", c.say("csrf")), false
	}
	// The allow-list holds for every call, not only sign-in: a session
	// opened inside it does not outlive a move outside it.
	if err := s.Auth.CheckIP(r.Context(), c.sc.Account, clientIP(r)); err != nil {
		return fail(http.StatusForbidden, "NotGranted", auth.IPNotAllowedMessage), false
	}
	c.session, c.sc.Actor = ses, ses.Subject
	if err := s.Rights.Fill(r.Context(), &c.sc); errors.Is(err, rights.ErrNoGuestAccess) {
		return fail(http.StatusUnauthorized, "unauthorized", c.say("unauthorized")), false
	} else if err != nil {
		return s.errorResponse(c, err), false
	}
	return Response{}, true
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

type tokenError struct {
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

// accessToken is the OAuth-style token endpoint of API v3.
func (s *Server) accessToken(w http.ResponseWriter, r *http.Request, account int64) {
	if r.Method != http.MethodPost {
		writeJSON(w, http.StatusMethodNotAllowed, tokenError{"invalid_request", "use POST"})
		return
	}
	body, err := httpin.ReadBody(w, r, 1<<20)
	var req struct {
		GrantType    string `json:"grant_type"`
		Username     string `json:"username"`
		Password     string `json:"password"`
		RefreshToken string `json:"refresh_token"`
	}
	if err != nil || len(body.JSON) == 0 || json.Unmarshal(body.JSON, &req) != nil {
		writeJSON(w, http.StatusBadRequest, tokenError{"invalid_request", "the body must be a form or JSON object with grant_type"})
		return
	}
	var ses *auth.Session
	switch req.GrantType {
	case "password":
		if req.Username == "" || req.Password == "" {
			writeJSON(w, http.StatusBadRequest, tokenError{"invalid_request", "username and password are required"})
			return
		}
		ses, err = s.Auth.Login(r.Context(), account, req.Username, req.Password, auth.KindToken, clientIP(r), r.UserAgent())
	case "refresh_token":
		if req.RefreshToken == "" {
			writeJSON(w, http.StatusBadRequest, tokenError{"invalid_request", "refresh_token is required"})
			return
		}
		ses, err = s.Auth.Refresh(r.Context(), account, req.RefreshToken, clientIP(r), r.UserAgent())
	default:
		writeJSON(w, http.StatusBadRequest, tokenError{"unsupported_grant_type", "grant_type must be password or refresh_token"})
		return
	}
	if signInRefused(w, err) {
		return
	}
	if errors.Is(err, auth.ErrBadCredentials) || errors.Is(err, auth.ErrBadToken) {
		writeJSON(w, http.StatusUnauthorized, tokenError{"invalid_grant", "invalid credentials"})
		return
	}
	if err != nil {
		s.Log.Error("access token", "err", err)
		writeJSON(w, http.StatusInternalServerError, tokenError{"server_error", "sign-in failed"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"access_token": ses.Token, "expires_in": int(auth.AccessTTL.Seconds()),
		"token_type": "bearer", "refresh_token": ses.Refresh})
}

// login opens a browser session: POST /api/v3/auth/login {username, password}.
func (s *Server) login(w http.ResponseWriter, r *http.Request, account int64, lang string, body json.RawMessage) {
	var req struct {
		Username string `json:"username"`
		Password string `json:"password"`
	}
	if len(body) == 0 || json.Unmarshal(body, &req) != nil || req.Username == "" || req.Password == "" {
		fail(http.StatusBadRequest, "malformed_json", message(lang, "malformed_json")).write(w)
		return
	}
	ses, err := s.Auth.Login(r.Context(), account, req.Username, req.Password, auth.KindCookie, clientIP(r), r.UserAgent())
	if res, refused := loginRefused(w, lang, err); refused {
		res.write(w)
		return
	}
	if errors.Is(err, auth.ErrBadCredentials) {
		fail(http.StatusUnauthorized, "unauthorized", message(lang, "unauthorized")).write(w)
		return
	}
	if err != nil {
		s.Log.Error("login", "err", err)
		fail(http.StatusInternalServerError, "internal", message(lang, "internal")).write(w)
		return
	}
	secure := r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") || isLoopback(r.Host)
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: ses.Token, Path: "/", Expires: ses.Expires,
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	http.SetCookie(w, &http.Cookie{Name: CSRFCookie, Value: ses.CSRF, Path: "/", Expires: ses.Expires,
		Secure: secure, SameSite: http.SameSiteLaxMode})
	ok(map[string]any{"csrfToken": ses.CSRF, "user": map[string]any{"contentType": ses.Subject.Type, "id": itoa(ses.Subject.ID)}}).write(w)
}

// logoutPage ends the browser session and goes to the login page.
func (s *Server) logoutPage(w http.ResponseWriter, r *http.Request) {
	if account, err := s.Accounts.Resolve(r.Host); err == nil {
		if ck, err := r.Cookie(SessionCookie); err == nil {
			if ses, err := s.Auth.Authenticate(r.Context(), account, ck.Value); err == nil {
				_ = s.Auth.End(r.Context(), account, ses.ID)
			}
		}
	}
	for _, name := range []string{SessionCookie, CSRFCookie} {
		http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1})
	}
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// currentUser answers the signed-in employee or guest.
func (s *Server) currentUser(ctx context.Context, c *call) Response {
	rec, err := s.Engine.Get(ctx, c.sc, c.sc.Actor.Type, c.sc.Actor.ID)
	if err != nil {
		return s.errorResponse(c, err)
	}
	res := s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
	if me, ok := res.Data.(map[string]any); ok {
		// A user's possibleActions are their permission actions (crm_enter,
		// ...), not the act_* actions on their own card.
		me["possibleActions"] = rights.Sorted(c.sc.Perms)
		me["isAdmin"] = c.sc.Admin
		me["needsName"] = auth.NeedsName(rec)
		me["isGuestAccessEnabled"] = c.sc.Guest || rec.Values["isGuestAccessEnabled"] == int64(1)
	}
	return res
}

func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func isLoopback(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// appAuthenticate signs in an installed app's token: the app acts as its
// installer, within its scopes (apptoken.go).
func (s *Server) appAuthenticate(r *http.Request, c *call, token string) (Response, bool) {
	g, err := s.areas.tokens(r.Context(), c.sc.Account, token)
	if err != nil {
		return fail(http.StatusUnauthorized, "unauthorized", c.say("unauthorized")), false
	}
	// The app acts as its installer, so it stops when they may no longer
	// sign in (dismissed, or sign-in switched off).
	if ok, err := s.Auth.MayAct(r.Context(), c.sc.Account, g.Actor); err != nil || !ok {
		return fail(http.StatusUnauthorized, "unauthorized", c.say("unauthorized")), false
	}
	if err := s.Auth.CheckIP(r.Context(), c.sc.Account, clientIP(r)); err != nil {
		return fail(http.StatusForbidden, "NotGranted", auth.IPNotAllowedMessage), false
	}
	c.app, c.sc.Actor = g, g.Actor
	if err := s.Rights.Fill(r.Context(), &c.sc); err != nil {
		return fail(http.StatusUnauthorized, "unauthorized", c.say("unauthorized")), false
	}
	return Response{}, true
}
