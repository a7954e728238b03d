package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// /metrics counts API requests by route template (never by id), with the
// entity kept only when the catalogue knows it, and reports the pools.
func TestMetricsEndpoint(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Измерить"}})
		h.Do("GET", "/api/v3/task", apitest.Req{})
		h.Do("GET", "/api/v3/task", apitest.Req{})
		h.Do("GET", "/api/v3/task/987654", apitest.Req{})
		h.Do("GET", "/api/v3/noSuchThing/987654", apitest.Req{})
		res, err := http.Get(h.URL + "/metrics") // no API token needed
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		out := string(body)
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
			t.Fatalf("%d %s\n%s", res.StatusCode, res.Header.Get("Content-Type"), out)
		}
		for _, want := range []string{
			`artel_http_requests_total{entity="task",method="GET",route="/api/v3/{entity}",status="200"} 2`,
			`artel_http_requests_total{entity="task",method="POST",route="/api/v3/{entity}",status="200"} 1`,
			`artel_http_requests_total{entity="task",method="GET",route="/api/v3/{entity}/{id}",status="404"} 1`,
			`artel_http_requests_total{entity="{unknown}",method="GET",route="/api/v3/{entity}/{id}",status="404"} 1`,
			`artel_http_requests_total{entity="",method="POST",route="/api/v3/auth/access_token",status="200"} 1`,
			`artel_http_request_duration_seconds_bucket{entity="task",method="GET",route="/api/v3/{entity}",le="+Inf"} 2`,
			`artel_http_request_duration_seconds_count{entity="task",method="GET",route="/api/v3/{entity}"} 2`,
			`# TYPE artel_http_request_duration_seconds histogram`,
			`artel_db_open_connections{pool=`, `artel_db_in_use_connections{pool=`, `artel_db_idle_connections{pool=`,
			`artel_db_wait_count_total{pool=`, `artel_db_wait_duration_seconds_total{pool=`,
			`artel_live_sockets 0`, `artel_jobs_queued 0`, `go_goroutines `,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("no %q in /metrics", want)
			}
		}
		if strings.Contains(out, "987654") || strings.Contains(out, "noSuchThing") {
			t.Error("an id or an unknown word became a label value")
		}
		if t.Failed() {
			t.Log(out)
		}
	})
}
