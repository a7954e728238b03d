package api_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// These are API v3 clients' exact wire forms (issue #25): raw query
// strings and bodies as bytes, not what our own helpers would build.

func TestFormEncodedQueryPlusIsSpace(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		for _, name := range []string{"договор аренды", "договор+аренды"} {
			if r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": name}}); r.Status != 200 {
				t.Fatalf("seed: %s", r.Body)
			}
		}
		h.Run(t, []apitest.Scenario{
			// PHP's urlencode / Go's url.QueryEscape of {"q":"договор аренды"}.
			{Name: "plus is a space", Method: "GET", Status: 200, Contains: []string{`"count":2`},
				Path: "/api/v3/task?%7B%22q%22%3A%22%D0%B4%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80+%D0%B0%D1%80%D0%B5%D0%BD%D0%B4%D1%8B%22%7D"},
			// {"filter":...,"name contains "договор+аренды"} with the '+' as %2B.
			{Name: "encoded plus is a plus", Method: "GET", Status: 200, Contains: []string{`"count":1`, `"договор+аренды"`},
				Path: "/api/v3/task?%7B%22filter%22%3A%7B%22contentType%22%3A%22FilterConfig%22%2C%22termGroup%22%3A%7B%22join%22%3A%22and%22%2C%22terms%22%3A%5B%7B%22contentType%22%3A%22FilterTermString%22%2C%22field%22%3A%22name%22%2C%22comparison%22%3A%22contains%22%2C%22value%22%3A%22%D0%B4%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80%2B%22%7D%5D%7D%7D%7D"},
		})
	})
}

func TestEmptyArrayBodyIsNoParameters(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Пётр", "lastName": "Иванов"}}).Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "fire with []", Method: "POST", Path: "/api/v3/employee/" + emp + "/fire", Status: 200,
				Req: apitest.Req{Body: "[]", ContentType: "application/json"}, Contains: []string{`"isWorking":false`}},
			{Name: "update with []", Method: "POST", Path: "/api/v3/employee/" + emp, Status: 200,
				Req: apitest.Req{Body: " [ ] ", ContentType: "application/json"}, Contains: []string{`"lastName":"Иванов"`}},
			{Name: "a non-empty array is still refused", Method: "POST", Path: "/api/v3/employee/" + emp, Status: 400,
				Req: apitest.Req{Body: `[1]`, ContentType: "application/json"}},
		})
	})
}

func TestBulkCallBodyAsJSONString(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		body := `{"calls":[` +
			`{"url":"/api/v3/task","method":"POST","body":"{\"name\":\"строкой\"}"},` +
			`{"url":"/api/v3/task","method":"POST","body":{"name":"объектом"}},` +
			`{"url":"/api/v3/task","method":"POST","body":"не JSON"}]}`
		h.Run(t, []apitest.Scenario{{Name: "string, object, bad string", Method: "POST", Path: "/api/v3/bulk", Status: 200,
			Req: apitest.Req{Body: body, ContentType: "application/json"},
			Check: func(t *testing.T, r *apitest.Resp) {
				items, _ := r.Data().([]any)
				status := func(i int) any { return items[i].(map[string]any)["meta"].(map[string]any)["status"] }
				name := func(i int) any { d, _ := items[i].(map[string]any)["data"].(map[string]any); return d["name"] }
				if len(items) != 3 || name(0) != "строкой" || name(1) != "объектом" || status(2) != 400.0 {
					t.Fatalf("%s", r.Body)
				}
			}}})
	})
}
