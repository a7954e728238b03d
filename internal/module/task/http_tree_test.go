package task_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestTaskTreeLevel(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		mk := func(endpoint string, body map[string]any) map[string]any {
			r := h.Do("POST", "/api/v3/"+endpoint, apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("%s: %s", endpoint, r.Body)
			}
			return map[string]any{"contentType": r.Obj()["contentType"], "id": r.Obj()["id"]}
		}
		p := mk("project", map[string]any{"name": "Запуск"})
		mk("project", map[string]any{"name": "Подпроект", "parent": p})
		t1 := mk("task", map[string]any{"name": "Задача проекта", "parent": p})
		mk("task", map[string]any{"name": "Подзадача", "parent": t1})
		mk("task", map[string]any{"name": "Сама по себе"})
		tree := "/api/v3/task/treeLevel"
		names := func(want ...string) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				list := r.List()
				if len(list) != len(want) {
					t.Fatalf("want %v, got %s", want, r.Body)
				}
				for i, w := range want {
					if list[i]["name"] != w {
						t.Fatalf("item %d: want %s, got %s", i, w, r.Body)
					}
				}
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the top: projects first", Method: "GET", Path: tree, Status: 200, Check: names("Запуск", "Сама по себе"),
				Contains: []string{`"count":2`, `"subProjectsCount":1`, `"tasksCount":`}},
			{Name: "inside a project", Method: "GET", Path: tree + apitest.Q(`{"parent":{"contentType":"Project","id":"`+p["id"].(string)+`"}}`),
				Status: 200, Check: names("Подпроект", "Задача проекта")},
			{Name: "inside a task, as a TreeNode", Method: "GET", Path: tree + apitest.Q(`{"parent":{"contentType":"TreeNode","value":{"contentType":"Task","id":"`+t1["id"].(string)+`"}}}`),
				Status: 200, Check: names("Подзадача")},
			{Name: "paged across the two types", Method: "GET", Path: tree + apitest.Q(`{"limit":1}`), Status: 200, Check: names("Запуск"),
				Contains: []string{`"hasMoreNext":true`}},
			{Name: "next page", Method: "GET", Path: tree + apitest.Q(`{"limit":1,"pageAfter":{"contentType":"Project","id":"`+p["id"].(string)+`"}}`),
				Status: 200, Check: names("Сама по себе"), Contains: []string{`"hasMoreNext":false`}},
			{Name: "a filter narrows the tasks", Method: "GET", Path: tree + apitest.Q(`{"filter":{"contentType":"FilterConfig","termGroup":{"contentType":"FilterTermGroup","join":"and","terms":[{"contentType":"FilterTermString","field":"name","comparison":"contains","value":"Нет такой"}]}}}`),
				Status: 200, Check: names("Запуск")},
			{Name: "a bad parent", Method: "GET", Path: tree + apitest.Q(`{"parent":{"contentType":"Deal","id":"1"}}`), Status: 422},
			{Name: "an unknown parent", Method: "GET", Path: tree + apitest.Q(`{"parent":{"contentType":"Task","id":"999"}}`), Status: 404},
		})
	})
}
