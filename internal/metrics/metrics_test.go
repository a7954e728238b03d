package metrics

import (
	"database/sql"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRoute(t *testing.T) {
	known := func(s string) bool { return s == "task" || s == "deal" }
	for path, want := range map[string][2]string{
		"/healthz":                            {"/healthz", ""},
		"/metrics":                            {"/metrics", ""},
		"/":                                   {"/", ""},
		"/tasks/5":                            {"/", ""},
		"/api/v3x":                            {"/", ""},
		"/api/v3":                             {"/api/v3/", ""},
		"/api/v3/task":                        {"/api/v3/{entity}", "task"},
		"/api/v3/task/":                       {"/api/v3/{entity}", "task"},
		"/api/v3/task/17":                     {"/api/v3/{entity}/{id}", "task"},
		"/api/v3/deal/17/comments":            {"/api/v3/{entity}/{id}/{field}", "deal"},
		"/api/v3/task/1/executors/Employee/2": {"/api/v3/{entity}/{id}/{field}/{contentType}/{itemId}", "task"},
		"/api/v3/task/1/a/b":                  {"/api/v3/{entity}/{unknown}", "task"},
		"/api/v3/task/extraFields":            {"/api/v3/{entity}/extraFields", "task"},
		"/api/v3/task/extraFields/3":          {"/api/v3/{entity}/extraFields/{id}", "task"},
		"/api/v3/nosuch/12345":                {"/api/v3/{entity}/{id}", "{unknown}"},
		"/api/v3/bulk":                        {"/api/v3/bulk", ""},
		"/api/v3/bulk/getEntitiesByLinks":     {"/api/v3/bulk/getEntitiesByLinks", ""},
		"/api/v3/bulk/whatever":               {"/api/v3/bulk/{unknown}", ""},
		"/api/v3/auth/access_token":           {"/api/v3/auth/access_token", ""},
		"/api/v3/currentUser":                 {"/api/v3/currentUser", ""},
		"/api/v3/openapi.json":                {"/api/v3/openapi.json", ""},
	} {
		route, entity := Route(path, known)
		if route != want[0] || entity != want[1] {
			t.Errorf("%s: %q %q, want %q %q", path, route, entity, want[0], want[1])
		}
	}
}

func scrape(t *testing.T, m *Metrics, token, auth string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/metrics", nil)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	m.Handler(token).ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Body)
	return rec.Code, string(b)
}

// Two servers in one process each have their own numbers.
func TestSeparateRegistriesAndContent(t *testing.T) {
	a, b := New("v1"), New("v1")
	a.ObserveRequest("BREW", "/", "", 0, time.Millisecond)
	a.LiveSockets.Set(3)
	a.JobsRun.WithLabelValues("ok").Inc()
	a.WatchPools(func() map[string]sql.DBStats {
		return map[string]sql.DBStats{"writer": {OpenConnections: 1, InUse: 1, MaxOpenConnections: 1, WaitCount: 4, WaitDuration: 2 * time.Second}}
	})
	_, out := scrape(t, a, "", "")
	for _, want := range []string{
		`artel_http_requests_total{entity="",method="OTHER",route="/",status="200"} 1`,
		`artel_http_request_duration_seconds_count{entity="",method="OTHER",route="/"} 1`,
		`artel_live_sockets 3`, `artel_jobs_run_total{result="ok"} 1`, `artel_jobs_run_total{result="error"} 0`,
		`artel_jobs_queued 0`, `artel_build_info{version="v1"} 1`,
		`artel_db_in_use_connections{pool="writer"} 1`, `artel_db_wait_count_total{pool="writer"} 4`,
		`artel_db_wait_duration_seconds_total{pool="writer"} 2`, "go_goroutines", "process_cpu_seconds_total",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if _, out := scrape(t, b, "", ""); strings.Contains(out, "artel_http_requests_total{") || strings.Contains(out, "artel_live_sockets 3") {
		t.Fatalf("second registry sees the first's numbers:\n%s", out)
	}
}

func TestToken(t *testing.T) {
	m := New("v1")
	for auth, want := range map[string]int{"": 401, "Bearer wrong": 401, "secret": 401, "Bearer secret": 200} {
		if code, _ := scrape(t, m, "secret", auth); code != want {
			t.Errorf("Authorization %q: %d, want %d", auth, code, want)
		}
	}
}
