package crm_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A client's tasks still in work (or of the kinds asked for), the filters
// a client is in, the people given guest access, and the tags offered.
func TestClientCardReads(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		me := apitest.Link("Employee", h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string))
		guest := create(t, h, "contractorHuman", map[string]any{"firstName": "Гость", "loginEmail": "guest@client.ru",
			"password": "guest password", "isGuestAccessEnabled": true, "responsibles": []any{me}})
		other := create(t, h, "contractorHuman", map[string]any{"firstName": "Обычный"})
		client := apitest.Link("ContractorHuman", guest)
		for name, status := range map[string]string{"Позвонить": "assigned", "Отправить КП": "completed"} {
			create(t, h, "task", map[string]any{"name": name, "status": status, "contractor": client, "responsible": me})
		}
		create(t, h, "task", map[string]any{"name": "Чужая", "contractor": apitest.Link("ContractorHuman", other), "responsible": me})
		mine := create(t, h, "crmFilter", map[string]any{"title": "Мои", "config": config("and", refTerm("responsibles", me))})
		create(t, h, "crmFilter", map[string]any{"title": "Пустой", "config": config("and", refTerm("responsibles", apitest.Link("Employee", "999999")))})
		create(t, h, "tag", map[string]any{"name": "VIP-клиент"})
		sorted := func(path, field, want string) apitest.Scenario {
			return apitest.Scenario{Name: "list " + path, Method: "GET", Path: "/api/v3/" + path, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					var got []string
					for _, o := range r.List() {
						got = append(got, fmt.Sprint(o[field]))
					}
					sort.Strings(got)
					if fmt.Sprint(got) != want {
						t.Errorf("%s lists %v, want %s", path, got, want)
					}
				}}
		}
		tasks := "contractor/" + guest + "/actualTasks"
		h.Run(t, []apitest.Scenario{
			sorted(tasks, "name", "[Позвонить]"),
			sorted("contractorHuman/"+guest+"/actualTasks"+apitest.Q(`{"filters":[{"contentType":"TaskResultTypeFilter","types":["completed"]}]}`), "name", "[Отправить КП]"),
			sorted(tasks+apitest.Q(`{"filters":[{"types":["active","completed"]}]}`), "name", "[Отправить КП Позвонить]"),
			{Name: "filters not a list", Method: "GET", Path: "/api/v3/" + tasks + apitest.Q(`{"filters":"active"}`), Status: 422, Contains: []string{`"field":"filters"`}},
			{Name: "an unknown kind", Method: "GET", Path: "/api/v3/" + tasks + apitest.Q(`{"filters":[{"types":["lost"]}]}`), Status: 422, Contains: []string{`"field":"filters"`}},
			sorted("contractor/"+guest+"/groups", "id", "["+mine+"]"),
			sorted("contractorHuman/"+guest+"/groups"+apitest.Q(`{"withFixedFilters":true}`), "id", "["+mine+" all mine]"),
			sorted("contractor/"+other+"/groups"+apitest.Q(`{"withFixedFilters":true}`), "id", "[all]"),
			{Name: "withFixedFilters not a boolean", Method: "GET", Path: "/api/v3/contractor/" + guest + "/groups" + apitest.Q(`{"withFixedFilters":"yes"}`), Status: 422},
			{Name: "an unknown client's groups", Method: "GET", Path: "/api/v3/contractor/999999/groups", Status: 404},
			sorted("contractorHuman/guests", "id", "["+guest+"]"),
			sorted("contractor/tags"+apitest.Q(`{"name":"vip"}`), "name", "[VIP-клиент]"),
		})
	})
}
