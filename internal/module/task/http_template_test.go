package task_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestTaskTemplates(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		mk := func(body map[string]any) map[string]any {
			r := h.Do("POST", "/api/v3/task", apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("task: %s", r.Body)
			}
			return r.Obj()
		}
		tpl := mk(map[string]any{"name": "Онбординг", "isTemplate": true, "statement": "Провести новичка",
			"templateUsers": []any{map[string]any{"contentType": "Employee", "id": "1"}}})
		if tpl["status"] != "template" {
			t.Fatalf("template status: %v", tpl["status"])
		}
		tplLink := map[string]any{"contentType": "Task", "id": tpl["id"]}
		step := mk(map[string]any{"name": "Выдать ноутбук", "isTemplate": true, "parent": tplLink})
		mk(map[string]any{"name": "Поставить почту", "isTemplate": true, "parent": map[string]any{"contentType": "Task", "id": step["id"]}})
		tplPath := "/api/v3/task/" + tpl["id"].(string)

		r := h.Do("POST", tplPath+"/clone", apitest.Req{})
		if r.Status != 200 {
			t.Fatalf("clone: %s", r.Body)
		}
		work := r.Obj()
		if work["isTemplate"] != false || work["status"] == "template" || work["statement"] != "Провести новичка" ||
			work["originalTemplate"].(map[string]any)["id"] != tpl["id"] || work["subTasksCount"] != float64(1) || work["templateUsersCount"] != float64(0) {
			t.Fatalf("work from template: %s", r.Body)
		}
		workPath := "/api/v3/task/" + work["id"].(string)
		project := h.Do("POST", "/api/v3/project", apitest.Req{Body: map[string]any{"name": "Найм"}}).Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "the subtree came along", Method: "GET", Path: workPath + "/subTasks", Status: 200,
				Contains: []string{`"name":"Выдать ноутбук"`, `"isTemplate":false`, `"subTasksCount":1`}},
			{Name: "the template knows its work", Method: "GET", Path: tplPath, Status: 200, Contains: []string{`"entitiesByTemplateCount":1`}},
			{Name: "and lists it", Method: "GET", Path: tplPath + "/entitiesByTemplate", Status: 200, Contains: []string{`"id":"` + work["id"].(string) + `"`}},
			{Name: "templates list", Method: "GET", Path: "/api/v3/task/templates", Status: 200,
				Contains: []string{`"name":"Онбординг"`}, NotContains: []string{`"isTemplate":false`}},
			{Name: "templates are not work", Method: "GET", Path: "/api/v3/taskFilter/any", Status: 200, Contains: []string{`"count":3`}},
			{Name: "a template from work", Method: "POST", Path: workPath + "/clone", Status: 200, Req: apitest.Req{Body: map[string]any{"isTemplate": true}},
				Contains: []string{`"isTemplate":true`, `"status":"template"`, `"subTasksCount":1`, `"originalTemplate":null`}},
			{Name: "placed", Method: "POST", Path: tplPath + "/clone", Status: 200, Req: apitest.Req{Body: map[string]any{"parent": map[string]any{"contentType": "Project", "id": project}}},
				Contains: []string{`"parent":{"contentType":"Project","id":"` + project + `"}`}},
			{Name: "bad isTemplate", Method: "POST", Path: tplPath + "/clone", Status: 422, Req: apitest.Req{Body: map[string]any{"isTemplate": "yes"}}},
			{Name: "unknown", Method: "POST", Path: "/api/v3/task/9999/clone", Status: 404},
		})
	})
}
