package api_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestCatalogDescribesTypesForTheApp(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Run(t, []apitest.Scenario{
			{Name: "English labels, kinds, links and flags", Method: "GET", Path: "/api/v3/catalog", Status: 200,
				Req: apitest.Req{Headers: map[string]string{"Accept-Language": "en"}},
				Contains: []string{`"name":"Task"`, `"endpoint":"task"`,
					`{"kind":"DateOnly|DateTime|ShiftDate","label":"Deadline","name":"deadline","readOnly":false,"required":false,"sortable":true,"writeOnly":false}`,
					`{"kind":"link","label":"Responsible","name":"responsible","readOnly":false,"required":false,"sortable":true,"targets":["ContractorCompany","ContractorHuman","Employee","Group"],"writeOnly":false}`,
					`{"kind":"integer","label":"Human number","name":"humanNumber","readOnly":true,`,
					`{"kind":"string","label":"Password","name":"password","readOnly":false,"required":false,"sortable":false,"writeOnly":true}`,
					`{"kind":"enum","label":"Status","name":"status",`, `"values":["created","assigned",`}},
			{Name: "Russian by default", Method: "GET", Path: "/api/v3/catalog", Status: 200,
				Contains: []string{`"label":"Человекочитаемый номер"`}},
			{Name: "needs sign-in", Method: "GET", Path: "/api/v3/catalog", Status: 401, Req: apitest.Req{NoAuth: true}},
		})
	})
}
