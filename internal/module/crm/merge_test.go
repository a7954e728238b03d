package crm_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestMerge(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		kept := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Альфа»", "contactInfo": []any{phone("+7 912 1111111")}})
		dup := create(t, h, "contractorCompany", map[string]any{"name": "Альфа ООО", "description": "Клиент с 2019 года",
			"responsibles": []any{apitest.Link("Employee", me)},
			"contactInfo":  []any{phone("8 (912) 111-11-11"), map[string]any{"type": "email", "value": "info@alfa.ru"}}})
		keptLink, dupLink := apitest.Link("ContractorCompany", kept), apitest.Link("ContractorCompany", dup)
		person := create(t, h, "contractorHuman", map[string]any{"firstName": "Пётр", "company": dupLink})
		program, _ := salesProgram(t, h)
		deal := create(t, h, "deal", map[string]any{"name": "Поставка", "program": apitest.Link("Program", program), "contractor": dupLink})
		task := create(t, h, "task", map[string]any{"name": "Позвонить", "contractor": dupLink})
		todo := create(t, h, "todo", map[string]any{"name": "Встреча", "relations": []any{dupLink, keptLink}})
		payer := create(t, h, "contractorCompany/"+dup+"/payers", map[string]any{"type": "Legal", "name": "Альфа", "country": map[string]any{"contentType": "Country", "name": "Россия"}})
		date := map[string]any{"contentType": "DateOnly", "year": 2026, "month": 0, "day": 15}
		create(t, h, "invoice", map[string]any{"name": "Счёт", "invoiceDate": date, "payer": apitest.Link("Payer", payer),
			"recipient": apitest.Link("Payer", payer), "consignee": apitest.Link("Payer", payer)})
		create(t, h, "contractorCompany/"+dup+"/comments", map[string]any{"content": "Просили перезвонить"})
		if r := h.Do("POST", "/api/v3/contractorCompany/"+dup+"/tags", apitest.Req{Body: map[string]any{"name": "VIP"}}); r.Status != 200 {
			t.Fatalf("tag: %s", r.Body)
		}
		path := "/api/v3/contractorCompany/" + kept
		h.Events()
		has := func(field, want string) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				if !strings.Contains(string(r.Body), want) {
					t.Errorf("%s lacks %s: %s", field, want, r.Body)
				}
			}
		}
		// Two people: the kept one takes the duplicate's company.
		anna := create(t, h, "contractorHuman", map[string]any{"firstName": "Анна"})
		anna2 := create(t, h, "contractorHuman", map[string]any{"firstName": "Анна", "company": keptLink})
		h.Run(t, []apitest.Scenario{
			{Name: "a person takes the duplicate's company", Method: "POST", Path: "/api/v3/contractorHuman/" + anna + "/merge",
				Req: apitest.Req{Body: apitest.Link("ContractorHuman", anna2)}, Status: 200, Check: has("company", `"company":{"contentType":"ContractorCompany","id":"`+kept+`"}`)},
			{Name: "not into itself", Method: "POST", Path: path + "/merge", Req: apitest.Req{Body: keptLink}, Status: 422, Contains: []string{"merge_self"}},
			{Name: "not a client", Method: "POST", Path: path + "/merge", Req: apitest.Req{Body: map[string]any{"name": "x"}}, Status: 422, Contains: []string{`"field":"id"`}},
			{Name: "not a missing one", Method: "POST", Path: path + "/merge", Req: apitest.Req{Body: apitest.Link("ContractorHuman", "999999")}, Status: 404},
			{Name: "refusals changed nothing", Method: "GET", Path: "/api/v3/contractorCompany/" + dup, Status: 200},
			{Name: "merge", Method: "POST", Path: path + "/merge", Req: apitest.Req{Body: []any{dupLink}}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					info, _ := r.Obj()["contactInfo"].([]any)
					if len(info) != 2 || !strings.Contains(string(r.Body), "info@alfa.ru") || !strings.Contains(string(r.Body), `"description":"Клиент с 2019 года"`) {
						t.Errorf("merged values: %s", r.Body)
					}
					if !strings.Contains(string(r.Body), `"name":"ООО «Альфа»"`) {
						t.Errorf("the kept name changed: %s", r.Body)
					}
					seen := map[string]bool{}
					for _, ev := range h.Events() {
						if ev.Action == "updated" && len(ev.Fields) > 0 {
							seen[fmt.Sprintf("%s %d %s", ev.Type, ev.ID, ev.Fields[0])] = true
						}
					}
					for _, want := range []string{"Deal " + deal + " contractor", "Task " + task + " contractor", "ContractorHuman " + person + " company"} {
						if !seen[want] {
							t.Errorf("no live event for %s: %v", want, seen)
						}
					}
				}},
			{Name: "the duplicate is gone", Method: "GET", Path: "/api/v3/contractorCompany/" + dup, Status: 404},
			{Name: "its person", Method: "GET", Path: "/api/v3/contractorHuman/" + person, Status: 200, Check: has("company", `"id":"`+kept+`"`)},
			{Name: "its deal", Method: "GET", Path: "/api/v3/deal/" + deal, Status: 200, Check: has("contractor", `"id":"`+kept+`"`)},
			{Name: "its task", Method: "GET", Path: "/api/v3/task/" + task, Status: 200, Check: has("contractor", `"id":"`+kept+`"`)},
			{Name: "its to-do names the kept client once", Method: "GET", Path: "/api/v3/todo/" + todo + apitest.Q(`{"fields":["relations"]}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					rel, _ := r.Obj()["relations"].([]any)
					if len(rel) != 1 || rel[0].(map[string]any)["id"] != kept {
						t.Errorf("relations: %s", r.Body)
					}
				}},
			{Name: "its payer, comment, tag and responsible", Method: "GET", Path: path + apitest.Q(`{"fields":["payersCount","commentsCount","tags","responsibles"]}`), Status: 200,
				Contains: []string{`"payersCount":1`, `"commentsCount":1`, `"id":"` + me + `"`, `"contentType":"Tag"`}},
			{Name: "its invoice now holds the kept client", Method: "DELETE", Path: path, Req: apitest.Req{Body: map[string]any{"mode": "force_drop"}}, Status: 422, Contains: []string{"client_invoiced"}},
		})
	})
}

func TestMergeNeedsRights(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Пётр", "login": "petr@example.com",
			"password": "password-petr", "canLogin": true}})
		for _, grp := range h.Do("GET", "/api/v3/rightsGroup", apitest.Req{}).List() {
			if grp["everyone"] == true {
				h.Do("POST", "/api/v3/rightsGroup/"+grp["id"].(string), apitest.Req{Body: map[string]any{"name": "Сотрудники", "everyone": true, "actions": []string{"crm_enter"}}})
			}
		}
		asPetr := h.SignIn("petr@example.com", "password-petr")
		kept := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Бета»"})
		dup := create(t, h, "contractorCompany", map[string]any{"name": "Бета", "description": "Дубль"})
		h.Run(t, []apitest.Scenario{
			{Name: "a reader who may not change clients is refused", Method: "POST", Path: "/api/v3/contractor/" + kept + "/merge",
				Req: apitest.Req{Token: asPetr, Body: apitest.Link("ContractorCompany", dup)}, Status: 403},
			{Name: "the duplicate is still there", Method: "GET", Path: "/api/v3/contractorCompany/" + dup, Status: 200},
			{Name: "the kept client is unchanged", Method: "GET", Path: "/api/v3/contractorCompany/" + kept, Status: 200, NotContains: []string{"Дубль"}},
		})
	})
}
