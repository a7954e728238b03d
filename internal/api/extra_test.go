package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestExtraFields(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		var fieldID, fieldName string
		h.Run(t, []apitest.Scenario{
			{Name: "create", Method: "POST", Path: "/api/v3/task/extraFields", Status: 200,
				Req: apitest.Req{Body: map[string]any{"contentType": "EnumField", "hrName": "Источник", "enumValues": []string{"Сайт", "Звонок"}}},
				Check: func(t *testing.T, r *apitest.Resp) {
					fieldID, fieldName = r.Obj()["id"].(string), r.Obj()["name"].(string)
					if fieldName != "CustomField"+fieldID {
						t.Fatalf("name %q", fieldName)
					}
				}},
			{Name: "create with a bad type", Method: "POST", Path: "/api/v3/task/extraFields", Status: 422,
				Req: apitest.Req{Body: map[string]any{"contentType": "WarpField", "hrName": "x"}}},
		})
		deal := func(v string) *apitest.Resp {
			return h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Сделка " + v, fieldName: v}})
		}
		if r := deal("Сайт"); r.Status != 200 || r.Obj()[fieldName] != "Сайт" {
			t.Fatalf("value not stored: %s", r.Body)
		}
		deal("Звонок")
		if r := deal("Почта"); r.Status != 422 {
			t.Fatalf("enum value not checked: %s", r.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "listed", Method: "GET", Path: "/api/v3/task/extraFields", Status: 200, Contains: []string{`"hrName":"Источник"`}},
			{Name: "filtered like built-in fields", Method: "GET", Status: 200, Contains: []string{`"count":1,`, `"Сделка Звонок"`},
				Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[{"contentType":"FilterTermEnum","field":"`+fieldName+`","value":["Звонок"]}]}}}`)},
			{Name: "sorted like built-in fields", Method: "GET", Status: 200,
				Path: "/api/v3/task" + apitest.Q(`{"sortBy":[{"fieldName":"`+fieldName+`","desc":false}]}`), Check: func(t *testing.T, r *apitest.Resp) {
					if r.List()[0][fieldName] != "Звонок" {
						t.Fatalf("%s", r.Body)
					}
				}},
			{Name: "rename", Method: "POST", Path: "/api/v3/task/extraFields/" + fieldID, Status: 200,
				Req: apitest.Req{Body: map[string]any{"contentType": "EnumField", "hrName": "Канал", "enumValues": []string{"Сайт", "Звонок", "Почта"}}}, Contains: []string{`"hrName":"Канал"`}},
			{Name: "delete", Method: "DELETE", Path: "/api/v3/task/extraFields/" + fieldID, Status: 200},
			{Name: "value no longer accepted", Method: "POST", Path: "/api/v3/task", Status: 422, Req: apitest.Req{Body: map[string]any{"name": "x", fieldName: "Сайт"}}},
			{Name: "delete again", Method: "DELETE", Path: "/api/v3/task/extraFields/" + fieldID, Status: http.StatusNotFound},
		})
	})
}

func TestOpenAPIAndHealth(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Run(t, []apitest.Scenario{
			{Name: "openapi in English", Method: "GET", Path: "/api/v3/openapi.json", Status: 200, Req: apitest.Req{NoAuth: true, Headers: map[string]string{"Accept-Language": "en"}},
				Contains: []string{`"openapi":"3.1.0"`, `"/api/v3/contractorHuman"`, `"x-artel-sortable":true`, `"title":"Human number"`,
					`"summary":"Upload a file: multipart, one part named file"`}},
			{Name: "an area's route of the reference, with the reference's summary", Method: "GET", Path: "/api/v3/openapi.json", Status: 200, Req: apitest.Req{NoAuth: true},
				Contains: []string{`"/api/v3/task/{id}/doAction"`, `"summary":"Действие над задачей"`}, Check: pathParamsDeclared},
			{Name: "openapi in Russian", Method: "GET", Path: "/api/v3/openapi.json", Status: 200, Req: apitest.Req{NoAuth: true},
				Contains: []string{`"title":"Человекочитаемый номер"`}},
			{Name: "healthz", Method: "GET", Path: "/healthz", Status: 200, Req: apitest.Req{NoAuth: true}},
		})
	})
}

// pathParamsDeclared: every {name} of every path is declared once among
// its parameters, as OpenAPI requires.
func pathParamsDeclared(t *testing.T, r *apitest.Resp) {
	paths, _ := r.Obj()["paths"].(map[string]any)
	for path, item := range paths {
		declared := map[string]int{}
		params, _ := item.(map[string]any)["parameters"].([]any)
		for _, p := range params {
			declared[p.(map[string]any)["name"].(string)]++
		}
		for _, seg := range strings.Split(path, "/") {
			if name, ok := strings.CutPrefix(seg, "{"); ok && declared[strings.TrimSuffix(name, "}")] != 1 {
				t.Errorf("%s: parameter %s declared %d times", path, seg, declared[strings.TrimSuffix(name, "}")])
			}
		}
	}
}
