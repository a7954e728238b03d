package crm_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A client's to-dos are those whose relations name it; one made through
// the client's route has the client among its relations.
func TestClientTodos(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		client := create(t, h, "contractorHuman", map[string]any{"firstName": "Клиент"})
		other := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Другая»"})
		me := apitest.Link("ContractorHuman", client)
		create(t, h, "todo", map[string]any{"name": "Позвонить", "relations": []any{me}})
		create(t, h, "todo", map[string]any{"name": "Чужое", "relations": []any{apitest.Link("ContractorCompany", other)}})
		list := func(path, want string) apitest.Scenario {
			return apitest.Scenario{Name: "list " + path, Method: "GET", Path: "/api/v3/" + path, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					got := names(r)
					sort.Strings(got)
					if fmt.Sprint(got) != want {
						t.Errorf("%s lists %v, want %s", path, got, want)
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			list("contractorHuman/"+client+"/todos", "[Позвонить]"),
			{Name: "a to-do added on the client", Method: "POST", Path: "/api/v3/contractorHuman/" + client + "/todos", Status: 200,
				Req:      apitest.Req{Body: map[string]any{"name": "Встреча", "relations": []any{apitest.Link("ContractorCompany", other)}}},
				Contains: []string{`"name":"Встреча"`, `{"contentType":"ContractorHuman","id":"` + client + `"}`, `{"contentType":"ContractorCompany","id":"` + other + `"}`}},
			{Name: "the client named already is not named twice", Method: "POST", Path: "/api/v3/contractor/" + client + "/todos", Status: 200,
				Req: apitest.Req{Body: map[string]any{"name": "Письмо", "relations": []any{me}}}, Contains: []string{`"relationsCount":1`}},
			list("contractor/"+client+"/todos", "[Встреча Письмо Позвонить]"),
			list("contractorCompany/"+other+"/todos", "[Встреча Чужое]"),
			{Name: "a to-do without a name", Method: "POST", Path: "/api/v3/contractorHuman/" + client + "/todos", Status: 422,
				Req: apitest.Req{Body: map[string]any{"description": "x"}}, Contains: []string{`"field":"name"`}},
			{Name: "relations not a list", Method: "POST", Path: "/api/v3/contractorHuman/" + client + "/todos", Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "x", "relations": "nope"}}, Contains: []string{`"field":"relations"`}},
			{Name: "not JSON", Method: "POST", Path: "/api/v3/contractorHuman/" + client + "/todos", Status: 400, Req: apitest.Req{Body: "{"}},
			{Name: "an unknown client", Method: "GET", Path: "/api/v3/contractorHuman/999999/todos", Status: 404},
			{Name: "an unknown client's new to-do", Method: "POST", Path: "/api/v3/contractor/999999/todos", Status: 404,
				Req: apitest.Req{Body: map[string]any{"name": "x"}}},
		})
		if n := len(h.Do("GET", "/api/v3/todo", apitest.Req{}).List()); n != 4 {
			t.Fatalf("refused to-dos were made: %d to-dos", n)
		}
	})
}
