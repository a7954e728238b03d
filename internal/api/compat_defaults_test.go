package api_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A card read without `fields` carries what docs/api.md ("Default
// fields") lists: a reverse collection such as Program.states only as
// its count, unless asked for.
func TestCardDefaultFields(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		r := h.Do("POST", "/api/v3/program", apitest.Req{Body: `{"name":"Продажи"}`, ContentType: "application/json"})
		if r.Status != 200 {
			t.Fatalf("program: %s", r.Body)
		}
		path := "/api/v3/program/" + r.Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "no states by default", Method: "GET", Path: path, Status: 200, Contains: []string{`"statesCount":`},
				Check: func(t *testing.T, r *apitest.Resp) {
					if _, has := r.Obj()["states"]; has || strings.Contains(string(r.Body), `"states":`) {
						t.Fatalf("states without asking: %s", r.Body)
					}
				}},
			{Name: "states when asked", Method: "GET", Path: path + "?%7B%22fields%22%3A%5B%22states%22%5D%7D", Status: 200,
				Contains: []string{`"states":[`, `"name":"Продажи"`}},
		})
	})
}
