package api_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/auth"
)

func TestAccessToken(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		var mp bytes.Buffer
		w := multipart.NewWriter(&mp)
		_ = w.WriteField("grant_type", "password")
		_ = w.WriteField("username", apitest.AdminLogin)
		_ = w.WriteField("password", apitest.AdminPassword)
		w.Close()
		var refresh string
		token := func(t *testing.T, r *apitest.Resp) {
			if r.JSON["access_token"] == "" || r.JSON["token_type"] != "bearer" || r.JSON["expires_in"] != 86400.0 || r.JSON["refresh_token"] == "" {
				t.Fatalf("token answer: %s", r.Body)
			}
			refresh = r.JSON["refresh_token"].(string)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "password grant as a form", Method: "POST", Path: "/api/v3/auth/access_token", Status: 200, Check: token,
				Req: apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "password", "username": "ADMIN@example.com", "password": apitest.AdminPassword}}},
			{Name: "password grant as multipart", Method: "POST", Path: "/api/v3/auth/access_token", Status: 200, Check: token,
				Req: apitest.Req{NoAuth: true, Body: mp.String(), ContentType: w.FormDataContentType()}},
			{Name: "password grant as JSON", Method: "POST", Path: "/api/v3/auth/access_token", Status: 200, Check: token,
				Req: apitest.Req{NoAuth: true, Body: map[string]any{"grant_type": "password", "username": apitest.AdminLogin, "password": apitest.AdminPassword}}},
		})
		h.Run(t, []apitest.Scenario{
			{Name: "refresh grant", Method: "POST", Path: "/api/v3/auth/access_token", Status: 200, Check: token,
				Req: apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "refresh_token", "refresh_token": refresh}}},
			{Name: "wrong password", Method: "POST", Path: "/api/v3/auth/access_token", Status: 401, Contains: []string{`"error":"invalid_grant"`, `"error_description"`},
				Req: apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "password", "username": apitest.AdminLogin, "password": "nope"}}},
			{Name: "unknown login", Method: "POST", Path: "/api/v3/auth/access_token", Status: 401,
				Req: apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "password", "username": "ghost@example.com", "password": "whatever1"}}},
			{Name: "used refresh token", Method: "POST", Path: "/api/v3/auth/access_token", Status: 401,
				Req: apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "refresh_token", "refresh_token": "bogus"}}},
			{Name: "unsupported grant", Method: "POST", Path: "/api/v3/auth/access_token", Status: 400, Contains: []string{`"error":"unsupported_grant_type"`},
				Req: apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "client_credentials"}}},
			{Name: "missing fields", Method: "POST", Path: "/api/v3/auth/access_token", Status: 400, Contains: []string{`"error":"invalid_request"`},
				Req: apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "password"}}},
		})
	})
}

func TestCredentialsAndSessions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Run(t, []apitest.Scenario{
			{Name: "no credentials", Method: "GET", Path: "/api/v3/task", Req: apitest.Req{NoAuth: true}, Status: 401, Contains: []string{`"status":401`}},
			{Name: "bad token", Method: "GET", Path: "/api/v3/task", Req: apitest.Req{Token: "nope"}, Status: 401},
			{Name: "token inside the query JSON", Method: "GET", Path: "/api/v3/currentUser" + apitest.Q(`{"access_token":"`+h.Token+`"}`),
				Req: apitest.Req{NoAuth: true}, Status: 200, Contains: []string{`"contentType":"Employee"`, `"login":"admin@example.com"`}, NotContains: []string{`password`}},
			{Name: "employee who can sign in", Method: "POST", Path: "/api/v3/employee", Status: 200, NotContains: []string{"s3cret-pass"},
				Req: apitest.Req{Body: map[string]any{"contentType": "Employee", "firstName": "Иван", "lastName": "Иванов",
					"login": "ivan@example.com", "password": "s3cret-pass", "canLogin": true}}},
			{Name: "weak password refused", Method: "POST", Path: "/api/v3/employee", Status: 422, Contains: []string{`"type":"password_not_secure"`},
				Req: apitest.Req{Body: map[string]any{"firstName": "A", "login": "a@example.com", "password": "123"}}},
			{Name: "login taken refused", Method: "POST", Path: "/api/v3/employee", Status: 422, Contains: []string{`"type":"login_in_use"`},
				Req: apitest.Req{Body: map[string]any{"firstName": "B", "login": "IVAN@example.com", "password": "another-pass"}}},
		})
		ivan := h.SignIn("ivan@example.com", "s3cret-pass")
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: ivan})
		if me.Obj()["firstName"] != "Иван" {
			t.Fatalf("currentUser: %s", me.Body)
		}
		// Signing out ends the token.
		if r := h.Do("POST", "/api/v3/auth/logout", apitest.Req{Token: ivan}); r.Status != 200 {
			t.Fatalf("logout: %s", r.Body)
		}
		if r := h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: ivan}); r.Status != 401 {
			t.Fatalf("token alive after logout: %d", r.Status)
		}
	})
}

func TestBrowserSession(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		r := h.Do("POST", "/api/v3/auth/login", apitest.Req{NoAuth: true, Body: map[string]any{"username": apitest.AdminLogin, "password": apitest.AdminPassword}})
		if r.Status != 200 {
			t.Fatalf("login: %s", r.Body)
		}
		var session, csrf *http.Cookie
		for _, c := range (&http.Response{Header: r.Header}).Cookies() {
			switch c.Name {
			case "artel_session":
				session = c
			case "artel_csrf":
				csrf = c
			}
		}
		if session == nil || !session.HttpOnly || !session.Secure || csrf == nil || csrf.Value != r.Obj()["csrfToken"] {
			t.Fatalf("cookies: %v %v", session, csrf)
		}
		cookie := "artel_session=" + session.Value
		h.Run(t, []apitest.Scenario{
			{Name: "GET with the cookie", Method: "GET", Path: "/api/v3/currentUser", Status: 200,
				Req: apitest.Req{NoAuth: true, Headers: map[string]string{"Cookie": cookie}}},
			{Name: "POST without CSRF token", Method: "POST", Path: "/api/v3/tag", Status: 403, Contains: []string{`"type":"csrf"`},
				Req: apitest.Req{NoAuth: true, Body: map[string]any{"name": "x"}, Headers: map[string]string{"Cookie": cookie}}},
			{Name: "POST with CSRF token", Method: "POST", Path: "/api/v3/tag", Status: 200,
				Req: apitest.Req{NoAuth: true, Body: map[string]any{"name": "x"}, Headers: map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf.Value}}},
		})
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		req, _ := http.NewRequest("POST", h.URL+"/logout", strings.NewReader(url.Values{}.Encode()))
		req.Header.Set("Cookie", cookie)
		res, err := client.Do(req)
		if err != nil || res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login" {
			t.Fatalf("logout page: %v %v", err, res)
		}
		res.Body.Close()
		if r := h.Do("GET", "/api/v3/currentUser", apitest.Req{NoAuth: true, Headers: map[string]string{"Cookie": cookie}}); r.Status != 401 {
			t.Fatalf("session alive after logout: %d", r.Status)
		}
	})
}

func TestAccountsAreIsolated(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ctx := t.Context()
		other, err := h.Srv.Accounts.Create(ctx, "Другая", "other.example.com")
		if err != nil {
			t.Fatal(err)
		}
		if err := auth.CreateAdmin(ctx, h.Srv.Engine, other, "Другая", "boss@other.example.com", "other-pass-1"); err != nil {
			t.Fatal(err)
		}
		mine := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Секрет"}}).Obj()["id"].(string)
		r := h.Do("POST", "/api/v3/auth/access_token", apitest.Req{NoAuth: true, Host: "other.example.com",
			Form: map[string]string{"grant_type": "password", "username": "boss@other.example.com", "password": "other-pass-1"}})
		theirs, _ := r.JSON["access_token"].(string)
		if theirs == "" {
			t.Fatalf("other account sign-in: %s", r.Body)
		}
		at := func(token string) apitest.Req { return apitest.Req{Token: token, Host: "other.example.com"} }
		h.Run(t, []apitest.Scenario{
			{Name: "my token on their host", Method: "GET", Path: "/api/v3/currentUser", Req: at(h.Token), Status: 401},
			{Name: "their token on my host", Method: "GET", Path: "/api/v3/currentUser", Req: apitest.Req{Token: theirs}, Status: 401},
			{Name: "my admin cannot sign in on their host", Method: "POST", Path: "/api/v3/auth/access_token", Status: 401,
				Req: apitest.Req{NoAuth: true, Host: "other.example.com", Form: map[string]string{"grant_type": "password", "username": apitest.AdminLogin, "password": apitest.AdminPassword}}},
			{Name: "by id", Method: "GET", Path: "/api/v3/task/" + mine, Req: at(theirs), Status: 404},
			{Name: "update by id", Method: "POST", Path: "/api/v3/task/" + mine, Req: apitest.Req{Token: theirs, Host: "other.example.com", Body: map[string]any{"name": "x"}}, Status: 404},
			{Name: "delete by id", Method: "DELETE", Path: "/api/v3/task/" + mine, Req: at(theirs), Status: 404},
			{Name: "in lists", Method: "GET", Path: "/api/v3/task", Req: at(theirs), Status: 200, Contains: []string{`"count":0,`}, NotContains: []string{"Секрет"}},
			{Name: "as a link", Method: "POST", Path: "/api/v3/comment", Status: 422, Contains: []string{`"type":"link_not_found"`},
				Req: apitest.Req{Token: theirs, Host: "other.example.com", Body: map[string]any{"content": "x", "subject": map[string]any{"contentType": "Task", "id": mine}}}},
			{Name: "in bulk", Method: "POST", Path: "/api/v3/bulk", Status: 200, NotContains: []string{"Секрет"},
				Req: apitest.Req{Token: theirs, Host: "other.example.com", Body: map[string]any{"calls": []any{map[string]any{"url": "/api/v3/task/" + mine, "method": "GET"}}}}},
			{Name: "in getEntitiesByLinks", Method: "POST", Path: "/api/v3/bulk/getEntitiesByLinks", Status: 200, Contains: []string{`"data":[]`},
				Req: apitest.Req{Token: theirs, Host: "other.example.com", Body: []any{map[string]any{"contentType": "Task", "id": mine}}}},
			{Name: "still mine", Method: "GET", Path: "/api/v3/task/" + mine, Status: 200, Contains: []string{"Секрет"}},
		})
	})
}
