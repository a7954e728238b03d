package leadform_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A form's clients may be of a type requiring fields the form does not
// ask: the post still makes its client, since a lead is not to be lost.
func TestLeadFormClientOfATypeWithRequiredFields(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		typ := makeOne(t, h, "/api/v3/contractorType", map[string]any{"name": "Лид с сайта", "requiredFields": []string{"description", "position"}})
		form := makeOne(t, h, "/api/v3/customLeadForm", map[string]any{"name": "Заявка", "contractorInternalType": apitest.Link("ContractorType", typ)})
		base := "/api/v3/customLeadForm/" + form
		makeOne(t, h, base+"/element", map[string]any{"name": "firstName", "caption": "Имя", "required": true, "type": "text", "sort": 1})
		makeOne(t, h, base+"/element", map[string]any{"name": "phone", "caption": "Телефон", "required": true, "type": "text", "sort": 2})
		h.Run(t, []apitest.Scenario{
			{Name: "a post without the type's fields", Method: "POST", Path: base + "/process/contractor", Status: 200,
				Req: anon(`{"firstName":"Лидия","phone":"+7 912 000-11-22"}`)},
			{Name: "its client, of the type", Method: "GET", Path: "/api/v3/contractorHuman" + apitest.Q(`{"q":"Лидия","fields":["name","type"],"onlyRequestedFields":true}`), Status: 200,
				Contains: []string{`"name":"Лидия"`, `"type":{"contentType":"ContractorType","id":"` + typ + `"}`}},
			{Name: "a person made by hand must have them", Method: "POST", Path: "/api/v3/contractorHuman", Status: 422,
				Req: apitest.Req{Body: map[string]any{"firstName": "Вручную", "type": apitest.Link("ContractorType", typ)}}, Contains: []string{`"field":"description"`, `"field":"position"`}},
		})
	})
}
