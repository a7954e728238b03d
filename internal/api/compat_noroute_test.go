package api_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestNoRouteUnderAPIIsJSON(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		noRoute := func(t *testing.T, r *apitest.Resp) {
			if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") || r.Meta()["status"] != 404.0 ||
				r.Data() != nil || len(r.Errors()) != 1 || r.Errors()[0]["type"] != "route_not_found" {
				t.Fatalf("%s %s", r.Header.Get("Content-Type"), r.Body)
			}
		}
		var scs []apitest.Scenario
		for _, c := range [][2]string{{"GET", "/api/file"}, {"PUT", "/api/file/1"}, {"GET", "/api/"}, {"PROPFIND", "/api/dav/x"}, {"DELETE", "/api/v2/task/1"},
			{"GET", "/api/v3/"}, {"GET", "/api/v3/noSuchThing"}, {"GET", "/api/v3/task/abc"},
			{"GET", "/api/v3/task/1/noSuchField"}, {"POST", "/api/v3/bulk/noSuchCall"}} {
			scs = append(scs, apitest.Scenario{Name: c[0] + " " + c[1], Method: c[0], Path: c[1], Status: 404, Check: noRoute})
		}
		scs = append(scs,
			apitest.Scenario{Name: "an entity that does not exist is not_found", Method: "GET", Path: "/api/v3/task/999999", Status: 404,
				Contains: []string{`"type":"not_found"`}},
			apitest.Scenario{Name: "API routes still served", Method: "GET", Path: "/api/v3/task", Status: 200},
			apitest.Scenario{Name: "a known path with another method", Method: "PROPFIND", Path: "/api/v3/task", Status: 405,
				Contains: []string{`"type":"method_not_allowed"`}},
			apitest.Scenario{Name: "other paths are the web app's", Method: "GET", Path: "/", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
						t.Fatalf("%s", r.Header.Get("Content-Type"))
					}
				}})
		h.Run(t, scs)
	})
}
