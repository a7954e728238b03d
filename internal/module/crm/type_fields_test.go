package crm_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A client type's required fields: a client of the type is made with
// them and may not lose them; a list naming what no client has is
// refused.
func TestClientTypeRequiredFields(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		me := apitest.Link("Employee", h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string))
		wholesale := create(t, h, "contractorType", map[string]any{"name": "Оптовик",
			"requiredFields": []string{"description", "responsibles", "firstName"}, "visibleOnCreationFields": []string{"description", "responsibles"}})
		typ := apitest.Link("ContractorType", wholesale)
		legacy := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Старое»"})
		full := map[string]any{"name": "ООО «Опт»", "type": typ, "description": "Закупает паллетами", "responsibles": []any{me}}
		count := func() int { return len(h.Do("GET", "/api/v3/contractorCompany", apitest.Req{}).List()) }
		before := count()
		h.Run(t, []apitest.Scenario{
			{Name: "the type keeps its lists", Method: "GET", Path: "/api/v3/contractorType/" + wholesale, Status: 200,
				Contains: []string{`"requiredFields":["description","responsibles","firstName"]`, `"visibleOnCreationFields":["description","responsibles"]`}},
			{Name: "a list naming no client field", Method: "POST", Path: "/api/v3/contractorType", Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "Странный", "requiredFields": []string{"shoeSize"}}}, Contains: []string{`"field":"requiredFields"`}},
			{Name: "a list that is no list", Method: "POST", Path: "/api/v3/contractorType/" + wholesale, Status: 422,
				Req: apitest.Req{Body: map[string]any{"fixedFields": "description"}}, Contains: []string{`"field":"fixedFields"`}},
			{Name: "a company of the type without them", Method: "POST", Path: "/api/v3/contractorCompany", Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "ООО «Пустое»", "type": typ}}, Contains: []string{`"field":"description"`, `"field":"responsibles"`}},
			{Name: "a blank description is none", Method: "POST", Path: "/api/v3/contractorCompany", Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "ООО «Пробел»", "type": typ, "description": "  ", "responsibles": []any{me}}}, Contains: []string{`"field":"description"`}},
		})
		if n := count(); n != before {
			t.Fatalf("refused companies were made: %d, was %d", n, before)
		}
		id := create(t, h, "contractorCompany", full)
		path := "/api/v3/contractorCompany/" + id
		h.Run(t, []apitest.Scenario{
			{Name: "clearing a required field", Method: "POST", Path: path, Status: 422,
				Req: apitest.Req{Body: map[string]any{"description": nil}}, Contains: []string{`"field":"description"`}},
			{Name: "emptying the responsibles", Method: "POST", Path: path, Status: 422,
				Req: apitest.Req{Body: map[string]any{"responsibles": []any{}}}, Contains: []string{`"field":"responsibles"`}},
			{Name: "another field changes freely", Method: "POST", Path: path, Status: 200,
				Req: apitest.Req{Body: map[string]any{"position": "Склад"}}},
			{Name: "a client given the type must have them", Method: "POST", Path: "/api/v3/contractorCompany/" + legacy, Status: 422,
				Req: apitest.Req{Body: map[string]any{"type": typ}}, Contains: []string{`"field":"description"`, `"field":"responsibles"`}},
			{Name: "a client with them given the type again, its responsibles as they are", Method: "POST", Path: path, Status: 200,
				Req: apitest.Req{Body: map[string]any{"type": typ}}},
			{Name: "and may be given them with it", Method: "POST", Path: "/api/v3/contractorCompany/" + legacy, Status: 200,
				Req: apitest.Req{Body: map[string]any{"type": typ, "description": "Перешли в опт", "responsibles": []any{me}}}},
			{Name: "a legacy client of the type keeps other edits", Method: "POST", Path: "/api/v3/contractorCompany/" + legacy, Status: 200,
				Req: apitest.Req{Body: map[string]any{"position": "Офис"}}},
		})
		if got := h.Do("GET", path, apitest.Req{}).Obj()["description"]; got != "Закупает паллетами" {
			t.Fatalf("a refused write cleared the description: %v", got)
		}
	})
}

// An import's rows of a type requiring a field are refused without it.
func TestImportHeldToTypeRequiredFields(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create(t, h, "contractorType", map[string]any{"name": "Дилер", "requiredFields": []string{"position"}})
		csv := "ФИО;Должность;Тип\nИванов Иван;Директор;Дилер\nПетров Пётр;;Дилер\n"
		r := startImport(t, h, "", "dealers.csv", []byte(csv), "human")
		if r.Status != 200 {
			t.Fatalf("session: %d %s", r.Status, r.Body)
		}
		id := r.Obj()["id"].(string)
		if got := counts(runImport(t, h, "", id, "skip")); got != [4]int{1, 0, 0, 1} {
			t.Fatalf("counts created/updated/skipped/errors %v", got)
		}
		errs := h.Do("GET", "/api/v3/contractorImport/"+id+"/errorRows", apitest.Req{}).List()
		if len(errs) != 1 || !strings.Contains(errs[0]["errorMessage"].(string), "Обязательно") {
			t.Fatalf("error rows: %v", errs)
		}
	})
}
