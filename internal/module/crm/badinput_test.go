package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// TestBadInput: every malformed call to the clients' own routes answers a
// clear 4xx with meta.errors, writes nothing and never fails with a 500.
func TestBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		id := create(t, h, "contractorHuman", map[string]any{"firstName": "Вера"})
		person := "/api/v3/contractorHuman/" + id
		bad := func(name, method, path string, body any, status int, field string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: method, Path: path, Req: apitest.Req{Body: body}, Status: status,
				Check: func(t *testing.T, r *apitest.Resp) {
					errs := r.Errors()
					if len(errs) == 0 || errs[0]["message"] == "" {
						t.Fatalf("no worded error: %s", r.Body)
					}
					if field != "" && errs[0]["field"] != field {
						t.Errorf("error on %v, want %s", errs[0]["field"], field)
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			bad("a delete body that is not a request", "DELETE", person, []any{1}, 422, "mode"),
			bad("a mode that is not text", "DELETE", person, map[string]any{"mode": 5}, 422, "mode"),
			bad("a missing client", "DELETE", "/api/v3/contractor/999999", nil, 404, ""),
			bad("pageAfter of another type", "GET", "/api/v3/contractor"+apitest.Q(`{"pageAfter":{"contentType":"Task","id":"1"}}`), nil, 422, "pageAfter"),
			bad("pageAfter of a missing client", "GET", "/api/v3/contractor"+apitest.Q(`{"pageAfter":{"contentType":"ContractorHuman","id":"999999"}}`), nil, 422, "pageAfter"),
			bad("pageBefore on the union", "GET", "/api/v3/contractor"+apitest.Q(`{"pageBefore":{"contentType":"ContractorHuman","id":"`+id+`"}}`), nil, 422, ""),
			bad("a zero limit", "GET", "/api/v3/contractor"+apitest.Q(`{"limit":0}`), nil, 422, "limit"),
			bad("an unknown system filter", "GET", "/api/v3/contractor"+apitest.Q(`{"filter":{"contentType":"CrmFilter","id":"nope"}}`), nil, 422, ""),
			bad("q that is not text", "GET", "/api/v3/contractor"+apitest.Q(`{"q":5}`), nil, 422, "q"),
			bad("a type that is not a client", "POST", "/api/v3/contractor", map[string]any{"contentType": "Task", "name": "x"}, 422, "contentType"),
			bad("an empty list as the body (read as no fields)", "POST", "/api/v3/contractor", []any{}, 422, "contentType"),
			bad("the people of a missing client", "GET", "/api/v3/contractor/999999/contacts", nil, 404, ""),
			{Name: "a person has no people", Method: "GET", Path: person + "/contacts", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if len(r.List()) != 0 {
						t.Errorf("people of a person: %s", r.Body)
					}
				}},
			{Name: "nothing was written", Method: "GET", Path: "/api/v3/contractor", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := names(r); len(got) != 1 || got[0] != "Вера" || r.List()[0]["isDropped"] == true {
						t.Errorf("clients now %v: %s", got, r.Body)
					}
				}},
		})
	})
}
