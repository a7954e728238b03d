package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The reference's /contractor/{id}/… calls are the person's or company's
// own, whichever the id is: comments, subscribers, an update.
func TestContractorRoutesOfEitherType(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		person := create(t, h, "contractorHuman", map[string]any{"firstName": "Олег", "lastName": "Единый"})
		company := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Единое»"})
		h.Run(t, []apitest.Scenario{
			{Name: "a comment on a person through /contractor", Method: "POST", Path: "/api/v3/contractor/" + person + "/comments", Status: 200,
				Req: apitest.Req{Body: map[string]any{"contentType": "Comment", "content": "Перезвонить в пятницу"}}, Contains: []string{`"content":"Перезвонить в пятницу"`}},
			{Name: "listed on the person", Method: "GET", Path: "/api/v3/contractorHuman/" + person + "/comments", Status: 200, Contains: []string{"Перезвонить в пятницу"}},
			{Name: "and through /contractor", Method: "GET", Path: "/api/v3/contractor/" + person + "/comments", Status: 200, Contains: []string{"Перезвонить в пятницу"}},
			{Name: "a company's comments through /contractor", Method: "GET", Path: "/api/v3/contractor/" + company + "/comments", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if n := len(r.List()); n != 0 {
						t.Errorf("the company has %d comments, want 0", n)
					}
				}},
			{Name: "an update through /contractor", Method: "POST", Path: "/api/v3/contractor/" + company, Status: 200,
				Req: apitest.Req{Body: map[string]any{"description": "Поставщик бумаги"}}, Contains: []string{`"contentType":"ContractorCompany"`, `"description":"Поставщик бумаги"`}},
			{Name: "a bad update through /contractor changes nothing", Method: "POST", Path: "/api/v3/contractor/" + company, Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "ООО «Другое»", "responsibles": "nope"}}, Contains: []string{`"field":"responsibles"`}},
			{Name: "the subscribers of a person", Method: "GET", Path: "/api/v3/contractor/" + person + "/subscribers", Status: 200},
			{Name: "an unknown client", Method: "GET", Path: "/api/v3/contractor/999999/comments", Status: 404, Contains: []string{`"not_found"`}},
			{Name: "a call neither type has", Method: "GET", Path: "/api/v3/contractor/" + person + "/nonsense", Status: 404, Contains: []string{`"route_not_found"`}},
		})
		if got := h.Do("GET", "/api/v3/contractorCompany/"+company, apitest.Req{}).Obj()["name"]; got != "ООО «Единое»" {
			t.Fatalf("the refused update wrote the name: %v", got)
		}
	})
}
