package api_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func menuIDs(r *apitest.Resp) string {
	var ids []string
	for _, it := range r.List() {
		id := it["id"].(string)
		if it["isEnabled"] != true {
			id = "-" + id
		}
		ids = append(ids, id)
	}
	return strings.Join(ids, " ")
}

func TestMenu(t *testing.T) {
	accountHarness(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "worker@example.com")
		all := "desktop workspaces tasks todo discuss crm deals invoices finance offers warehouse docs reports staff knowledge help"
		en := map[string]string{"Accept-Language": "en"}
		h.Run(t, []apitest.Scenario{
			{Name: "administrator", Method: "GET", Path: "/api/v3/menu", Req: apitest.Req{Headers: en}, Status: 200,
				Contains: []string{`"title":"Tasks"`, `"iconKind":"calendar"`, `"contentType":"MenuItem"`},
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := menuIDs(r); got != all+" settings" {
						t.Errorf("menu %q", got)
					}
				}},
			{Name: "employee: no settings", Method: "GET", Path: "/api/v3/menu", Req: apitest.Req{Token: emp}, Status: 200,
				Contains: []string{`"title":"Задачи"`}, Check: func(t *testing.T, r *apitest.Resp) {
					if got := menuIDs(r); got != all {
						t.Errorf("menu %q", got)
					}
				}},
			{Name: "landing is the task list", Method: "GET", Path: "/api/v3/menu/defaultUrl", Status: 200,
				Contains: []string{`"data":"/task/filter"`}},
			{Name: "hide items", Method: "POST", Path: "/api/v3/userSetting/menu_hidden_items",
				Req: apitest.Req{Token: emp, Body: map[string]any{"value": []string{"tasks", "crm"}}}, Status: 200},
			{Name: "hidden items are disabled", Method: "GET", Path: "/api/v3/menu", Req: apitest.Req{Token: emp},
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := menuIDs(r); !strings.Contains(got, " -tasks ") || !strings.Contains(got, " -crm ") {
						t.Errorf("menu %q", got)
					}
				}},
			{Name: "landing skips a hidden task list", Method: "GET", Path: "/api/v3/menu/defaultUrl", Req: apitest.Req{Token: emp},
				Contains: []string{`"data":"/newdashboard"`}},
			{Name: "saved landing", Method: "POST", Path: "/api/v3/userSetting/default_url",
				Req: apitest.Req{Token: emp, Body: map[string]any{"value": "/crm/filter/5"}}, Status: 200},
			{Name: "saved landing used", Method: "GET", Path: "/api/v3/menu/defaultUrl", Req: apitest.Req{Token: emp},
				Contains: []string{`"data":"/crm/filter/5"`}},
			{Name: "another host never", Method: "POST", Path: "/api/v3/userSetting/default_url",
				Req: apitest.Req{Body: map[string]any{"value": "//evil.example.com/"}}, Status: 200},
			{Name: "another host ignored", Method: "GET", Path: "/api/v3/menu/defaultUrl", Contains: []string{`"data":"/task/filter"`}},
			{Name: "feature off hides its module", Method: "POST", Path: "/api/v3/feature",
				Req: apitest.Req{Body: map[string]any{"name": "bums.invoice.offer_consignments_feature", "isAvailable": false}}, Status: 200},
			{Name: "no warehouse", Method: "GET", Path: "/api/v3/menu", NotContains: []string{`"id":"warehouse"`}},
		})
	})
}
