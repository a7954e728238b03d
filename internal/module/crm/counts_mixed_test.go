package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A list page mixes people and companies and sums their figures in one
// query per source; each client must still get its own, whatever its type.
func TestClientFiguresOnAMixedPage(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		program, states := salesProgram(t, h)
		company := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Смесь»"})
		person := create(t, h, "contractorHuman", map[string]any{"firstName": "Пётр", "lastName": "Смешанный"})
		idle := create(t, h, "contractorHuman", map[string]any{"firstName": "Фома", "lastName": "Без сделок"})
		deal := func(client map[string]any, price float64, state string) {
			create(t, h, "deal", map[string]any{"name": "Сделка", "program": apitest.Link("Program", program),
				"state": apitest.Link("ProgramState", states[state]), "contractor": client, "price": price})
		}
		deal(apitest.Link("ContractorCompany", company), 100, "active")
		deal(apitest.Link("ContractorCompany", company), 250, "positive")
		deal(apitest.Link("ContractorHuman", person), 70, "active")
		r := h.Do("GET", "/api/v3/contractor"+apitest.Q(`{"fields":["countDeals","summDeals","countPositiveDeals"],"onlyRequestedFields":true,"limit":50}`), apitest.Req{})
		want := map[string][3]float64{company: {2, 350, 1}, person: {1, 70, 0}, idle: {0, 0, 0}}
		seen := 0
		for _, c := range r.List() {
			w, ok := want[c["id"].(string)]
			if !ok {
				continue
			}
			seen++
			sum, _ := c["summDeals"].(map[string]any)
			if c["countDeals"] != w[0] || sum["valueInMain"] != w[1] || c["countPositiveDeals"] != w[2] {
				t.Errorf("%s %s: countDeals %v, summDeals %v, countPositiveDeals %v; want %v", c["contentType"], c["id"], c["countDeals"], sum, c["countPositiveDeals"], w)
			}
		}
		if seen != len(want) {
			t.Fatalf("the page has %d of the %d clients: %s", seen, len(want), r.Body)
		}
	})
}
