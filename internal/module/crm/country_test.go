package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The countries a payer can be of: the list in the reader's language,
// Russia first and the default; a payer's country written by id, name or
// code kept as one of the list; one not in the list refused, nothing made.
func TestCountries(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ru := h.Do("GET", "/api/v3/country", apitest.Req{}).List()
		if len(ru) < 240 || ru[0]["id"] != "1" || ru[0]["name"] != "Россия" || ru[0]["isDefault"] != true || ru[1]["isDefault"] != false {
			t.Fatalf("the list: %d countries, first %v", len(ru), ru[0])
		}
		if ru[1]["name"] != "Абхазия" && ru[1]["name"] != "Австралия" {
			t.Errorf("not by Russian name: the second is %v", ru[1]["name"])
		}
		en := h.Do("GET", "/api/v3/country", apitest.Req{Headers: map[string]string{"Accept-Language": "en"}}).List()
		if en[0]["name"] != "Russia" || en[1]["name"] != "Afghanistan" {
			t.Fatalf("in English: %v, %v", en[0], en[1])
		}
		company := h.Do("POST", "/api/v3/contractorCompany", apitest.Req{Body: map[string]any{"name": "Гамма"}}).Obj()["id"].(string)
		payers := "/api/v3/contractorCompany/" + company + "/payers"
		payer := func(country string) apitest.Req {
			return apitest.Req{Body: `{"contentType":"Payer","type":"Legal","name":"Gamma","country":` + country + `}`}
		}
		germany := `"country":{"contentType":"Country","id":"276","name":"Германия"}`
		h.Run(t, []apitest.Scenario{
			{Name: "by id", Method: "POST", Path: payers, Status: 200, Req: payer(`{"contentType":"Country","id":"276"}`), Contains: []string{germany}},
			{Name: "by a numeric id", Method: "POST", Path: payers, Status: 200, Req: payer(`{"contentType":"Country","id":1}`),
				Contains: []string{`"country":{"contentType":"Country","id":"1","name":"Россия"}`}},
			{Name: "by its English name, case aside", Method: "POST", Path: payers, Status: 200, Req: payer(`{"contentType":"Country","name":"germany"}`), Contains: []string{germany}},
			{Name: "by its code", Method: "POST", Path: payers, Status: 200, Req: payer(`{"name":"DE"}`), Contains: []string{germany}},
			{Name: "as people write it", Method: "POST", Path: payers, Status: 200, Req: payer(`{"name":"РФ"}`), Contains: []string{`"id":"1","name":"Россия"`}},
			{Name: "no such name", Method: "POST", Path: payers, Status: 422, Req: payer(`{"contentType":"Country","name":"Нарния"}`), Contains: []string{`"field":"country"`}},
			{Name: "no such id", Method: "POST", Path: payers, Status: 422, Req: payer(`{"contentType":"Country","id":"999"}`), Contains: []string{`"field":"country"`}},
			{Name: "neither", Method: "POST", Path: payers, Status: 422, Req: payer(`{"contentType":"Country"}`), Contains: []string{`"field":"country"`}},
			{Name: "the refused made nothing", Method: "GET", Path: payers, Status: 200, Contains: []string{`"name":"Gamma"`}},
		})
		if n := len(h.Do("GET", payers, apitest.Req{}).List()); n != 5 {
			t.Fatalf("%d payers, want the 5 accepted", n)
		}
	})
}
