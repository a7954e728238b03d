package api_test

import (
	"context"
	"net/netip"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/auth"
)

func TestChangePasswordEndsOtherSessions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		_, tok := h.Person(t, "Лев", "lev@example.com", "lev-password")
		other := h.SignIn("lev@example.com", "lev-password")
		me := apitest.Req{Token: tok}
		with := func(body map[string]any) apitest.Req { return apitest.Req{Token: tok, Body: body} }
		h.Run(t, []apitest.Scenario{
			{Name: "wrong old password", Method: "POST", Path: "/api/v3/currentUser/password", Status: 422,
				Req: with(map[string]any{"oldPassword": "nope-nope", "newPassword": "new-lev-password"}), Contains: []string{`"field":"oldPassword"`, `"type":"wrong_password"`}},
			{Name: "short new password", Method: "POST", Path: "/api/v3/currentUser/password", Status: 422,
				Req: with(map[string]any{"oldPassword": "lev-password", "newPassword": "short"}), Contains: []string{`"field":"newPassword"`, `"type":"password_not_secure"`}},
			{Name: "nothing changed yet", Method: "GET", Path: "/api/v3/currentUser", Req: apitest.Req{Token: other}, Status: 200},
			{Name: "sessions list", Method: "GET", Path: "/api/v3/currentUser/sessions", Req: me, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					list := r.List()
					current := 0
					for _, s := range list {
						if s["current"] == true {
							current++
						}
						if s["kind"] != "token" || s["ip"] != "127.0.0.1" || s["userAgent"] == "" {
							t.Errorf("session: %v", s)
						}
					}
					if len(list) != 2 || current != 1 {
						t.Fatalf("sessions: %s", r.Body)
					}
				}},
			{Name: "change", Method: "POST", Path: "/api/v3/currentUser/password", Status: 200,
				Req: with(map[string]any{"oldPassword": "lev-password", "newPassword": "new-lev-password"})},
			{Name: "the other session ended", Method: "GET", Path: "/api/v3/currentUser", Req: apitest.Req{Token: other}, Status: 401},
			{Name: "the current one stays", Method: "GET", Path: "/api/v3/currentUser", Req: me, Status: 200},
		})
		if r := h.PasswordGrant("lev@example.com", "lev-password"); r.Status != 401 {
			t.Fatalf("old password still works: %d", r.Status)
		}
		h.SignIn("lev@example.com", "new-lev-password")
	})
}

func TestOwnSessions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		_, tok := h.Person(t, "Ян", "yan@example.com", "yan-password")
		second := h.SignIn("yan@example.com", "yan-password")
		list := h.Do("GET", "/api/v3/currentUser/sessions", apitest.Req{Token: second}).List()
		var otherID string
		for _, s := range list {
			if s["current"] != true {
				otherID, _ = s["id"].(string)
			}
		}
		admin := h.Do("GET", "/api/v3/currentUser/sessions", apitest.Req{}).List()
		adminID, _ := admin[0]["id"].(string)
		if otherID == "" || adminID == "" {
			t.Fatalf("sessions: %v / %v", list, admin)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "another user's session is not mine", Method: "DELETE", Path: "/api/v3/currentUser/sessions/" + adminID,
				Req: apitest.Req{Token: second}, Status: 404},
			{Name: "the admin is still signed in", Method: "GET", Path: "/api/v3/currentUser", Status: 200},
			{Name: "end my other session", Method: "DELETE", Path: "/api/v3/currentUser/sessions/" + otherID,
				Req: apitest.Req{Token: second}, Status: 200},
			{Name: "it is gone", Method: "GET", Path: "/api/v3/currentUser", Req: apitest.Req{Token: tok}, Status: 401},
			{Name: "mine stays", Method: "GET", Path: "/api/v3/currentUser/sessions", Req: apitest.Req{Token: second}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if l := r.List(); len(l) != 1 || l[0]["current"] != true {
						t.Fatalf("sessions: %s", r.Body)
					}
				}},
		})
	})
}

func TestSignInThrottle(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Person(t, "Ира", "ira@example.com", "ira-password")
		// The service's clock moves on demand, so the window can pass.
		var skew atomic.Int64
		h.Srv.Auth.Now = func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }
		for i := 0; i < auth.FailuresPerLogin; i++ {
			if r := h.PasswordGrant("ira@example.com", "wrong-"+strconv.Itoa(i)); r.Status != 401 {
				t.Fatalf("failure %d: %d %s", i, r.Status, r.Body)
			}
		}
		r := h.PasswordGrant("IRA@example.com", "ira-password")
		if r.Status != 429 || r.JSON["error"] != "too_many_requests" || r.Header.Get("Retry-After") == "" {
			t.Fatalf("not throttled: %d %s", r.Status, r.Body)
		}
		if secs, _ := r.JSON["retry_after"].(float64); secs < 1 || secs > auth.FailureWindow.Seconds() {
			t.Fatalf("retry_after: %s", r.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the cookie login is throttled too", Method: "POST", Path: "/api/v3/auth/login", Status: 429,
				Req:      apitest.Req{NoAuth: true, Body: map[string]any{"username": "ira@example.com", "password": "ira-password"}},
				Contains: []string{`"type":"too_many_requests"`, `"retryAfter":`}},
			{Name: "other logins are not", Method: "POST", Path: "/api/v3/auth/access_token", Status: 200,
				Req: apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "password", "username": apitest.AdminLogin, "password": apitest.AdminPassword}}},
		})
		skew.Store(int64(auth.FailureWindow + time.Second))
		h.T = t
		h.SignIn("ira@example.com", "ira-password")
		// Success cleared the login's count: one more failure is not a lockout.
		h.PasswordGrant("ira@example.com", "wrong")
		h.SignIn("ira@example.com", "ira-password")
	})
}

func TestIPAllowList(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Run(t, []apitest.Scenario{
			{Name: "off by default", Method: "GET", Path: "/api/v3/security/ipAllowList", Status: 200,
				Contains: []string{`"enabled":false`, `"yourIp":"127.0.0.1"`}},
			{Name: "bad entry", Method: "POST", Path: "/api/v3/security/ipAllowList", Status: 422,
				Req: apitest.Req{Body: map[string]any{"cidrs": []string{"10.0.0.0/8", "nonsense"}}}, Contains: []string{`"type":"invalid_cidr"`, "nonsense"}},
			{Name: "a list that shuts me out is refused", Method: "POST", Path: "/api/v3/security/ipAllowList", Status: 422,
				Req: apitest.Req{Body: map[string]any{"cidrs": []string{"10.0.0.0/8"}}}, Contains: []string{`"type":"ip_lockout"`}},
			{Name: "set", Method: "POST", Path: "/api/v3/security/ipAllowList", Status: 200,
				Req: apitest.Req{Body: map[string]any{"cidrs": []string{"127.0.0.0/8", "::1"}}}, Contains: []string{`"cidrs":["127.0.0.0/8","::1/128"]`}},
		})
		h.T = t
		h.SignIn(apitest.AdminLogin, apitest.AdminPassword)
		// An operator (or another node) sets a list without this address.
		pfx, _, _ := auth.ParseAllowList([]string{"10.0.0.0/8"})
		if err := h.Srv.Auth.SetIPAllowList(context.Background(), h.Account, pfx); err != nil {
			t.Fatal(err)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "token sign-in refused", Method: "POST", Path: "/api/v3/auth/access_token", Status: 403,
				Req:      apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "password", "username": apitest.AdminLogin, "password": apitest.AdminPassword}},
				Contains: []string{`"error":"NotGranted"`, `"error_description":"Your IP-address failed validation"`}},
			{Name: "cookie sign-in refused", Method: "POST", Path: "/api/v3/auth/login", Status: 403,
				Req:      apitest.Req{NoAuth: true, Body: map[string]any{"username": apitest.AdminLogin, "password": apitest.AdminPassword}},
				Contains: []string{`"type":"NotGranted"`, `"message":"Your IP-address failed validation"`}},
		})
		if err := h.Srv.Auth.SetIPAllowList(context.Background(), h.Account, []netip.Prefix{}); err != nil {
			t.Fatal(err)
		}
		h.T = t
		h.SignIn(apitest.AdminLogin, apitest.AdminPassword)
	})
}
