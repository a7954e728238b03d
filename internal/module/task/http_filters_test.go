package task_test

import (
	"strconv"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestTaskSystemFiltersAndFavourites(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		lev, mira := h.NewUser(t, "lev@example.com"), h.NewUser(t, "mira@example.com")
		levID := h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: lev}).Obj()["id"].(string)
		levLink := map[string]any{"contentType": "Employee", "id": levID}
		mk := func(body map[string]any) string {
			r := h.Do("POST", "/api/v3/task", apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("task: %s", r.Body)
			}
			return r.Obj()["id"].(string)
		}
		forLev := mk(map[string]any{"name": "Для Льва", "responsible": levLink})
		mk(map[string]any{"name": "Своя", "responsible": map[string]any{"contentType": "Employee", "id": "1"}})
		mk(map[string]any{"name": "Лев смотрит", "responsible": map[string]any{"contentType": "Employee", "id": "1"}, "auditors": []any{levLink}})
		mk(map[string]any{"name": "Просрочена", "responsible": map[string]any{"contentType": "Employee", "id": "1"},
			"deadline": map[string]any{"contentType": "DateOnly", "year": 2020, "month": 0, "day": 10}})
		mk(map[string]any{"name": "Шаблон", "isTemplate": true})
		saved := h.Do("POST", "/api/v3/taskFilter", apitest.Req{Body: map[string]any{"title": "Про Льва", "config": map[string]any{
			"contentType": "FilterConfig", "termGroup": map[string]any{"contentType": "FilterTermGroup", "join": "and", "terms": []any{
				map[string]any{"contentType": "FilterTermString", "field": "name", "comparison": "contains", "value": "Льв"}}}}}})
		if saved.Status != 200 {
			t.Fatalf("saved filter: %s", saved.Body)
		}
		count := func(id string, n int) string {
			return `"count":` + strconv.Itoa(n) + `,"href":"/task/filter/` + id + `","id":"` + id + `"`
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the administrator's panel", Method: "GET", Path: "/api/v3/taskFilter", Status: 200,
				Contains: []string{count("any", 4), count("actual", 4), count("completed", 0), count("overdue", 1), count("mine", 4),
					count("responsible", 3), count("auditor", 0), count("delegated", 1), count("favorites", 0),
					`"title":"Про Льва"`, `"count":1`, `"title":"Все задачи"`}},
			{Name: "Lev's panel counts what Lev sees", Method: "GET", Path: "/api/v3/taskFilter", Status: 200, Req: apitest.Req{Token: lev},
				Contains: []string{count("any", 2), count("mine", 2), count("responsible", 1), count("auditor", 1), count("delegated", 0)}},
			{Name: "English titles", Method: "GET", Path: "/api/v3/taskFilter/actual", Status: 200,
				Req: apitest.Req{Headers: map[string]string{"Accept-Language": "en"}}, Contains: []string{`"title":"Current"`}},
			{Name: "a built-in filter lists tasks", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"TaskFilter","id":"responsible"}}`),
				Status: 200, Req: apitest.Req{Token: lev}, Contains: []string{`"name":"Для Льва"`}, NotContains: []string{`"name":"Лев смотрит"`}},
			{Name: "an unknown one is refused", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"TaskFilter","id":"nosuch"}}`), Status: 422},
			{Name: "Lev stars his task", Method: "POST", Path: "/api/v3/task/" + forLev + "/favorite", Status: 200, Req: apitest.Req{Token: lev}, Contains: []string{`"isFavorite":true`}},
			{Name: "his favourites filter finds it", Method: "GET", Path: "/api/v3/taskFilter/favorites", Status: 200, Req: apitest.Req{Token: lev}, Contains: []string{`"count":1`}},
			{Name: "the administrator's does not", Method: "GET", Path: "/api/v3/task/" + forLev, Status: 200, Contains: []string{`"isFavorite":false`}},
			{Name: "GET /favorite", Method: "GET", Path: "/api/v3/favorite", Status: 200, Req: apitest.Req{Token: lev}, Contains: []string{`"name":"Для Льва"`}},
			{Name: "Mira cannot star what she cannot see", Method: "POST", Path: "/api/v3/task/" + forLev + "/favorite", Status: 404, Req: apitest.Req{Token: mira}},
			{Name: "unstar", Method: "DELETE", Path: "/api/v3/task/" + forLev + "/favorite", Status: 200, Req: apitest.Req{Token: lev}, Contains: []string{`"isFavorite":false`}},
			{Name: "favourites empty again", Method: "GET", Path: "/api/v3/favorite", Status: 200, Req: apitest.Req{Token: lev}, Contains: []string{`"data":[]`}},
		})
	})
}
