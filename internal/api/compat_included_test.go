package api_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestIncludedResponse(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Ольга", "lastName": "Смирнова"}}).Obj()["id"].(string)
		var tasks []string
		for _, name := range []string{"Первая", "Вторая"} {
			r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": name,
				"responsible": map[string]any{"contentType": "Employee", "id": emp}, "auditors": []any{map[string]any{"contentType": "Employee", "id": emp}}}})
			tasks = append(tasks, r.Obj()["id"].(string))
		}
		withHeader := apitest.Req{Headers: map[string]string{"X-USE-INCLUDED-RESPONSE": "true"}}
		// included holds each linked entity once, whole (its default fields).
		included := func(t *testing.T, inc any) []map[string]any {
			list, ok := inc.([]any)
			if !ok {
				t.Fatalf("no included: %v", inc)
			}
			seen := map[string]bool{}
			var out []map[string]any
			for _, x := range list {
				e := x.(map[string]any)
				key := e["contentType"].(string) + "/" + e["id"].(string)
				if seen[key] {
					t.Fatalf("%s twice", key)
				}
				seen[key] = true
				out = append(out, e)
			}
			if !seen["Employee/"+emp] {
				t.Fatalf("the responsible is not included: %v", list)
			}
			for _, e := range out {
				if e["id"] == emp && e["lastName"] != "Смирнова" {
					t.Fatalf("not the default fields: %v", e)
				}
			}
			return out
		}
		bareLink := `"responsible":{"contentType":"Employee","id":"` + emp + `"}`
		h.Run(t, []apitest.Scenario{
			{Name: "single read", Method: "GET", Path: "/api/v3/task/" + tasks[0], Req: withHeader, Status: 200, Contains: []string{bareLink},
				Check: func(t *testing.T, r *apitest.Resp) { included(t, r.JSON["included"]) }},
			{Name: "list", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"limit":10}`), Req: withHeader, Status: 200, Contains: []string{bareLink},
				Check: func(t *testing.T, r *apitest.Resp) {
					for _, e := range included(t, r.JSON["included"]) {
						if e["contentType"] == "Task" {
							t.Fatalf("a listed task is not linked: %v", e)
						}
					}
				}},
			{Name: "without the header", Method: "GET", Path: "/api/v3/task/" + tasks[0], Status: 200, NotContains: []string{`"included"`}},
			{Name: "header false", Method: "GET", Path: "/api/v3/task/" + tasks[0], Status: 200, NotContains: []string{`"included"`},
				Req: apitest.Req{Headers: map[string]string{"X-USE-INCLUDED-RESPONSE": "false"}}},
			{Name: "an error has none", Method: "GET", Path: "/api/v3/task/999999", Req: withHeader, Status: 404, NotContains: []string{`"included"`}},
			{Name: "inside bulk", Method: "POST", Path: "/api/v3/bulk", Status: 200,
				Req: apitest.Req{Headers: withHeader.Headers, ContentType: "application/json",
					Body: `{"calls":[{"url":"/api/v3/task/` + tasks[1] + `","method":"GET"}]}`},
				Check: func(t *testing.T, r *apitest.Resp) {
					if _, top := r.JSON["included"]; top || !strings.Contains(string(r.Body), bareLink) {
						t.Fatalf("%s", r.Body)
					}
					included(t, r.Data().([]any)[0].(map[string]any)["included"])
				}},
		})
	})
}
