package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A client's deals' extra fields (the reference's …/{id}/deals/extraFields):
// every process's and each process's own, narrowed by names and by a
// caption's words; an unknown client is 404 and a bad parameter 400/422.
func TestClientDealFields(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		program := create(t, h, "program", map[string]any{"name": "Продажи"})
		budget := h.ExtraField(t, "deal", map[string]any{"contentType": "IntegerField", "hrName": "Бюджет"})
		area := h.ExtraField(t, "deal", map[string]any{"contentType": "StringField", "hrName": "Площадь офиса", "owner": apitest.Link("Program", program)})
		h.ExtraField(t, "contractorHuman", map[string]any{"contentType": "StringField", "hrName": "Хобби"})
		client := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Поле»"})
		for _, end := range []string{"contractor", "contractorCompany"} {
			base := "/api/v3/" + end + "/" + client + "/deals/extraFields"
			h.Run(t, []apitest.Scenario{
				{Name: end + ": both deal fields, no client's", Method: "GET", Path: base, Status: 200,
					Contains: []string{`"name":"` + budget + `"`, `"name":"` + area + `"`, `"owner":{"contentType":"Program"`}, NotContains: []string{"Хобби"}},
				{Name: end + ": by name", Method: "GET", Path: base + apitest.Q(`{"fieldNames":["`+area+`"]}`), Status: 200,
					Contains: []string{`"name":"` + area + `"`}, NotContains: []string{`"name":"` + budget + `"`}},
				{Name: end + ": by a caption's word", Method: "GET", Path: base + apitest.Q(`{"q":"бюдж"}`), Status: 200,
					Contains: []string{`"name":"` + budget + `"`}, NotContains: []string{`"name":"` + area + `"`}},
				{Name: end + ": names not a list", Method: "GET", Path: base + apitest.Q(`{"fieldNames":"x"}`), Status: 422, Contains: []string{`"field":"fieldNames"`}},
			})
		}
		h.Run(t, []apitest.Scenario{
			{Name: "no such client", Method: "GET", Path: "/api/v3/contractorHuman/999999/deals/extraFields", Status: 404},
		})
	})
}
