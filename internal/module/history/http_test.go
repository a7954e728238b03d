package history_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The journal of types beyond tasks: a to-do and a client, read as a
// reference client reads GET /{entity}/{entityId}/history.
func TestHistoryOfOtherTypes(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		nina := h.NewUser(t, "nina@example.com")
		todo := h.Do("POST", "/api/v3/todo", apitest.Req{Body: `{"name":"Позвонить"}`, ContentType: "application/json"}).Obj()["id"].(string)
		if r := h.Do("POST", "/api/v3/todo/"+todo, apitest.Req{Body: `{"name":"Перезвонить","description":"завтра"}`, ContentType: "application/json"}); r.Status != 200 {
			t.Fatalf("edit: %s", r.Body)
		}
		human := h.Do("POST", "/api/v3/contractorHuman", apitest.Req{Body: `{"firstName":"Анна"}`, ContentType: "application/json"})
		if human.Status != 200 {
			t.Fatalf("client: %s", human.Body)
		}
		hid := human.Obj()["id"].(string)
		if r := h.Do("POST", "/api/v3/contractorHuman/"+hid, apitest.Req{Body: `{"lastName":"Смирнова"}`, ContentType: "application/json"}); r.Status != 200 {
			t.Fatalf("client edit: %s", r.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "to-do", Method: "GET", Path: "/api/v3/todo/" + todo + "/history", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					list := r.List()
					if len(list) != 3 || list[0]["field"] != "name" || list[0]["oldValue"] != "Позвонить" || list[1]["field"] != "description" ||
						list[2]["description"] != "created" || list[0]["changedEntity"].(map[string]any)["contentType"] != "Todo" {
						t.Fatalf("%s", r.Body)
					}
				}},
			{Name: "paged", Method: "GET", Path: "/api/v3/todo/" + todo + "/history?%7B%22limit%22%3A1%7D", Status: 200,
				Contains: []string{`"count":3`, `"hasMoreNext":true`, `"field":"name"`}},
			{Name: "client", Method: "GET", Path: "/api/v3/contractorHuman/" + hid + "/history", Status: 200,
				Contains: []string{`"field":"lastName"`, `"newValue":"Смирнова"`, `"description":"created"`}},
			{Name: "a to-do the reader cannot see", Method: "GET", Path: "/api/v3/todo/" + todo + "/history", Status: 404,
				Req: apitest.Req{Token: nina}, Contains: []string{`"type":"not_found"`}},
			{Name: "unknown to-do", Method: "GET", Path: "/api/v3/todo/999999/history", Status: 404, Contains: []string{`"type":"not_found"`}},
			{Name: "a type without history", Method: "GET", Path: "/api/v3/employee/1/history", Status: 404, Contains: []string{`"type":"route_not_found"`}},
		})
	})
}
