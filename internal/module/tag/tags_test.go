package tag_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestTags(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		lev, mira := h.NewUser(t, "lev@example.com"), h.NewUser(t, "mira@example.com")
		levID := h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: lev}).Obj()["id"].(string)
		r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Счёт клиенту",
			"responsible": map[string]any{"contentType": "Employee", "id": levID}}})
		task := "/api/v3/task/" + r.Obj()["id"].(string)
		var tagID string
		h.Run(t, []apitest.Scenario{
			// Lev is responsible, not owner: seeing the task is enough to label it.
			{Name: "a new tag by name", Method: "POST", Path: task + "/tags", Status: 200, Req: apitest.Req{Token: lev, Body: map[string]any{"name": " Срочно "}},
				Contains: []string{`"tagsCount":1`}},
			{Name: "the same name again reuses it", Method: "POST", Path: task + "/tags", Status: 200, Req: apitest.Req{Body: map[string]any{"name": "срочно"}},
				Contains: []string{`"tagsCount":1`}},
			{Name: "the entity's tags", Method: "GET", Path: task + "/tags", Status: 200, Contains: []string{`"name":"Срочно"`},
				Check: func(t *testing.T, r *apitest.Resp) { tagID = r.List()[0]["id"].(string) }},
			{Name: "variants by name", Method: "GET", Path: "/api/v3/task/tags" + apitest.Q(`{"name":"СРОЧ"}`), Status: 200, Contains: []string{`"name":"Срочно"`}},
			{Name: "no variants", Method: "GET", Path: "/api/v3/task/tags" + apitest.Q(`{"name":"нет"}`), Status: 200, Contains: []string{`"data":[]`}},
			{Name: "a duplicate name is refused", Method: "POST", Path: "/api/v3/tag", Status: 422, Req: apitest.Req{Body: map[string]any{"name": "СРОЧНО"}},
				Contains: []string{"Такая метка уже существует", `"field":"name"`}},
			{Name: "an empty body", Method: "POST", Path: task + "/tags", Status: 422, Req: apitest.Req{Body: map[string]any{}}},
			{Name: "Mira cannot label what she cannot see", Method: "POST", Path: task + "/tags", Status: 404, Req: apitest.Req{Token: mira, Body: map[string]any{"name": "x"}}},
		})
		project := "/api/v3/project/" + h.Do("POST", "/api/v3/project", apitest.Req{Body: map[string]any{"name": "П"}}).Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "attach by link", Method: "POST", Path: project + "/tags", Status: 200, Req: apitest.Req{Body: map[string]any{"contentType": "Tag", "id": tagID}},
				Contains: []string{`"tagsCount":1`}},
			{Name: "others see it but cannot edit", Method: "GET", Path: "/api/v3/tag/" + tagID, Status: 200, Req: apitest.Req{Token: mira}, Contains: []string{`"canEdit":false`}},
			{Name: "only its author (or an administrator) renames it", Method: "POST", Path: "/api/v3/task/tags/" + tagID, Status: 403,
				Req: apitest.Req{Token: mira, Body: map[string]any{"name": "Важно"}}},
			{Name: "the author may", Method: "POST", Path: "/api/v3/task/tags/" + tagID, Status: 200, Req: apitest.Req{Token: lev, Body: map[string]any{"name": "Важно"}},
				Contains: []string{`"name":"Важно"`, `"canEdit":true`}},
			{Name: "detach", Method: "DELETE", Path: task + "/tags/" + tagID, Status: 200, Req: apitest.Req{Token: lev}, Contains: []string{`"data":[]`}},
			{Name: "detached", Method: "GET", Path: task, Status: 200, Contains: []string{`"tagsCount":0`}},
			{Name: "delete the tag", Method: "DELETE", Path: "/api/v3/task/tags/" + tagID, Status: 200, Req: apitest.Req{Token: lev}, Contains: []string{`"name":"Важно"`}},
			{Name: "gone from the project too", Method: "GET", Path: project, Status: 200, Contains: []string{`"tagsCount":0`}},
		})
	})
}
