package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestPayers(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		company := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Север»"})
		other := create(t, h, "contractorHuman", map[string]any{"firstName": "Иван"})
		path := "/api/v3/contractorCompany/" + company
		payer := func(name string) map[string]any {
			return map[string]any{"type": "Legal", "name": name, "inn": "7701234567", "country": map[string]any{"contentType": "Country", "id": "1"},
				"contractor": map[string]any{"contentType": "ContractorHuman", "id": other}}
		}
		var first string
		count := func(want int) apitest.Scenario {
			return apitest.Scenario{Name: "the client's payers", Method: "GET", Path: path + "/payers", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if n := len(r.List()); n != want {
						t.Errorf("%d payers, want %d: %s", n, want, r.Body)
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a payer is added for the client, whatever the body names", Method: "POST", Path: path + "/payers", Status: 200,
				Req: apitest.Req{Body: payer("ООО «Север»")}, Contains: []string{`"contractor":{"contentType":"ContractorCompany","id":"` + company + `"`},
				Check: func(t *testing.T, r *apitest.Resp) { first, _ = r.Obj()["id"].(string) }},
			{Name: "a second one through /contractor", Method: "POST", Path: "/api/v3/contractor/" + company + "/payers", Status: 200,
				Req: apitest.Req{Body: payer("ООО «Север-Логистик»")}},
			{Name: "a bad payer is refused", Method: "POST", Path: path + "/payers", Status: 422,
				Req: apitest.Req{Body: map[string]any{"type": "Alien"}}, Contains: []string{`"field":"type"`}},
			count(2),
			{Name: "the client counts them", Method: "GET", Path: path + apitest.Q(`{"fields":["payersCount"]}`), Status: 200,
				Contains: []string{`"payersCount":2`}},
			{Name: "drop", Method: "DELETE", Path: path, Status: 200},
			{Name: "delete forever", Method: "DELETE", Path: path, Status: 200},
		})
		if r := h.Do("GET", "/api/v3/payer/"+first, apitest.Req{}); r.Status != 404 {
			t.Errorf("a deleted client's payer is left: %d %s", r.Status, r.Body)
		}
	})
}
