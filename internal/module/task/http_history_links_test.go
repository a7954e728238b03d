package task_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/task"
)

// The journal of collections and extra fields: executors changed by a
// save that carries them and by the collection routes, tags put on and
// taken off, an extra field set and changed, each in its author's name;
// a collection change is a row of removed links and a row of added ones,
// as the reference's FieldChange has it for arrays. Refused changes (403,
// 422) leave no row, and paging walks the whole journal.
func TestTaskHistoryCollections(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newTaskCast(t, h)
		olga, anna := c.tok[task.Owner], c.tok[task.Auditor]
		emp := func(role task.Role) map[string]any { return apitest.Link("Employee", c.id[role]) }
		boris := apitest.Link("Employee", c.boris)
		r := h.Do("POST", "/api/v3/task/extraFields", apitest.Req{Body: map[string]any{"contentType": "StringField", "hrName": "Канал"}})
		if r.Status != 200 {
			t.Fatalf("extra field: %s", r.Body)
		}
		channel := r.Obj()["name"].(string)
		r = h.Do("POST", "/api/v3/task", apitest.Req{Token: olga, Body: map[string]any{"name": "Отчёт", "owner": emp(task.Owner),
			"auditors": []any{emp(task.Auditor)}}})
		if r.Status != 200 {
			t.Fatalf("create: %s", r.Body)
		}
		path := "/api/v3/task/" + r.Obj()["id"].(string)
		step := func(name, method, url string, token string, body any) *apitest.Resp {
			t.Helper()
			c.tick()
			r := h.Do(method, url, apitest.Req{Token: token, Body: body})
			if r.Status != 200 {
				t.Fatalf("%s: %d %s", name, r.Status, r.Body)
			}
			return r
		}
		step("executors by a save", "POST", path, olga, map[string]any{"executors": []any{emp(task.Executor), emp(task.Responsible)}})
		step("an executor by the collection route", "POST", path+"/executors", olga, boris)
		step("an executor removed by the route", "DELETE", path+"/executors/Employee/"+c.id[task.Executor], olga, nil)
		step("executors replaced by a save", "POST", path, olga, map[string]any{"executors": []any{boris, emp(task.Executor)}})
		step("executors only reordered", "POST", path, olga, map[string]any{"executors": []any{emp(task.Executor), boris}})
		step("a tag put on", "POST", path+"/tags", anna, map[string]any{"name": "Срочно"})
		tagID := h.Do("GET", path+"/tags", apitest.Req{Token: olga}).List()[0]["id"].(string)
		step("the tag taken off", "DELETE", path+"/tags/"+tagID, olga, nil)
		step("an extra field set", "POST", path, olga, map[string]any{channel: "Сайт"})
		step("an extra field changed", "POST", path, olga, map[string]any{channel: "Звонок"})

		all := h.Do("GET", path+"/history", apitest.Req{Token: olga})
		count := all.Meta()["pagination"].(map[string]any)["count"]
		refused := []struct {
			name, method, url string
			token             string
			body              any
			status            int
		}{
			{"an auditor adds an executor", "POST", path + "/executors", anna, emp(task.Auditor), 403},
			{"an auditor removes one", "DELETE", path + "/executors/Employee/" + c.boris, anna, nil, 403},
			{"an auditor replaces them", "POST", path, anna, map[string]any{"executors": []any{emp(task.Auditor)}}, 403},
			{"an executor who does not exist", "POST", path + "/executors", olga, apitest.Link("Employee", "99999"), 422},
			{"executors with a responsible who does not exist", "POST", path, olga, map[string]any{"executors": []any{emp(task.Auditor)},
				channel: "Почта", "responsible": apitest.Link("Employee", "99999")}, 422},
		}
		for _, x := range refused {
			if r := h.Do(x.method, x.url, apitest.Req{Token: x.token, Body: x.body}); r.Status != x.status {
				t.Errorf("%s: want %d, got %d %s", x.name, x.status, r.Status, r.Body)
			}
		}

		e, b, o, a := c.id[task.Executor], c.boris, c.id[task.Owner], c.id[task.Auditor]
		people := func(ids ...string) string {
			out := make([]string, len(ids))
			for i, id := range ids {
				out[i] = `{"contentType":"Employee","id":"` + id + `"}`
			}
			return "[" + strings.Join(out, ",") + "]"
		}
		tag := `[{"contentType":"Tag","id":"` + tagID + `"}]`
		type row struct{ field, old, new, author string }
		want := []row{
			{channel, `"Сайт"`, `"Звонок"`, o},
			{channel, `null`, `"Сайт"`, o},
			{"tags", tag, `null`, o},
			{"tags", `null`, tag, a},
			{"executors", `null`, people(e), o},
			{"executors", people(c.id[task.Responsible]), `null`, o},
			{"executors", people(e), `null`, o},
			{"executors", `null`, people(b), o},
			{"executors", `null`, people(e, c.id[task.Responsible]), o},
			{"", `null`, `null`, o},
		}
		r = h.Do("GET", path+"/history", apitest.Req{Token: olga})
		list := r.List()
		if len(list) != len(want) || count != float64(len(want)) || r.Meta()["pagination"].(map[string]any)["count"] != count {
			t.Fatalf("want %d changes (before the refusals: %v), got %s", len(want), count, r.Body)
		}
		for i, w := range want {
			got := list[i]
			field, _ := got["field"].(string)
			if field != w.field || js(got["oldValue"]) != w.old || js(got["newValue"]) != w.new || linkID(got, "author") != w.author {
				t.Errorf("change %d: want %v, got %v", i, w, got)
			}
		}
		if js(list[4]["timeCreated"]) != js(list[5]["timeCreated"]) {
			t.Errorf("the two rows of one save differ in time: %v %v", list[4], list[5])
		}
		if exec := h.Do("GET", path, apitest.Req{Token: olga}).Obj()["executorsCount"]; exec != float64(2) {
			t.Errorf("a refusal changed the executors: %v", exec)
		}

		var paged []string
		after := ""
		for pages := 0; pages < 10; pages++ {
			q := `{"limit":3}`
			if after != "" {
				q = `{"limit":3,"pageAfter":"` + after + `"}`
			}
			p := h.Do("GET", path+"/history"+apitest.Q(q), apitest.Req{Token: olga})
			for _, x := range p.List() {
				paged = append(paged, x["id"].(string))
				after = x["id"].(string)
			}
			if p.Meta()["pagination"].(map[string]any)["hasMoreNext"] != true {
				break
			}
		}
		if len(paged) != len(list) {
			t.Fatalf("paging saw %d of %d changes", len(paged), len(list))
		}
		for i, x := range list {
			if paged[i] != x["id"] {
				t.Errorf("page order %d: %s, want %s", i, paged[i], x["id"])
			}
		}
	})
}

// A project journals its collections the same way: a file attached and
// detached by the collection routes, participants set by a save.
func TestProjectHistoryCollections(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		r := h.Do("POST", "/api/v3/project", apitest.Req{Body: map[string]any{"name": "Переезд"}})
		if r.Status != 200 {
			t.Fatalf("project: %s", r.Body)
		}
		path := "/api/v3/project/" + r.Obj()["id"].(string)
		file := h.Upload(t, "", "план.txt", []byte("план")).Obj()["id"].(string)
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		for _, x := range []struct {
			method, url string
			body        any
		}{
			{"POST", path + "/attaches", apitest.Link("File", file)},
			{"POST", path, map[string]any{"participants": []any{apitest.Link("Employee", me)}}},
			{"DELETE", path + "/attaches/File/" + file, nil},
		} {
			if r := h.Do(x.method, x.url, apitest.Req{Body: x.body}); r.Status != 200 {
				t.Fatalf("%s %s: %s", x.method, x.url, r.Body)
			}
		}
		list := h.Do("GET", path+"/history", apitest.Req{}).List()
		want := [][3]string{
			{"attaches", `[{"contentType":"File","id":"` + file + `"}]`, `null`},
			{"participants", `null`, `[{"contentType":"Employee","id":"` + me + `"}]`},
			{"attaches", `null`, `[{"contentType":"File","id":"` + file + `"}]`},
			{"", `null`, `null`},
		}
		if len(list) != len(want) {
			t.Fatalf("want %d changes, got %v", len(want), list)
		}
		for i, w := range want {
			field, _ := list[i]["field"].(string)
			if field != w[0] || js(list[i]["oldValue"]) != w[1] || js(list[i]["newValue"]) != w[2] || linkID(list[i], "author") != me {
				t.Errorf("change %d: want %v, got %v", i, w, list[i])
			}
		}
	})
}
