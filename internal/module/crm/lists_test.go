package crm_test

import (
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func listNames(r *apitest.Resp) string { return fmt.Sprint(names(r)) }

// seeded is the id of a new account's own client type or status.
func seeded(t *testing.T, h *apitest.Harness, endpoint, name string) string {
	t.Helper()
	for _, it := range h.Do("GET", "/api/v3/"+endpoint, apitest.Req{}).List() {
		if it["name"] == name {
			return it["id"].(string)
		}
	}
	t.Fatalf("a new account has no %s %q", endpoint, name)
	return ""
}

// A new account has the client types and statuses most companies sort
// their clients by, each a kind of the reference, and may delete those
// it does not use.
func TestNewAccountLists(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		types := h.Do("GET", "/api/v3/contractor/types", apitest.Req{})
		if got := listNames(types); got != "[Клиент Партнёр Поставщик Конкурент]" {
			t.Fatalf("types %s", got)
		}
		var kinds []any
		for _, it := range types.List() {
			kinds = append(kinds, it["type"])
		}
		if fmt.Sprint(kinds) != "[client partner supplier competitor]" {
			t.Errorf("kinds %v", kinds)
		}
		if got := listNames(h.Do("GET", "/api/v3/contractorStatus", apitest.Req{})); got != "[Новый В работе Постоянный Потерян]" {
			t.Fatalf("statuses %s", got)
		}
		emptyLists(t, h)
		if n := len(h.Do("GET", "/api/v3/contractorStatus", apitest.Req{}).List()); n != 0 {
			t.Fatalf("%d statuses left", n)
		}
	})
}

// emptyLists deletes a new account's client types and statuses, for a
// test of the lists that makes its own.
func emptyLists(t *testing.T, h *apitest.Harness) {
	t.Helper()
	for _, endpoint := range []string{"contractorType", "contractorStatus"} {
		for _, it := range h.Do("GET", "/api/v3/"+endpoint, apitest.Req{}).List() {
			if r := h.Do("DELETE", "/api/v3/"+endpoint+"/"+it["id"].(string), apitest.Req{}); r.Status != 200 {
				t.Fatalf("delete %s %v: %d %s", endpoint, it["name"], r.Status, r.Body)
			}
		}
	}
}

// Client types and statuses are the account's lists: administrators make,
// rename, reorder and delete them; the reference's routes read them in
// that order; a name is unique in its list; one in use is deleted only
// with a replacement, which the clients move to in the same transaction.
func TestClientTypesAndStatuses(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "seller")
		emptyLists(t, h)
		newType := create(t, h, "contractorType", map[string]any{"name": " Клиент "})
		partner := create(t, h, "contractorType", map[string]any{"name": "Партнёр", "type": "partner"})
		fresh := create(t, h, "contractorStatus", map[string]any{"name": "Новый"})
		regular := create(t, h, "contractorStatus", map[string]any{"name": "Постоянный"})
		lost := create(t, h, "contractorStatus", map[string]any{"name": "Потерян"})
		human := create(t, h, "contractorHuman", map[string]any{"firstName": "Иван",
			"type": apitest.Link("ContractorType", partner), "status": map[string]any{"contentType": "ContractorStatus", "id": mustInt(fresh)}})
		company := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Рога»", "status": apitest.Link("ContractorStatus", fresh)})
		h.Run(t, []apitest.Scenario{
			{Name: "types in order, a new type of kind client", Method: "GET", Path: "/api/v3/contractor/types", Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				if got := listNames(r); got != "[Клиент Партнёр]" {
					t.Errorf("types %s", got)
				}
				if r.List()[0]["type"] != "client" || r.List()[0]["orderPosition"] != float64(1) || r.List()[1]["orderPosition"] != float64(2) {
					t.Errorf("first type %v", r.List()[0])
				}
			}},
			{Name: "the same at /contractorHuman/types", Method: "GET", Path: "/api/v3/contractorHuman/types", Status: 200, Contains: []string{`"name":"Партнёр"`}},
			{Name: "and /contractorCompany/types", Method: "GET", Path: "/api/v3/contractorCompany/types", Status: 200, Contains: []string{`"name":"Клиент"`}},
			{Name: "statuses read by an employee", Method: "GET", Path: "/api/v3/contractorStatus", Req: apitest.Req{Token: emp}, Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				if got := listNames(r); got != "[Новый Постоянный Потерян]" {
					t.Errorf("statuses %s", got)
				}
			}},
			{Name: "an employee may not add one", Method: "POST", Path: "/api/v3/contractorStatus", Req: apitest.Req{Token: emp, Body: map[string]any{"name": "Мой"}}, Status: 403},
			{Name: "nor rename one", Method: "POST", Path: "/api/v3/contractorStatus/" + fresh, Req: apitest.Req{Token: emp, Body: map[string]any{"name": "Мой"}}, Status: 403},
			{Name: "nor delete one", Method: "DELETE", Path: "/api/v3/contractorStatus/" + lost, Req: apitest.Req{Token: emp}, Status: 403},
			{Name: "a name taken, case aside", Method: "POST", Path: "/api/v3/contractorStatus", Req: apitest.Req{Body: map[string]any{"name": "новый"}}, Status: 422,
				Contains: []string{`"field":"name"`, `"type":"client_list_name_taken"`}},
			{Name: "a blank name", Method: "POST", Path: "/api/v3/contractorType", Req: apitest.Req{Body: map[string]any{"name": "  "}}, Status: 422, Contains: []string{`"field":"name"`, `"type":"required"`}},
			{Name: "no name", Method: "POST", Path: "/api/v3/contractorStatus", Req: apitest.Req{Body: map[string]any{}}, Status: 422, Contains: []string{`"field":"name"`}},
			{Name: "a kind not of the reference", Method: "POST", Path: "/api/v3/contractorType", Req: apitest.Req{Body: map[string]any{"name": "Другой", "type": "friend"}}, Status: 422,
				Contains: []string{`"field":"type"`, `"type":"invalid_enum"`}},
			{Name: "renamed", Method: "POST", Path: "/api/v3/contractorType/" + newType, Req: apitest.Req{Body: map[string]any{"name": "Покупатель"}}, Status: 200, Contains: []string{`"name":"Покупатель"`}},
			{Name: "renamed to its own name in other case", Method: "POST", Path: "/api/v3/contractorType/" + newType, Req: apitest.Req{Body: map[string]any{"name": "покупатель"}}, Status: 200},
			{Name: "moved first", Method: "POST", Path: "/api/v3/contractorStatus/" + lost, Req: apitest.Req{Body: map[string]any{"orderPosition": 0}}, Status: 200},
			{Name: "listed first", Method: "GET", Path: "/api/v3/contractorStatus", Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				if got := listNames(r); got != "[Потерян Новый Постоянный]" {
					t.Errorf("statuses %s", got)
				}
			}},
			{Name: "a client shows its type and status", Method: "GET", Path: "/api/v3/contractorHuman/" + human, Status: 200,
				Contains: []string{`"type":{"contentType":"ContractorType","id":"` + partner + `"`, `"status":{"contentType":"ContractorStatus","id":"` + fresh + `"`}},
			{Name: "status changed by string id", Method: "POST", Path: "/api/v3/contractorHuman/" + human, Req: apitest.Req{Body: map[string]any{"status": apitest.Link("ContractorStatus", regular)}}, Status: 200,
				Contains: []string{`"status":{"contentType":"ContractorStatus","id":"` + regular + `"`}},
			{Name: "an unknown status", Method: "POST", Path: "/api/v3/contractorHuman/" + human, Req: apitest.Req{Body: map[string]any{"status": apitest.Link("ContractorStatus", "999999")}}, Status: 422,
				Contains: []string{`"field":"status"`, `"type":"link_not_found"`}},
			{Name: "a type where a status goes", Method: "POST", Path: "/api/v3/contractorCompany/" + company, Req: apitest.Req{Body: map[string]any{"status": apitest.Link("ContractorType", partner)}}, Status: 422,
				Contains: []string{`"field":"status"`, `"type":"invalid_enum"`}},
			{Name: "a status in use is kept", Method: "DELETE", Path: "/api/v3/contractorStatus/" + fresh, Status: 422,
				Contains: []string{`"field":"replaceWith"`, `"type":"client_list_in_use"`, "(1)"}},
			{Name: "not replaced by itself", Method: "DELETE", Path: "/api/v3/contractorStatus/" + fresh, Req: apitest.Req{Body: map[string]any{"replaceWith": apitest.Link("ContractorStatus", fresh)}}, Status: 422,
				Contains: []string{`"type":"client_list_replace_self"`}},
			{Name: "nor by an unknown one", Method: "DELETE", Path: "/api/v3/contractorStatus/" + fresh, Req: apitest.Req{Body: map[string]any{"replaceWith": apitest.Link("ContractorStatus", "999999")}}, Status: 422,
				Contains: []string{`"type":"link_not_found"`}},
			{Name: "nor by a type", Method: "DELETE", Path: "/api/v3/contractorStatus/" + fresh, Req: apitest.Req{Body: map[string]any{"replaceWith": apitest.Link("ContractorType", partner)}}, Status: 422,
				Contains: []string{`"field":"replaceWith"`, `"type":"invalid_type"`}},
			{Name: "a body not JSON", Method: "DELETE", Path: "/api/v3/contractorStatus/" + fresh, Req: apitest.Req{Body: "{"}, Status: 400},
			{Name: "the company still has it", Method: "GET", Path: "/api/v3/contractorCompany/" + company, Status: 200, Contains: []string{`"id":"` + fresh + `"`}},
			{Name: "a replacement in the query, not a link", Method: "DELETE", Path: "/api/v3/contractorStatus/" + fresh + apitest.Q(`{"replaceWith":"soon"}`), Status: 422,
				Contains: []string{`"field":"replaceWith"`}},
			{Name: "deleted with a replacement in the query", Method: "DELETE", Path: "/api/v3/contractorStatus/" + fresh + apitest.Q(`{"replaceWith":{"contentType":"ContractorStatus","id":`+lost+`}}`), Status: 200},
			{Name: "the company moved", Method: "GET", Path: "/api/v3/contractorCompany/" + company, Status: 200, Contains: []string{`"status":{"contentType":"ContractorStatus","id":"` + lost + `"`}},
			{Name: "a type unused deleted", Method: "DELETE", Path: "/api/v3/contractorType/" + newType, Status: 200},
			{Name: "gone", Method: "GET", Path: "/api/v3/contractor/types", Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				if got := listNames(r); got != "[Партнёр]" {
					t.Errorf("types %s", got)
				}
			}},
			{Name: "a client of a kept type filtered", Method: "GET", Path: "/api/v3/contractor" + apitest.Q(`{"filter":{"contentType":"CrmFilter","config":{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[{"contentType":"FilterTermRef","field":"type","comparison":"equals","value":[{"contentType":"ContractorType","id":"`+partner+`"}]}]}}}}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := listNames(r); got != "[Иван]" {
						t.Errorf("filtered %s", got)
					}
				}},
			{Name: "filtered by status", Method: "GET", Path: "/api/v3/contractor" + apitest.Q(`{"filter":{"contentType":"CrmFilter","config":{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[{"contentType":"FilterTermRef","field":"status","comparison":"equals","value":[{"contentType":"ContractorStatus","id":"`+lost+`"}]}]}}}}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := listNames(r); got != "[ООО «Рога»]" {
						t.Errorf("filtered %s", got)
					}
				}},
		})
	})
}

func mustInt(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}

// A lead form's client type counts as a use; the replacement moves it
// too. A refused delete (an employee's) moves nothing.
func TestClientTypeOfLeadFormMoved(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "seller")
		old := create(t, h, "contractorType", map[string]any{"name": "Лид"})
		kept := seeded(t, h, "contractorType", "Клиент")
		form := create(t, h, "customLeadForm", map[string]any{"name": "С сайта", "contractorInternalType": apitest.Link("ContractorType", old)})
		client := create(t, h, "contractorHuman", map[string]any{"firstName": "Пётр", "type": apitest.Link("ContractorType", old)})
		replace := apitest.Req{Body: map[string]any{"replaceWith": apitest.Link("ContractorType", kept)}}
		h.Run(t, []apitest.Scenario{
			{Name: "in use by the form and the client", Method: "DELETE", Path: "/api/v3/contractorType/" + old, Status: 422, Contains: []string{"(2)"}},
			{Name: "an employee may not delete it", Method: "DELETE", Path: "/api/v3/contractorType/" + old, Req: apitest.Req{Token: emp, Body: replace.Body}, Status: 403},
			{Name: "the client not moved", Method: "GET", Path: "/api/v3/contractorHuman/" + client, Status: 200, Contains: []string{`"id":"` + old + `"`}},
			{Name: "deleted, both moved", Method: "DELETE", Path: "/api/v3/contractorType/" + old, Req: replace, Status: 200},
			{Name: "the form moved", Method: "GET", Path: "/api/v3/customLeadForm/" + form, Status: 200,
				Contains: []string{`"contractorInternalType":{"contentType":"ContractorType","id":"` + kept + `"`}},
			{Name: "the client moved", Method: "GET", Path: "/api/v3/contractorHuman/" + client, Status: 200,
				Contains: []string{`"type":{"contentType":"ContractorType","id":"` + kept + `"`}},
			{Name: "gone", Method: "GET", Path: "/api/v3/contractorType/" + old, Status: 404},
		})
	})
}

// A merged duplicate's type and status go to the kept client when it has
// none; its own are kept otherwise.
func TestMergeCarriesTypeAndStatus(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		partner := seeded(t, h, "contractorType", "Партнёр")
		buyer := create(t, h, "contractorType", map[string]any{"name": "Покупатель"})
		regular := seeded(t, h, "contractorStatus", "Постоянный")
		kept := create(t, h, "contractorHuman", map[string]any{"firstName": "Анна", "type": apitest.Link("ContractorType", buyer)})
		dup := create(t, h, "contractorHuman", map[string]any{"firstName": "Анна", "type": apitest.Link("ContractorType", partner),
			"status": apitest.Link("ContractorStatus", regular)})
		h.Run(t, []apitest.Scenario{
			{Name: "merged", Method: "POST", Path: "/api/v3/contractorHuman/" + kept + "/merge", Req: apitest.Req{Body: apitest.Link("ContractorHuman", dup)}, Status: 200},
			{Name: "the status carried, the type kept", Method: "GET", Path: "/api/v3/contractorHuman/" + kept, Status: 200,
				Contains: []string{`"type":{"contentType":"ContractorType","id":"` + buyer + `"`, `"status":{"contentType":"ContractorStatus","id":"` + regular + `"`}},
		})
	})
}
