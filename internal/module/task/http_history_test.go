package task_test

import (
	"encoding/json"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/task"
)

// The journal of a task: a create, a rename, a new responsible by a plain
// edit (which also assigns the task) and an action (with the start it
// sets) each leave their rows, in their authors' names, newest first; a
// refused edit leaves none.
func TestTaskHistory(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		olga, roman := c.tok[task.Owner], c.tok[task.Responsible]
		r := h.Do("POST", "/api/v3/task", apitest.Req{Token: olga, Body: map[string]any{"name": "Draft",
			"owner": apitest.Link("Employee", c.id[task.Owner])}})
		if r.Status != 200 || r.Obj()["status"] != task.Created {
			t.Fatalf("create: %s", r.Body)
		}
		id := r.Obj()["id"].(string)
		path := "/api/v3/task/" + id
		c.tick()
		if r := h.Do("POST", path, apitest.Req{Token: olga, Body: map[string]any{"name": "Final"}}); r.Status != 200 {
			t.Fatalf("rename: %s", r.Body)
		}
		c.tick()
		if r := h.Do("POST", path, apitest.Req{Token: olga, Body: map[string]any{"responsible": apitest.Link("Employee", c.id[task.Responsible])}}); r.Status != 200 {
			t.Fatalf("responsible: %s", r.Body)
		}
		c.tick()
		if r := c.do("Task", id, roman, "act_accept_task"); r.Status != 200 {
			t.Fatalf("accept: %s", r.Body)
		}
		if r := h.Do("POST", path, apitest.Req{Token: olga, Body: map[string]any{"name": "Lost", "status": task.Done}}); r.Status != 422 {
			t.Fatalf("status by edit: %d %s", r.Status, r.Body)
		}

		r = h.Do("GET", path+"/history", apitest.Req{Token: roman})
		if r.Status != 200 {
			t.Fatalf("history: %s", r.Body)
		}
		type row struct{ field, old, new, author string }
		want := []row{
			{"status", `"assigned"`, `"accepted"`, c.id[task.Responsible]},
			{"actualStart", `null`, js(map[string]any{"contentType": "DateTime", "value": at(c.get(t, "Task", id, olga), "actualStart")}), c.id[task.Responsible]},
			{"status", `"created"`, `"assigned"`, c.id[task.Owner]},
			{"responsible", `null`, `{"contentType":"Employee","id":"` + c.id[task.Responsible] + `"}`, c.id[task.Owner]},
			{"name", `"Draft"`, `"Final"`, c.id[task.Owner]},
			{"", `null`, `null`, c.id[task.Owner]},
		}
		list := r.List()
		if len(list) != len(want) || r.Meta()["pagination"].(map[string]any)["count"] != float64(len(want)) {
			t.Fatalf("want %d changes, got %s", len(want), r.Body)
		}
		for i, w := range want {
			got := list[i]
			field, _ := got["field"].(string)
			if got["contentType"] != "FieldChange" || field != w.field || js(got["oldValue"]) != w.old ||
				js(got["newValue"]) != w.new || linkID(got, "author") != w.author || at(got, "timeCreated") == "" {
				t.Errorf("change %d: want %v, got %v", i, w, got)
			}
		}
		if list[5]["description"] != "created" || linkID(list[0], "changedEntity") != id {
			t.Errorf("creation row or subject: %v", list)
		}

		page := h.Do("GET", path+"/history"+apitest.Q(`{"limit":2,"pageAfter":"`+list[2]["id"].(string)+`"}`), apitest.Req{Token: olga})
		p := page.List()
		if len(p) != 2 || p[0]["field"] != "responsible" || p[1]["field"] != "name" || page.Meta()["pagination"].(map[string]any)["hasMoreNext"] != true {
			t.Errorf("second page: %s", page.Body)
		}
		if r := h.Do("GET", path+"/history", apitest.Req{Token: c.tok[task.Executor]}); r.Status != 404 {
			t.Errorf("someone off the task: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/project/"+id+"/history", apitest.Req{}); r.Status != 404 {
			t.Errorf("not a project: %d", r.Status)
		}
	})
}

func js(v any) string { b, _ := json.Marshal(v); return string(b) }
