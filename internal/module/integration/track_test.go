package integration_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Events are stored per account with the client's description once;
// a bad batch is refused whole.
func TestTrackBatch(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		user := h.NewUser(t, "tracker")
		ev := func(key string) map[string]any {
			return map[string]any{"type": "click", "key": key, "uid": "u1", "value": map[string]any{"n": 1},
				"channels": []string{"internal"}, "url": "/task/1/card/", "browserInfo": map[string]any{"name": "Firefox", "version": "133"},
				"deviceInfo": map[string]any{"os": "Linux"}, "sessionId": "s-1", "accountId": "1", "timestamp": 1764400000000, "timezone": "UTC"}
		}
		r := h.Do("POST", "/api/v3/trackBatch", apitest.Req{Token: user, Body: []any{ev("a"), ev("b"), ev("c")}})
		if r.Status != 200 || r.Obj()["accepted"].(float64) != 3 {
			t.Fatalf("trackBatch: %d %s", r.Status, r.Body)
		}
		r = h.Do("POST", "/api/v3/trackBatch", apitest.Req{Token: user, Body: map[string]any{"events": []any{ev("d")}}})
		if r.Status != 200 {
			t.Fatalf("trackBatch wrapped: %d %s", r.Status, r.Body)
		}
		var events, clients int
		if err := h.DB.Q(t.Context()).QueryRowContext(t.Context(), h.DB.Dialect.Rebind(
			`SELECT COUNT(*), COUNT(DISTINCT client_id) FROM track_events WHERE account_id = ? AND event_key IN ('a','b','c','d')`),
			h.Account).Scan(&events, &clients); err != nil {
			t.Fatal(err)
		}
		if events != 4 || clients != 1 {
			t.Fatalf("stored: %d events from %d clients", events, clients)
		}
		if r := h.Do("POST", "/api/v3/trackBatch", apitest.Req{Token: user, Body: "[{"}); r.Status != 400 {
			t.Fatalf("malformed: %d", r.Status)
		}
		many := make([]any, 501)
		for i := range many {
			many[i] = ev("x")
		}
		if r := h.Do("POST", "/api/v3/trackBatch", apitest.Req{Token: user, Body: many}); r.Status != 422 {
			t.Fatalf("too many: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/trackBatch", apitest.Req{NoAuth: true, Body: []any{ev("y")}}); r.Status != 401 {
			t.Fatalf("signed out: %d", r.Status)
		}
	})
}

// The same error reported again counts up under one fingerprint; a
// different one is a new report; only an administrator reads them.
func TestErrorReports(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		user := h.NewUser(t, "reporter")
		boom := map[string]any{"message": "TypeError: x is undefined", "stack": "at a (app.js:1:2)\nat b (app.js:3:4)", "url": "/deal/5/card/"}
		fr := h.Do("POST", "/api/v3/error/report/megaspa", apitest.Req{Token: user, Body: boom})
		if fr.Status != 200 {
			t.Fatalf("report: %d %s", fr.Status, fr.Body)
		}
		first := fr.Obj()
		second := h.Do("POST", "/api/v3/error/report/megaspa", apitest.Req{Body: boom}).Obj()
		if first["count"].(float64) != 1 || second["count"].(float64) != 2 || first["fingerprint"] != second["fingerprint"] {
			t.Fatalf("dedup: %v %v", first, second)
		}
		other := h.Do("POST", "/api/v3/error/report/megaspa", apitest.Req{Token: user, Body: map[string]any{"message": "RangeError"}}).Obj()
		if other["fingerprint"] == first["fingerprint"] || other["count"].(float64) != 1 {
			t.Fatalf("another error: %v", other)
		}
		if r := h.Do("POST", "/api/v3/error/report/megaspa", apitest.Req{Token: user, Body: map[string]any{"stack": "x"}}); r.Status != 422 {
			t.Fatalf("no message: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/error/report", apitest.Req{Token: user}); r.Status != 403 {
			t.Fatalf("an employee reads reports: %d", r.Status)
		}
		list := h.Do("GET", "/api/v3/error/report", apitest.Req{}).List()
		if len(list) != 2 {
			t.Fatalf("reports: %v", list)
		}
		for _, rep := range list {
			if rep["fingerprint"] == first["fingerprint"] && rep["count"].(float64) != 2 {
				t.Fatalf("report: %v", rep)
			}
		}
	})
}
