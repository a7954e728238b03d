package api_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// DELETE /{entity}/{id}/{collection}/{itemId}: the reference's short form
// of removing an item, with no type segment.
func TestRemoveItemShortForm(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Иван", "lastName": "Петров"}}).Obj()["id"].(string)
		task := h.Do("POST", "/api/v3/task", apitest.Req{Body: `{"name":"Отчёт","executors":[{"contentType":"Employee","id":"` + emp + `"}],` +
			`"auditors":[{"contentType":"Employee","id":"` + emp + `"}]}`, ContentType: "application/json"}).Obj()["id"].(string)
		base := "/api/v3/task/" + task
		h.Run(t, []apitest.Scenario{
			{Name: "executor removed", Method: "DELETE", Path: base + "/executors/" + emp, Status: 200,
				Contains: []string{`"executorsCount":0`, `"auditorsCount":1`}},
			{Name: "no longer there", Method: "DELETE", Path: base + "/executors/" + emp, Status: 404, Contains: []string{`"type":"not_found"`}},
			{Name: "auditor removed, trailing slash", Method: "DELETE", Path: base + "/auditors/" + emp + "/", Status: 200,
				Contains: []string{`"auditorsCount":0`}},
			{Name: "not a collection", Method: "DELETE", Path: base + "/name/" + emp, Status: 404, Contains: []string{`"type":"route_not_found"`}},
			{Name: "unknown task", Method: "DELETE", Path: "/api/v3/task/999999/executors/" + emp, Status: 404, Contains: []string{`"type":"not_found"`}},
			{Name: "only DELETE", Method: "GET", Path: base + "/executors/" + emp, Status: 404, Contains: []string{`"type":"route_not_found"`}},
		})
	})
}
