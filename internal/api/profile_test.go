package api_test

import (
	"net/http"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestProfileBatch(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		r := h.Do("POST", "/api/v3/auth/login", apitest.Req{NoAuth: true, Body: map[string]any{"username": apitest.AdminLogin, "password": apitest.AdminPassword}})
		var cookie string
		for _, c := range (&http.Response{Header: r.Header}).Cookies() {
			if c.Name == "artel_session" {
				cookie = c.Name + "=" + c.Value
			}
		}
		beacon := apitest.Req{NoAuth: true, Headers: map[string]string{"Cookie": cookie}}
		batch := func(recs ...map[string]any) apitest.Req {
			b := beacon
			list := []map[string]any{}
			b.Body = append(list, recs...)
			return b
		}
		rec := func(name string, ms float64) map[string]any {
			return map[string]any{"name": name, "durationFromNavigation": ms, "sessionId": "s1"}
		}
		user := h.NewUser(t, "clerk@example.com")
		h.Run(t, []apitest.Scenario{
			// A beacon cannot send the CSRF header: the cookie alone is enough.
			{Name: "a batch by cookie, no CSRF header", Method: "POST", Path: "/profileBatch", Status: 200,
				Req: batch(rec("task.list", 120), rec("task.list", 80), rec("task.list", 400), rec("login", 30)), Contains: []string{`"saved":4`}},
			{Name: "by bearer token", Method: "POST", Path: "/profileBatch", Status: 200,
				Req: apitest.Req{Token: user, Body: []map[string]any{rec("task.list", 100)}}},
			{Name: "signed out", Method: "POST", Path: "/profileBatch", Status: 401, Req: apitest.Req{NoAuth: true, Body: []any{}}},
			{Name: "not a list", Method: "POST", Path: "/profileBatch", Status: 400, Req: apitest.Req{NoAuth: true, Headers: beacon.Headers, Body: map[string]any{"name": "x"}}},
			{Name: "negative duration refuses the whole batch", Method: "POST", Path: "/profileBatch", Status: 422,
				Req: batch(rec("card", 10), rec("card", -1)), Contains: []string{`"field":"records"`}},
			{Name: "nameless", Method: "POST", Path: "/profileBatch", Status: 422, Req: batch(rec(" ", 10))},
			{Name: "administrators read the summary", Method: "GET", Path: "/api/v3/profiling", Status: 200,
				Contains: []string{`{"contentType":"ProfileSummary","count":4,"id":"task.list","max":400,"name":"task.list","p50":100,"p95":400}`,
					`"id":"login"`}, NotContains: []string{`"id":"card"`}},
			{Name: "others do not", Method: "GET", Path: "/api/v3/profiling", Status: 403, Req: apitest.Req{Token: user}},
			{Name: "days out of range", Method: "GET", Path: "/api/v3/profiling" + apitest.Q(`{"days":0}`), Status: 422},
		})
	})
}
