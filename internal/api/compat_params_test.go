package api_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestListParamsAppliedOrRefused(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		seedTasks(h, 6, h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Ольга", "lastName": "Смирнова"}}).Obj()["id"].(string))
		h.Run(t, []apitest.Scenario{
			{Name: "statuses applied", Method: "GET", Status: 200, Contains: []string{`"count":4`}, NotContains: []string{`"status":"completed"`},
				Path: "/api/v3/task" + apitest.Q(`{"statuses":["assigned","accepted"]}`)},
			{Name: "statuses empty keeps all", Method: "GET", Status: 200, Contains: []string{`"count":6`},
				Path: "/api/v3/task" + apitest.Q(`{"statuses":[]}`)},
			{Name: "statuses with filter and q", Method: "GET", Status: 200, Contains: []string{`"count":1`, `"Задача 03"`},
				Path: "/api/v3/task" + apitest.Q(`{"statuses":["completed"],"q":"03","limit":5}`)},
			{Name: "a bad status", Method: "GET", Status: 422, Contains: []string{`"field":"statuses"`, `"type":"invalid_param"`},
				Path: "/api/v3/task" + apitest.Q(`{"statuses":["sleeping"]}`)},
			{Name: "an undocumented parameter", Method: "GET", Status: 422,
				Contains: []string{`{"field":"noSuchParam","message":"Unknown parameter","type":"unknown_param"}`},
				Req:      apitest.Req{Headers: map[string]string{"Accept-Language": "en"}},
				Path:     "/api/v3/task" + apitest.Q(`{"noSuchParam":1}`)},
			{Name: "statuses is the task list's only", Method: "GET", Status: 422, Contains: []string{`"field":"statuses"`, `"type":"unknown_param"`},
				Path: "/api/v3/employee" + apitest.Q(`{"statuses":["active"]}`)},
			{Name: "documented, not applied yet", Method: "GET", Status: 422,
				Contains: []string{`"field":"ignoreRights"`, `"type":"param_not_supported"`, `"Параметр пока не поддерживается"`},
				Path:     "/api/v3/todo" + apitest.Q(`{"ignoreRights":true}`)},
			{Name: "every bad one named", Method: "GET", Status: 422, Contains: []string{`"field":"a"`, `"field":"b"`},
				Path: "/api/v3/task?a=1&b=2"},
			{Name: "what the web app sends", Method: "GET", Status: 200,
				Path: "/api/v3/task" + apitest.Q(`{"limit":50,"sortBy":[{"contentType":"SortField","fieldName":"name","desc":false}],`+
					`"filter":{"contentType":"FilterTermGroup","join":"and","terms":[]},"fields":["name"],"onlyRequestedFields":true,"q":"Задача"}`)},
			{Name: "a token in the query", Method: "GET", Status: 200, Path: "/api/v3/task?access_token=" + h.Token, Req: apitest.Req{NoAuth: true}},
		})
	})
}
