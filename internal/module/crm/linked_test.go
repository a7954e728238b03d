package crm_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestLinkedLists(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		client := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Гамма»"})
		other := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Дельта»"})
		me, them := apitest.Link("ContractorCompany", client), apitest.Link("ContractorCompany", other)
		program, _ := salesProgram(t, h)
		deal := func(name string, body map[string]any) {
			body["name"], body["program"] = name, apitest.Link("Program", program)
			create(t, h, "deal", body)
		}
		deal("Поставка", map[string]any{"contractor": me})
		deal("Через партнёра", map[string]any{"contractor": them, "contact": me})
		deal("Чужая", map[string]any{"contractor": them})
		create(t, h, "task", map[string]any{"name": "Выставить счёт", "contractor": me})
		create(t, h, "task", map[string]any{"name": "Чужая задача", "contractor": them})
		payer := create(t, h, "contractorCompany/"+client+"/payers", map[string]any{"type": "Legal", "name": "Гамма", "country": map[string]any{"contentType": "Country", "name": "Россия"}})
		date := map[string]any{"contentType": "DateOnly", "year": 2026, "month": 0, "day": 15}
		create(t, h, "invoice", map[string]any{"name": "Счёт 7", "invoiceDate": date, "payer": apitest.Link("Payer", payer),
			"recipient": apitest.Link("Payer", payer), "consignee": apitest.Link("Payer", payer)})
		list := func(path, want string) apitest.Scenario {
			return apitest.Scenario{Name: path, Method: "GET", Path: "/api/v3/" + path, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					got := names(r)
					sort.Strings(got)
					if fmt.Sprint(got) != want {
						t.Errorf("%s lists %v, want %s", path, got, want)
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			list("contractor/"+client+"/deals", "[Поставка Через партнёра]"),
			list("contractorCompany/"+client+"/deals"+apitest.Q(`{"limit":1}`), "[Через партнёра]"),
			list("contractor/"+client+"/tasks", "[Выставить счёт]"),
			list("contractorCompany/"+client+"/invoices", "[Счёт 7]"),
			list("contractor/"+other+"/invoices", "[]"),
			{Name: "a missing client", Method: "GET", Path: "/api/v3/contractor/999999/deals", Status: 404},
			{Name: "bad list parameters", Method: "GET", Path: "/api/v3/contractor/" + client + "/tasks" + apitest.Q(`{"limit":-1}`), Status: 422},
		})
	})
}
