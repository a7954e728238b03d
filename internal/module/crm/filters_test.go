package crm_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestClientFilters(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		create(t, h, "contractorCompany", map[string]any{"name": "ООО «Север»", "responsibles": []any{apitest.Link("Employee", me)}})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Ольга"})
		gone := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Север-2»", "responsibles": []any{apitest.Link("Employee", me)}})
		h.Do("DELETE", "/api/v3/contractorCompany/"+gone, apitest.Req{})
		saved := create(t, h, "crmFilter", map[string]any{"title": "Север", "config": map[string]any{"contentType": "FilterConfig",
			"termGroup": map[string]any{"join": "and", "terms": []any{map[string]any{"contentType": "FilterTermString", "field": "name", "comparison": "contains", "value": "Север"}}}}})
		counts := func(want map[string]float64) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				got := map[string]float64{}
				for _, f := range r.List() {
					got[f["id"].(string)], _ = f["count"].(float64)
				}
				for id, n := range want {
					if got[id] != n {
						t.Errorf("filter %s counts %v, want %v (%v)", id, got[id], n, got)
					}
				}
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "built-in and saved filters with counts", Method: "GET", Path: "/api/v3/crmFilter", Status: 200,
				Contains: []string{`"title":"Все клиенты"`, `"title":"Мои клиенты"`, `"title":"Удалённые"`},
				Check:    counts(map[string]float64{"all": 2, "mine": 1, "dropped": 1, saved: 2})},
			{Name: "in English", Method: "GET", Path: "/api/v3/crmFilter/mine", Req: apitest.Req{Headers: map[string]string{"Accept-Language": "en"}}, Status: 200,
				Contains: []string{`"title":"My clients"`, `"count":1`}},
			{Name: "my clients listed", Method: "GET", Path: "/api/v3/contractor" + apitest.Q(`{"filter":{"contentType":"CrmFilter","id":"mine"}}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := names(r); len(got) != 1 || got[0] != "ООО «Север»" {
						t.Errorf("mine: %v", got)
					}
				}},
		})
	})
}

// A filter saved from the list ("name contains") counts its clients and
// is deleted by its owner.
func TestSavedFilterFromTheList(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create(t, h, "contractorCompany", map[string]any{"name": "ООО «Восток»"})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Восток", "lastName": "Иванов"})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Запад"})
		id := create(t, h, "crmFilter", map[string]any{"contentType": "CrmFilter", "title": "Восток", "config": map[string]any{"contentType": "FilterConfig",
			"termGroup": map[string]any{"join": "and", "terms": []any{map[string]any{"contentType": "FilterTermString", "field": "name", "comparison": "contains", "value": "Восток"}}}}})
		if r := h.Do("GET", "/api/v3/crmFilter", apitest.Req{}); !strings.Contains(string(r.Body), `"id":"`+id+`"`) {
			t.Fatalf("saved filter not listed: %s", r.Body)
		}
		list := h.Do("GET", "/api/v3/contractor"+apitest.Q(`{"filter":{"contentType":"CrmFilter","id":"`+id+`"}}`), apitest.Req{})
		if got := names(list); len(got) != 2 {
			t.Fatalf("through the saved filter: %v", got)
		}
		if r := h.Do("DELETE", "/api/v3/crmFilter/"+id, apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/crmFilter", apitest.Req{}); strings.Contains(string(r.Body), `"id":"`+id+`"`) {
			t.Fatalf("deleted filter still listed: %s", r.Body)
		}
	})
}
