package related_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The calls around an entity over HTTP: a type's search, a task's and a
// deal's participants, the files of a task and of its comments, the
// search of its comments; what the reader cannot see is 404 or left out.
func TestAroundAnEntity(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		levID, lev := h.Person(t, "Лев", "lev@example.com", "long enough pass")
		annaID, _ := h.Person(t, "Анна", "anna@example.com", "long enough pass")
		_, mira := h.Person(t, "Мира", "mira@example.com", "long enough pass")
		picture := h.Upload(t, "", "plan.png", []byte("\x89PNG\r\n\x1a\nnot really")).Obj()["id"].(string)
		contract := h.Upload(t, "", "договор.txt", []byte("текст договора")).Obj()["id"].(string)
		other := h.Upload(t, "", "чужой.txt", []byte("другое")).Obj()["id"].(string)
		task := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Согласовать смету ремонта",
			"responsible": apitest.Link("Employee", levID), "auditors": []any{apitest.Link("Employee", annaID), apitest.Link("Employee", levID)},
			"attaches": []any{apitest.Link("File", picture)}}})
		if task.Status != 200 {
			t.Fatalf("task: %s", task.Body)
		}
		id := task.Obj()["id"].(string)
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Закупить краску", "attaches": []any{apitest.Link("File", other)}}})
		for _, c := range []map[string]any{{"content": "Смета согласована с заказчиком", "attaches": []any{apitest.Link("File", contract)}}, {"content": "Жду подписи"}} {
			if r := h.Do("POST", "/api/v3/task/"+id+"/comments", apitest.Req{Body: c}); r.Status != 200 {
				t.Fatalf("comment: %s", r.Body)
			}
		}
		names := func(r *apitest.Resp) string {
			var out []string
			for _, m := range r.List() {
				s, _ := m["name"].(string)
				if s == "" {
					s, _ = m["content"].(string)
				}
				out = append(out, s)
			}
			return strings.Join(out, ",")
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a type's search", Method: "GET", Path: "/api/v3/task/search" + apitest.Q(`{"q":"смета"}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := names(r); got != "Согласовать смету ремонта" {
						t.Fatalf("found %q: %s", got, r.Body)
					}
				}},
			{Name: "participants, each once, in role order", Method: "GET", Path: "/api/v3/task/" + id + "/allParticipants", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					var ids []string
					for _, m := range r.List() {
						ids = append(ids, m["contentType"].(string)+":"+m["id"].(string))
					}
					// The owner (the administrator who created it), Лев, Анна.
					if len(ids) != 3 || ids[1] != "Employee:"+levID || ids[2] != "Employee:"+annaID {
						t.Fatalf("%v: %s", ids, r.Body)
					}
				}},
			{Name: "the files of the task and its comments", Method: "GET", Path: "/api/v3/task/" + id + "/allFiles", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := names(r); got != "plan.png,договор.txt" && got != "договор.txt,plan.png" {
						t.Fatalf("files %q: %s", got, r.Body)
					}
				}},
			{Name: "only the documents", Method: "GET", Path: "/api/v3/task/" + id + "/allFiles" + apitest.Q(`{"type":"document"}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := names(r); got != "договор.txt" {
						t.Fatalf("files %q: %s", got, r.Body)
					}
				}},
			{Name: "files by name", Method: "GET", Path: "/api/v3/task/" + id + "/allFiles" + apitest.Q(`{"q":"plan"}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := names(r); got != "plan.png" {
						t.Fatalf("files %q: %s", got, r.Body)
					}
				}},
			{Name: "an unknown kind of file", Method: "GET", Path: "/api/v3/task/" + id + "/allFiles" + apitest.Q(`{"type":"spreadsheet"}`), Status: 422,
				Contains: []string{`"field":"type"`, `"type":"file_kind"`}},
			{Name: "the comments searched", Method: "GET", Path: "/api/v3/task/" + id + "/comments/search" + apitest.Q(`{"q":"заказчиком"}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := names(r); got != "Смета согласована с заказчиком" {
						t.Fatalf("comments %q: %s", got, r.Body)
					}
				}},
			{Name: "a responsible sees the task's files", Method: "GET", Path: "/api/v3/task/" + id + "/allFiles", Status: 200,
				Req: apitest.Req{Token: lev}, Contains: []string{`"plan.png"`}},
			{Name: "participants of a task the reader cannot see", Method: "GET", Path: "/api/v3/task/" + id + "/allParticipants", Status: 404,
				Req: apitest.Req{Token: mira}, Contains: []string{`"type":"not_found"`}},
			{Name: "files of a task the reader cannot see", Method: "GET", Path: "/api/v3/task/" + id + "/allFiles", Status: 404,
				Req: apitest.Req{Token: mira}},
			{Name: "the search leaves out what the reader cannot see", Method: "GET", Path: "/api/v3/task/search" + apitest.Q(`{"q":"смета"}`), Status: 200,
				Req: apitest.Req{Token: mira}, Contains: []string{`"data":[]`}},
			{Name: "a bad search parameter", Method: "GET", Path: "/api/v3/deal/search" + apitest.Q(`{"q":"x","limit":"many"}`), Status: 422},
		})
	})
}

// Each reader's settings of a list filter, saved and built-in, kept per
// reader; a saved filter the reader cannot see is 404.
func TestFilterSettings(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		_, lev := h.Person(t, "Лев", "lev@example.com", "long enough pass")
		saved := h.Do("POST", "/api/v3/taskFilter", apitest.Req{Body: map[string]any{"title": "Мои срочные", "config": map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"contentType": "FilterTermGroup", "join": "and", "terms": []any{}}}}})
		if saved.Status != 200 {
			t.Fatalf("filter: %s", saved.Body)
		}
		id := saved.Obj()["id"].(string)
		path := "/api/v3/taskFilter/" + id + "/newFilterSettings"
		h.Run(t, []apitest.Scenario{
			{Name: "none yet", Method: "GET", Path: path, Status: 200, Contains: []string{`"contentType":"UserSetting"`, `"value":null`}},
			{Name: "saved", Method: "POST", Path: path, Status: 200, Req: apitest.Req{Body: map[string]any{"value": map[string]any{"columns": []any{"name", "deadline"}}}},
				Contains: []string{`"columns":["name","deadline"]`}},
			{Name: "read back", Method: "GET", Path: path, Status: 200, Contains: []string{`"columns":["name","deadline"]`}},
			{Name: "a built-in filter's", Method: "POST", Path: "/api/v3/taskFilter/actual/newFilterSettings", Status: 200,
				Req: apitest.Req{Body: map[string]any{"value": map[string]any{"sort": "deadline"}}}, Contains: []string{`"sort":"deadline"`}},
			{Name: "another reader's are their own", Method: "GET", Path: "/api/v3/taskFilter/actual/newFilterSettings", Status: 200,
				Req: apitest.Req{Token: lev}, Contains: []string{`"value":null`}},
			{Name: "no value", Method: "POST", Path: path, Status: 422, Req: apitest.Req{Body: map[string]any{"columns": []any{}}},
				Contains: []string{`"field":"value"`}},
			{Name: "an unknown saved filter", Method: "GET", Path: "/api/v3/taskFilter/999999/newFilterSettings", Status: 404},
		})
		if r := h.Do("GET", path, apitest.Req{}); !strings.Contains(string(r.Body), `"deadline"`) {
			t.Fatalf("a refused save changed the settings: %s", r.Body)
		}
	})
}
