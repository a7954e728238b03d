package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestBulk(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Ольга"}}).Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "calls answered in order; a failing call fails alone", Method: "POST", Path: "/api/v3/bulk", Status: 200,
				Req: apitest.Req{Body: map[string]any{"calls": []any{
					map[string]any{"url": "/api/v3/employee/" + emp, "method": "GET"},
					map[string]any{"url": "/api/v3/task", "method": "POST", "body": map[string]any{"name": "Из пакета"}},
					map[string]any{"url": "/api/v3/task", "method": "POST", "body": map[string]any{"status": "nonsense"}},
					map[string]any{"url": "/api/v3/nothing/1", "method": "GET"},
					map[string]any{"url": "/api/v3/task?" + `{"limit":1}`, "method": "GET"},
				}}},
				Check: func(t *testing.T, r *apitest.Resp) {
					items := r.List()
					var statuses []string
					for _, it := range items {
						statuses = append(statuses, fmt.Sprint(it["meta"].(map[string]any)["status"]))
					}
					if strings.Join(statuses, ",") != "200,200,422,404,200" {
						t.Fatalf("statuses %v: %s", statuses, r.Body)
					}
					if items[1]["data"].(map[string]any)["name"] != "Из пакета" {
						t.Fatalf("created: %v", items[1])
					}
					if p := items[4]["meta"].(map[string]any)["pagination"].(map[string]any); p["count"] != 1.0 {
						t.Fatalf("list in bulk: %v", p)
					}
				}},
			{Name: "failed call wrote nothing", Method: "GET", Path: "/api/v3/task", Status: 200, Contains: []string{`"count":1,`}},
			{Name: "malformed bulk body", Method: "POST", Path: "/api/v3/bulk", Status: 400, Req: apitest.Req{Body: `{"calls":`}},
			{Name: "too many calls", Method: "POST", Path: "/api/v3/bulk", Status: 422, Req: apitest.Req{Body: map[string]any{"calls": make([]any, 101)}}},
			{Name: "bulk needs POST", Method: "GET", Path: "/api/v3/bulk", Status: http.StatusMethodNotAllowed},
		})
	})
}

func TestEntitiesByLinks(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Ольга"}}).Obj()["id"].(string)
		task := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Связанная"}}).Obj()["id"].(string)
		links := []any{
			map[string]any{"contentType": "Task", "id": task},
			map[string]any{"contentType": "Task", "id": "99999"},
			map[string]any{"contentType": "Starship", "id": "1"},
			map[string]any{"contentType": "Employee", "id": emp},
		}
		h.Run(t, []apitest.Scenario{
			{Name: "existing entities in order, others dropped", Method: "POST", Path: "/api/v3/bulk/getEntitiesByLinks" + apitest.Q(`{"fields":["name"],"onlyRequestedFields":true}`),
				Status: 200, Req: apitest.Req{Body: links}, Check: func(t *testing.T, r *apitest.Resp) {
					l := r.List()
					if len(l) != 2 || l[0]["contentType"] != "Task" || l[1]["contentType"] != "Employee" || l[0]["name"] != "Связанная" {
						t.Fatalf("%s", r.Body)
					}
				}},
			{Name: "wrapped in links", Method: "POST", Path: "/api/v3/bulk/getEntitiesByLinks", Status: 200,
				Req: apitest.Req{Body: map[string]any{"links": links}}, Contains: []string{`"Связанная"`}},
			{Name: "more than 1000 links", Method: "POST", Path: "/api/v3/bulk/getEntitiesByLinks", Status: 422,
				Req: apitest.Req{Body: make([]any, 1001)}},
		})
	})
}
