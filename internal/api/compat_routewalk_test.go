package api_test

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/catalog"
)

// servedFloor is how many of the reference's GET routes Artel served when
// this was last raised (docs/api.md, "Reference routes served"). Raise it
// as areas land; the walk fails if the figure drops below it.
const servedFloor = 505

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestReferenceRouteWalk calls every GET route of the reference (the copy
// embedded in internal/catalog) and counts those Artel serves: any answer
// but a route-level 404 (route_not_found) or 405. An entity's 404 counts
// as served. No route may answer 500.
func TestReferenceRouteWalk(t *testing.T) {
	cat := catalog.MustLoad()
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		// An entity of the area where one is made from a name alone, so a
		// missing sub-route is not hidden behind the entity's own 404.
		ids := map[string]string{}
		var idOf func(area string) string
		idOf = func(area string) string {
			if id, ok := ids[area]; ok {
				return id
			}
			ids[area] = "1"
			if cat.ByEndpoint(area) == nil {
				return ids[area]
			}
			for _, body := range []map[string]any{{"name": "Обход"}, {"title": "Обход"}, {"content": "Обход"},
				{"name": "Обход", "program": map[string]any{"contentType": "Program", "id": idOf("program")}}} {
				r := h.Do("POST", "/api/v3/"+area, apitest.Req{Body: body})
				if id, ok := r.Obj()["id"].(string); ok && r.Status == 200 {
					ids[area] = id
					break
				}
			}
			return ids[area]
		}
		missing := map[string][]string{} // area -> paths not served
		servedIn := map[string]int{}
		served, total := 0, 0
		for _, r := range catalog.RefRoutes() {
			if r.Method != "GET" {
				continue
			}
			total++
			area := strings.Split(strings.TrimPrefix(strings.TrimPrefix(r.Path, "/api/v3"), "/"), "/")[0]
			res := h.Do("GET", "/api/v3"+strings.TrimPrefix(pathParam.ReplaceAllString(r.Path, idOf(area)), "/api/v3"), apitest.Req{})
			if res.Status >= 500 {
				t.Errorf("GET %s: %d %s", r.Path, res.Status, res.Body)
			}
			errs := res.Errors()
			if res.Status == 405 || res.Status == 404 && len(errs) > 0 && errs[0]["type"] == "route_not_found" {
				missing[area] = append(missing[area], r.Path)
				continue
			}
			served++
			servedIn[area]++
		}
		t.Logf("served %d of %d reference routes", served, total)
		areas := make([]string, 0, len(missing))
		for a := range missing {
			areas = append(areas, a)
		}
		sort.Strings(areas)
		for _, a := range areas {
			reason := "area not built"
			switch {
			case cat.ByEndpoint(a) != nil:
				reason = "entity served, these calls not built"
			case servedIn[a] > 0:
				reason = "area partly built"
			}
			t.Logf("| %s | %d of %d | %s | %s |", a, servedIn[a], servedIn[a]+len(missing[a]), reason, strings.Join(missing[a], " "))
		}
		if served < servedFloor {
			t.Fatalf("served %d of %d reference GET routes, below the floor of %d", served, total, servedFloor)
		}
		if total < 100 {
			t.Fatal(fmt.Sprint("only ", total, " GET routes in the reference table"))
		}
	})
}
