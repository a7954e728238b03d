package api_test

import (
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// accountHarness runs fn per database (app.Build registers the licence hook).
func accountHarness(t *testing.T, fn func(t *testing.T, h *apitest.Harness)) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		fn(t, h)
	})
}

func day(y, m, d int) map[string]any {
	return map[string]any{"contentType": "DateOnly", "year": y, "month": m, "day": d}
}

// kind names a JSON value's shape for the field table.
func kind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		return "integer"
	case []any:
		return "list"
	case map[string]any:
		return fmt.Sprint(x["contentType"])
	}
	return "?"
}

// Every AccountInfo field of the API v3 reference, with its type.
var accountInfoFields = map[string]string{
	"id": "string", "accountName": "string", "buildVersion": "string", "productName": "string",
	"systemProductName": "string", "tarifId": "string", "ecometHost": "string", "ecometPort": "integer",
	"ecometToken": "string", "licenceEndDate": "DateOnly", "mobileEndDate": "DateOnly", "paidToDate": "DateOnly",
	"licenceQuantity": "integer", "paidLicenceQuantity": "integer", "partnerId": "integer",
	"licenseExpired": "boolean", "enabledModules": "list", "enabledModulesCount": "integer", "isTest": "boolean",
	"megamailDomain": "string", "caldavSyncs": "list", "caldavSyncsCount": "integer", "isSaas": "boolean",
	"isFree": "boolean", "isDemo": "boolean", "defaultCountryCode": "integer", "daysRemaining": "integer",
	"maxDiskSpace": "integer", "usedMemory": "integer", "timeCreated": "DateTime", "jivoId": "string",
	"cqHash": "string", "cqUserId": "string", "permanentHost": "string",
}

func TestAccountInfo(t *testing.T) {
	accountHarness(t, func(t *testing.T, h *apitest.Harness) {
		info := h.Do("GET", "/api/v3/accountInfo", apitest.Req{}).Obj()
		// A new self-hosted account: perpetual, unlimited, every module.
		for f, want := range map[string]any{"licenceEndDate": nil, "paidToDate": nil, "daysRemaining": nil,
			"licenceQuantity": 0.0, "licenseExpired": false, "isSaas": false, "isTest": false, "productName": "Artel",
			"buildVersion": "test", "defaultCountryCode": 7.0, "maxDiskSpace": 0.0, "usedMemory": 0.0} {
			if info[f] != want {
				t.Errorf("default %s = %v, want %v", f, info[f], want)
			}
		}
		mods := map[string]bool{}
		for _, m := range info["enabledModules"].([]any) {
			mod := m.(map[string]any)
			if mod["contentType"] != "Module" || mod["availableInPaidVersionOnly"] != false {
				t.Errorf("module %v", mod)
			}
			mods[mod["id"].(string)] = true
		}
		for _, id := range []string{"task", "crm", "deal", "todo", "discuss", "doc", "invoice", "finance", "offer", "warehouse", "report", "employee", "knowledge"} {
			if !mods[id] {
				t.Errorf("module %s missing", id)
			}
		}
		r := h.Do("POST", "/api/v3/accountInfo/licence", apitest.Req{Body: map[string]any{"licenceQuantity": 25,
			"licenceEndDate": day(2099, 11, 31), "mobileEndDate": day(2099, 0, 1)}})
		info = r.Obj()
		if r.Status != 200 || info["licenceQuantity"] != 25.0 || info["paidLicenceQuantity"] != 25.0 {
			t.Fatalf("set licence: %d %s", r.Status, r.Body)
		}
		for f, want := range accountInfoFields {
			if got := kind(info[f]); got != want {
				t.Errorf("%s is %s (%v), want %s", f, got, info[f], want)
			}
		}
		if end := info["licenceEndDate"].(map[string]any); end["month"] != 11.0 || end["day"] != 31.0 {
			t.Errorf("licenceEndDate %v (months count from 0)", end)
		}
		if info["ecometPort"] == 0.0 || info["ecometToken"] == "" {
			t.Errorf("socket fields %v %v", info["ecometPort"], info["ecometToken"])
		}
	})
}

func TestLicenceAPI(t *testing.T) {
	accountHarness(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "worker@example.com")
		past := map[string]any{"licenceEndDate": day(2020, 0, 1)}
		h.Run(t, []apitest.Scenario{
			{Name: "non-admin refused", Method: "POST", Path: "/api/v3/accountInfo/licence",
				Req: apitest.Req{Token: emp, Body: past}, Status: 403, Contains: []string{"Нет доступа"}},
			{Name: "bad values", Method: "POST", Path: "/api/v3/accountInfo/licence",
				Req:    apitest.Req{Body: map[string]any{"licenceQuantity": -1, "licenceEndDate": "31.12.2020", "x": 1}},
				Status: 422, Contains: []string{`"field":"licenceQuantity"`, `"field":"licenceEndDate"`, `"field":"x"`}},
			{Name: "expire", Method: "POST", Path: "/api/v3/accountInfo/licence", Req: apitest.Req{Body: past},
				Status: 200, Contains: []string{`"licenseExpired":true`, `"daysRemaining":0`}},
			{Name: "entities blocked", Method: "GET", Path: "/api/v3/task", Status: 403,
				Contains: []string{`"message":"Your paid period is officially over"`, `"type":"not_granted"`}},
			{Name: "blocked in English too", Method: "GET", Path: "/api/v3/menu",
				Req:    apitest.Req{Token: emp, Headers: map[string]string{"Accept-Language": "en"}},
				Status: 403, Contains: []string{"Your paid period is officially over"}},
			{Name: "bulk calls blocked one by one", Method: "POST", Path: "/api/v3/bulk",
				Req: apitest.Req{Body: map[string]any{"calls": []any{
					map[string]any{"url": "/api/v3/accountInfo", "method": "GET"},
					map[string]any{"url": "/api/v3/task", "method": "GET"}}}},
				Status: 200, Contains: []string{`"status":200`, `"status":403`, "officially over"}},
			{Name: "accountInfo works", Method: "GET", Path: "/api/v3/accountInfo", Req: apitest.Req{Token: emp}, Status: 200},
			{Name: "currentUser works", Method: "GET", Path: "/api/v3/currentUser", Req: apitest.Req{Token: emp}, Status: 200},
			{Name: "trial message", Method: "POST", Path: "/api/v3/accountInfo/licence",
				Req: apitest.Req{Body: map[string]any{"isTest": true}}, Status: 200, Contains: []string{`"isTest":true`, `"tarifId":"trial"`}},
			{Name: "trial blocked", Method: "GET", Path: "/api/v3/employee", Status: 403,
				Contains: []string{`"message":"Your 14-day free trial period has officially ended"`}},
			{Name: "renew", Method: "POST", Path: "/api/v3/accountInfo/licence",
				Req:    apitest.Req{Body: map[string]any{"licenceEndDate": nil, "isTest": false}},
				Status: 200, Contains: []string{`"licenseExpired":false`, `"licenceEndDate":null`}},
			{Name: "open again", Method: "GET", Path: "/api/v3/task", Status: 200},
		})
	})
}

func TestLicenceQuantity(t *testing.T) {
	accountHarness(t, func(t *testing.T, h *apitest.Harness) {
		h.NewUser(t, "second@example.com")
		h.Do("POST", "/api/v3/accountInfo/licence", apitest.Req{Body: map[string]any{"licenceQuantity": 2}})
		var noAccess string
		h.Run(t, []apitest.Scenario{
			{Name: "third user refused", Method: "POST", Path: "/api/v3/employee",
				Req:    apitest.Req{Body: map[string]any{"lastName": "Третий", "canLogin": true}},
				Status: 422, Contains: []string{`"field":"canLogin"`, `"type":"licence_quantity_exceeded"`, "не больше 2"}},
			{Name: "password alone refused", Method: "POST", Path: "/api/v3/employee",
				Req:    apitest.Req{Body: map[string]any{"lastName": "Третий", "login": "third@example.com", "password": "long enough pass"}},
				Status: 422, Contains: []string{`"field":"canLogin"`, "licence_quantity_exceeded"}},
			{Name: "employee without access fine", Method: "POST", Path: "/api/v3/employee",
				Req: apitest.Req{Body: map[string]any{"lastName": "Без доступа", "canLogin": false}}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) { noAccess = r.Obj()["id"].(string) }},
			{Name: "editing a user fine", Method: "POST", Path: "/api/v3/employee/1",
				Req: apitest.Req{Body: map[string]any{"position": "Директор", "canLogin": true}}, Status: 200},
			{Name: "a licence freed", Method: "POST", Path: "/api/v3/accountInfo/licence",
				Req: apitest.Req{Body: map[string]any{"licenceQuantity": 3}}, Status: 200},
			{Name: "third user now fine", Method: "POST", Path: "/api/v3/employee",
				Req: apitest.Req{Body: map[string]any{"lastName": "Третий", "canLogin": true}}, Status: 200},
		})
		// Giving access to one more is the same refusal as creating one.
		if r := h.Do("POST", "/api/v3/employee/"+noAccess, apitest.Req{Body: map[string]any{"canLogin": true}}); r.Status != 422 {
			t.Fatalf("fourth user: %d %s", r.Status, r.Body)
		}
	})
}
