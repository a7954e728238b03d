package staff_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The department tree stays a tree: a department cannot go under itself
// or under its own sub-department; any other move is fine.
func TestDepartmentTreeRefusesCycles(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		dep := func(id string) map[string]any { return map[string]any{"contentType": "Department", "id": id} }
		top := mk(t, h, "department", map[string]any{"name": "Компания"})
		mid := mk(t, h, "department", map[string]any{"name": "Продажи", "parent": dep(top)})
		low := mk(t, h, "department", map[string]any{"name": "Опт", "parent": dep(mid)})
		other := mk(t, h, "department", map[string]any{"name": "Склад"})
		h.Run(t, []apitest.Scenario{
			{Name: "under itself", Method: "POST", Path: "/api/v3/department/" + mid, Status: 422,
				Req: apitest.Req{Body: map[string]any{"parent": dep(mid)}}, Contains: []string{`"type":"department_cycle"`, `"field":"parent"`}},
			{Name: "under its own grandchild", Method: "POST", Path: "/api/v3/department/" + top, Status: 422,
				Req: apitest.Req{Body: map[string]any{"parent": dep(low)}}, Contains: []string{`"type":"department_cycle"`}},
			{Name: "a move elsewhere", Method: "POST", Path: "/api/v3/department/" + mid, Status: 200,
				Req: apitest.Req{Body: map[string]any{"parent": dep(other)}}, Contains: []string{`"parent":{"contentType":"Department","id":"` + other + `"}`}},
			{Name: "to the top", Method: "POST", Path: "/api/v3/department/" + mid, Status: 200,
				Req: apitest.Req{Body: map[string]any{"parent": nil}}},
			{Name: "a parent that does not exist", Method: "POST", Path: "/api/v3/department/" + mid, Status: 422,
				Req: apitest.Req{Body: map[string]any{"parent": dep("999999")}}},
		})
	})
}
