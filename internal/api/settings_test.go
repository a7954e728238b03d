package api_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestUserSettings(t *testing.T) {
	accountHarness(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "worker@example.com")
		drafts := map[string]any{"task/5": map[string]any{"content": "черновик", "timestamp": 1767225600}}
		h.Run(t, []apitest.Scenario{
			{Name: "unset reads null", Method: "GET", Path: "/api/v3/userSetting/global_drafts", Status: 200,
				Contains: []string{`"data":{"contentType":"UserSetting","id":"global_drafts","value":null}`}},
			{Name: "save by name", Method: "POST", Path: "/api/v3/userSetting/global_drafts",
				Req: apitest.Req{Body: map[string]any{"value": drafts}}, Status: 200, Contains: []string{"черновик"}},
			{Name: "save with id in body", Method: "POST", Path: "/api/v3/userSetting",
				Req: apitest.Req{Body: map[string]any{"contentType": "UserSetting", "id": "ny_theme", "value": true}}, Status: 200},
			{Name: "read back", Method: "GET", Path: "/api/v3/userSetting/global_drafts", Status: 200,
				Contains: []string{`"value":{"task/5":{"content":"черновик","timestamp":1767225600}}`}},
			{Name: "several names", Method: "GET", Path: "/api/v3/userSetting/ny_theme,global_drafts,none", Status: 200,
				Contains: []string{`"id":"ny_theme","value":true`, `"id":"none","value":null`}},
			{Name: "list", Method: "GET", Path: "/api/v3/userSetting", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if len(r.List()) != 2 {
						t.Errorf("%s", r.Body)
					}
				}},
			{Name: "other users see their own", Method: "GET", Path: "/api/v3/userSetting/global_drafts",
				Req: apitest.Req{Token: emp}, Status: 200, Contains: []string{`"value":null`}},
			{Name: "from bulk", Method: "POST", Path: "/api/v3/bulk", Req: apitest.Req{Token: emp, Body: map[string]any{"calls": []any{
				map[string]any{"url": "/api/v3/userSetting/global_drafts", "method": "POST", "body": map[string]any{"value": "mine"}},
				map[string]any{"url": "/api/v3/userSetting/global_drafts", "method": "GET"}}}},
				Status: 200, Contains: []string{`"value":"mine"`}},
			{Name: "admin's value kept", Method: "GET", Path: "/api/v3/userSetting/global_drafts", Contains: []string{"черновик"}},
			{Name: "null clears", Method: "POST", Path: "/api/v3/userSetting/global_drafts",
				Req: apitest.Req{Body: map[string]any{"value": nil}}, Status: 200, Contains: []string{`"value":null`}},
			{Name: "cleared", Method: "GET", Path: "/api/v3/userSetting/global_drafts", Contains: []string{`"value":null`}},
			{Name: "delete", Method: "DELETE", Path: "/api/v3/userSetting/ny_theme", Status: 200},
			{Name: "value required", Method: "POST", Path: "/api/v3/userSetting/x", Req: apitest.Req{Body: map[string]any{}}, Status: 422},
			{Name: "64 KiB at most", Method: "POST", Path: "/api/v3/userSetting/x",
				Req: apitest.Req{Body: map[string]any{"value": strings.Repeat("x", 65536)}}, Status: 422,
				Contains: []string{`"field":"value"`}},
			{Name: "bad name", Method: "POST", Path: "/api/v3/userSetting", Req: apitest.Req{Body: map[string]any{"id": "a b", "value": 1}},
				Status: 422, Contains: []string{"invalid_setting_name"}},
			{Name: "no method", Method: "PUT", Path: "/api/v3/userSetting/x", Req: apitest.Req{Body: map[string]any{"value": 1}}, Status: 405},
		})
	})
}

func TestSystemSettingsAndLayouts(t *testing.T) {
	accountHarness(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "worker@example.com")
		layout := map[string]any{"contentType": "UserInterfaceLayout", "id": "task",
			"desktop": map[string]any{"contentType": "LayoutSetting", "top": []any{map[string]any{"name": "status", "hidden": true}}},
			"cards":   []any{"a", "b"}}
		h.Run(t, []apitest.Scenario{
			{Name: "system: employee cannot write", Method: "POST", Path: "/api/v3/systemSetting",
				Req: apitest.Req{Token: emp, Body: map[string]any{"scope": "callServerConfig", "id": "host", "value": "pbx"}}, Status: 403},
			{Name: "system: admin writes", Method: "POST", Path: "/api/v3/systemSetting",
				Req:    apitest.Req{Body: map[string]any{"contentType": "SystemSetting", "scope": "callServerConfig", "id": "host", "value": "pbx"}},
				Status: 200, Contains: []string{`"id":"host","scope":"callServerConfig","value":"pbx"`}},
			{Name: "system: by path", Method: "POST", Path: "/api/v3/systemSetting/callServerConfig/port",
				Req: apitest.Req{Body: map[string]any{"value": 5060}}, Status: 200},
			{Name: "system: employee reads a scope", Method: "GET", Path: "/api/v3/systemSetting/callServerConfig",
				Req: apitest.Req{Token: emp}, Status: 200, Contains: []string{`"value":"pbx"`, `"value":5060`}},
			{Name: "system: one", Method: "GET", Path: "/api/v3/systemSetting/callServerConfig/port", Status: 200,
				Contains: []string{`"value":5060`}, NotContains: []string{"pbx"}},
			{Name: "system: delete", Method: "DELETE", Path: "/api/v3/systemSetting/callServerConfig/port", Status: 200},
			{Name: "system: deleted", Method: "GET", Path: "/api/v3/systemSetting", NotContains: []string{"5060"}},
			{Name: "layout: empty", Method: "GET", Path: "/api/v3/userInterfaceLayout/task", Status: 200,
				Contains: []string{`"cards":[]`, `"desktop":null`, `"id":"task"`}},
			{Name: "layout: own", Method: "POST", Path: "/api/v3/userInterfaceLayout/task",
				Req: apitest.Req{Token: emp, Body: map[string]any{"entity": layout}}, Status: 200, Contains: []string{`"cardsCount":2`}},
			{Name: "layout: only mine", Method: "GET", Path: "/api/v3/userInterfaceLayout/task", Contains: []string{`"desktop":null`}},
			{Name: "layout: for all needs admin", Method: "POST", Path: "/api/v3/userInterfaceLayout/task",
				Req: apitest.Req{Token: emp, Body: map[string]any{"entity": layout, "applyFor": []string{"forAllEmployees"}}}, Status: 403},
			{Name: "layout: admin for all", Method: "POST", Path: "/api/v3/userInterfaceLayout/deal",
				Req: apitest.Req{Body: map[string]any{"entity": map[string]any{"cards": []any{"x"}}, "applyFor": []string{"forAllEmployees"}}}, Status: 200},
			{Name: "layout: everyone gets it", Method: "GET", Path: "/api/v3/userInterfaceLayout", Req: apitest.Req{Token: emp},
				Contains: []string{`"id":"deal"`, `"id":"task"`, `"cards":["x"]`, `"hidden":true`}},
			{Name: "layout: bad applyFor", Method: "POST", Path: "/api/v3/userInterfaceLayout/deal",
				Req: apitest.Req{Body: map[string]any{"entity": layout, "applyFor": []string{"forMe"}}}, Status: 422},
		})
	})
}
