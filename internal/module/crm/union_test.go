package crm_test

import (
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestContractorUnion(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		company := create(t, h, "contractor", map[string]any{"contentType": "ContractorCompany", "name": "АО «Б»"})
		person := create(t, h, "contractor", map[string]any{"contentType": "ContractorHuman", "firstName": "А",
			"company": map[string]any{"contentType": "ContractorCompany", "id": company}})
		create(t, h, "contractorCompany", map[string]any{"name": "В"})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Г"})
		if person == company {
			t.Fatalf("a person and a company share id %s", person)
		}
		var all []string
		h.Run(t, []apitest.Scenario{
			{Name: "the list holds both types", Method: "GET", Path: "/api/v3/contractor", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					all = names(r)
					if len(all) != 4 || r.Meta()["pagination"].(map[string]any)["count"] != 4.0 {
						t.Errorf("list %v %v", all, r.Meta())
					}
				}},
		})
		// Pages of two, each after the last client of the one before,
		// whatever its type, walk the same list.
		var walked []string
		after := ""
		for range 3 {
			r := h.Do("GET", "/api/v3/contractor"+apitest.Q(`{"limit":2`+after+`}`), apitest.Req{})
			if r.Status != 200 {
				t.Fatalf("page: %d %s", r.Status, r.Body)
			}
			list := r.List()
			walked = append(walked, names(r)...)
			if len(list) == 0 {
				break
			}
			last := list[len(list)-1]
			after = fmt.Sprintf(`,"pageAfter":{"contentType":%q,"id":%q}`, last["contentType"], last["id"])
		}
		if fmt.Sprint(walked) != fmt.Sprint(all) {
			t.Errorf("pages walked %v, the list is %v", walked, all)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "search across both", Method: "GET", Path: "/api/v3/contractor" + apitest.Q(`{"q":"б"}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := fmt.Sprint(names(r)); got != "[АО «Б»]" {
						t.Errorf("q %s", got)
					}
				}},
			{Name: "a field only people have", Method: "GET", Path: "/api/v3/contractor" + apitest.Q(`{"sortBy":[{"fieldName":"gender"}]}`), Status: 422,
				Contains: []string{`"field":"sortBy"`}},
			{Name: "get a person", Method: "GET", Path: "/api/v3/contractor/" + person, Status: 200, Contains: []string{`"contentType":"ContractorHuman"`}},
			{Name: "get a company", Method: "GET", Path: "/api/v3/contractor/" + company, Status: 200, Contains: []string{`"contentType":"ContractorCompany"`}},
			{Name: "a company's people", Method: "GET", Path: "/api/v3/contractor/" + company + "/contacts", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := fmt.Sprint(names(r)); got != "[А]" {
						t.Errorf("contacts %s", got)
					}
				}},
			{Name: "the company lists them too", Method: "GET", Path: "/api/v3/contractorCompany/" + company + apitest.Q(`{"fields":["contacts"]}`), Status: 200,
				Contains: []string{`"id":"` + person + `"`}},
			{Name: "create without a type", Method: "POST", Path: "/api/v3/contractor", Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "?"}}, Contains: []string{`"field":"contentType"`}},
			{Name: "a person is not their own company", Method: "POST", Path: "/api/v3/contractorHuman/" + person, Status: 422,
				Req: apitest.Req{Body: map[string]any{"company": map[string]any{"contentType": "ContractorHuman", "id": person}}}, Contains: []string{"self_company"}},
			{Name: "missing", Method: "GET", Path: "/api/v3/contractor/999999", Status: 404},
			{Name: "delete through the union drops", Method: "DELETE", Path: "/api/v3/contractor/" + person, Status: 200, Contains: []string{`"isDropped":true`}},
		})
	})
}
