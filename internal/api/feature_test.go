package api_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// featureOf finds one feature in a GET /feature answer.
func featureOf(r *apitest.Resp, name string) map[string]any {
	for _, f := range r.List() {
		if f["name"] == name {
			return f
		}
	}
	return nil
}

func TestFeatures(t *testing.T) {
	accountHarness(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "worker@example.com")
		push := "bums.common.web_push_notifications"
		h.Run(t, []apitest.Scenario{
			{Name: "list", Method: "GET", Path: "/api/v3/feature", Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				for name, want := range map[string]bool{"bums.common.ny_theme2022": true, "bums.common.firebase": false,
					"bums.common.component_todo_list": true, "megaplan.api3.use_realtime_entities_updater_feature": true,
					"bums.knowledge.knowledge_module_feature": true, push: false} {
					f := featureOf(r, name)
					if f == nil || f["contentType"] != "Feature" || f["isAvailable"] != want || f["isEnabledForUser"] != want {
						t.Errorf("%s: %v", name, f)
					}
				}
				if f := featureOf(r, push); f["isTestDriveAvailable"] != true {
					t.Errorf("no test drive offered: %v", f)
				}
				if f := featureOf(r, "bums.common.firebase"); f["isTestDriveAvailable"] != false {
					t.Errorf("analytics offered: %v", f)
				}
			}},
			{Name: "verify on", Method: "POST", Path: "/api/v3/feature/verifyFeature",
				Req: apitest.Req{Body: map[string]any{"feature": "bums.common.mentions"}}, Status: 200, Contains: []string{`"data":true`}},
			{Name: "verify in query", Method: "POST", Path: "/api/v3/feature/verifyFeature" + apitest.Q(`{"feature":"bums.common.firebase"}`),
				Status: 200, Contains: []string{`"data":false`}},
			{Name: "verify unknown", Method: "POST", Path: "/api/v3/feature/verifyFeature",
				Req: apitest.Req{Body: map[string]any{"feature": "no.such"}}, Status: 200, Contains: []string{`"data":false`}},
			{Name: "verify needs a name", Method: "POST", Path: "/api/v3/feature/verifyFeature", Req: apitest.Req{Body: map[string]any{}}, Status: 422},
			{Name: "test drive needs the right", Method: "POST", Path: "/api/v3/feature/handleTestDrive",
				Req: apitest.Req{Token: emp, Body: map[string]any{"name": push}}, Status: 403, Contains: []string{"Нет доступа"}},
			{Name: "no drive offered without the right", Method: "GET", Path: "/api/v3/feature", Req: apitest.Req{Token: emp},
				Check: func(t *testing.T, r *apitest.Resp) {
					if f := featureOf(r, push); f["isTestDriveAvailable"] != false {
						t.Errorf("%v", f)
					}
				}},
			{Name: "test drive", Method: "POST", Path: "/api/v3/feature/handleTestDrive",
				Req:    apitest.Req{Body: map[string]any{"contentType": "Variable", "name": "feature", "value": push}},
				Status: 200, Contains: []string{`"isAvailable":true`, `"isTestDriveAvailable":false`}},
			{Name: "on for everyone", Method: "POST", Path: "/api/v3/feature/verifyFeature",
				Req: apitest.Req{Token: emp, Body: map[string]any{"feature": push}}, Contains: []string{`"data":true`}},
			{Name: "only once", Method: "POST", Path: "/api/v3/feature/handleTestDrive",
				Req: apitest.Req{Body: map[string]any{"name": push}}, Status: 422, Contains: []string{"test_drive_unavailable"}},
			{Name: "no drive of a default feature", Method: "POST", Path: "/api/v3/feature/handleTestDrive",
				Req: apitest.Req{Body: map[string]any{"name": "bums.common.mentions"}}, Status: 422},
			{Name: "switch is for administrators", Method: "POST", Path: "/api/v3/feature",
				Req: apitest.Req{Token: emp, Body: map[string]any{"name": "bums.common.mentions", "isAvailable": false}}, Status: 403},
			{Name: "switch off", Method: "POST", Path: "/api/v3/feature",
				Req:    apitest.Req{Body: []any{map[string]any{"name": "bums.common.mentions", "isAvailable": false}, map[string]any{"name": push, "isAvailable": false}}},
				Status: 200, Contains: []string{`"isAvailable":false`}, NotContains: []string{`"isAvailable":true`}},
			{Name: "off for users", Method: "POST", Path: "/api/v3/feature/verifyFeature",
				Req: apitest.Req{Token: emp, Body: map[string]any{"feature": "bums.common.mentions"}}, Contains: []string{`"data":false`}},
			{Name: "back to default", Method: "POST", Path: "/api/v3/feature",
				Req: apitest.Req{Body: map[string]any{"name": "bums.common.mentions", "isAvailable": nil}}, Status: 200, Contains: []string{`"isAvailable":true`}},
			{Name: "analytics stays off", Method: "POST", Path: "/api/v3/feature",
				Req: apitest.Req{Body: map[string]any{"name": "bums.common.firebase", "isAvailable": true}}, Status: 422, Contains: []string{"feature_fixed"}},
			{Name: "unknown feature", Method: "POST", Path: "/api/v3/feature",
				Req: apitest.Req{Body: map[string]any{"name": "no.such", "isAvailable": true}}, Status: 404},
			{Name: "a module follows its feature", Method: "POST", Path: "/api/v3/feature",
				Req: apitest.Req{Body: map[string]any{"name": "bums.knowledge.knowledge_module_feature", "isAvailable": false}}, Status: 200},
			{Name: "knowledge module gone", Method: "GET", Path: "/api/v3/accountInfo", Status: 200,
				NotContains: []string{`"id":"knowledge"`}, Contains: []string{`"id":"task"`}},
		})
	})
}

// A running test drive shows when it ends; who started it (or an
// administrator) gives it back, and it cannot be driven again; another
// employee may not.
func TestGiveBackTestDrive(t *testing.T) {
	accountHarness(t, func(t *testing.T, h *apitest.Harness) {
		push := "bums.common.web_push_notifications"
		starterID, starter := h.Person(t, "Вера", "vera", "vera long password")
		_, other := h.Person(t, "Олег", "oleg", "oleg long password")
		r := h.Do("POST", "/api/v3/rightsGroup", apitest.Req{Body: map[string]any{"name": "Пробующие",
			"actions": []string{"can_start_feature_test_drive"}, "members": []any{map[string]any{"contentType": "Employee", "id": starterID}}}})
		if r.Status != 200 {
			t.Fatalf("group: %s", r.Body)
		}
		if r := h.Do("POST", "/api/v3/feature/giveBackTestDrive", apitest.Req{Token: starter, Body: map[string]any{"feature": push}}); r.Status != 422 {
			t.Errorf("giving back a drive that does not run: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/feature/handleTestDrive", apitest.Req{Token: starter, Body: map[string]any{"name": push}}); r.Status != 200 {
			t.Fatalf("start: %d %s", r.Status, r.Body)
		}
		mine := featureOf(h.Do("GET", "/api/v3/feature", apitest.Req{Token: starter}), push)
		if mine["canGiveBackTestDrive"] != true || mine["testDriveUntil"] == nil || mine["isAvailable"] != true {
			t.Errorf("the starter's view: %v", mine)
		}
		if f := featureOf(h.Do("GET", "/api/v3/feature", apitest.Req{Token: other}), push); f["canGiveBackTestDrive"] != false {
			t.Errorf("another's view: %v", f)
		}
		if r := h.Do("POST", "/api/v3/feature/giveBackTestDrive", apitest.Req{Token: other, Body: map[string]any{"feature": push}}); r.Status != 403 {
			t.Errorf("another gives it back: %d %s", r.Status, r.Body)
		}
		r = h.Do("POST", "/api/v3/feature/giveBackTestDrive", apitest.Req{Token: starter, Body: map[string]any{"feature": push}})
		if r.Status != 200 || r.Obj()["isAvailable"] != false || r.Obj()["testDriveUntil"] != nil {
			t.Errorf("given back: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/feature/verifyFeature", apitest.Req{Token: other, Body: map[string]any{"feature": push}}); !strings.Contains(string(r.Body), `"data":false`) {
			t.Errorf("still on for others: %s", r.Body)
		}
		if r := h.Do("POST", "/api/v3/feature/handleTestDrive", apitest.Req{Token: starter, Body: map[string]any{"name": push}}); r.Status != 422 {
			t.Errorf("a second drive: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/feature/giveBackTestDrive", apitest.Req{Body: map[string]any{}}); r.Status != 422 {
			t.Errorf("no feature named: %d", r.Status)
		}
	})
}
