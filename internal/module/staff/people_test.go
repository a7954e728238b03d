package staff_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func emp(id string) map[string]any { return map[string]any{"contentType": "Employee", "id": id} }

// Depends on the harness administrator being an administrator (rights).
func TestFireReassignsAndTakeBack(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		petrID, petrTok := h.Person(t, "Пётр", "petr@example.com", "petr-password")
		annaID, _ := h.Person(t, "Анна", "anna@example.com", "anna-password")
		task := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Отчёт",
			"responsible": emp(petrID), "executors": []any{emp(petrID), emp(annaID)}}}).Obj()
		taskID, _ := task["id"].(string)
		client := h.Do("POST", "/api/v3/contractorHuman", apitest.Req{Body: map[string]any{"firstName": "Клиент",
			"responsibles": []any{emp(petrID)}}}).Obj()
		clientID, _ := client["id"].(string)
		dep := h.Do("POST", "/api/v3/department", apitest.Req{Body: map[string]any{"name": "Продажи"}}).Obj()
		post := h.Do("POST", "/api/v3/departmentVacancy", apitest.Req{Body: map[string]any{"isHead": true,
			"department": dep, "employee": emp(petrID)}}).Obj()
		postID, _ := post["id"].(string)
		if taskID == "" || clientID == "" || postID == "" {
			t.Fatalf("task %v, client %v, post %v", task, client, post)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "prepareFire counts the roles", Method: "GET", Path: "/api/v3/employee/" + petrID + "/prepareFire", Status: 200,
				Contains: []string{`"responsibleTasksCount":1`, `"soexecTasksCount":1`, `"Task.responsible":1`, `"department":"Продажи"`}},
			{Name: "replacement must exist", Method: "POST", Path: "/api/v3/employee/" + petrID + "/fire", Status: 422,
				Req: apitest.Req{Body: map[string]any{"newEmployee": emp("999999")}}, Contains: []string{`"field":"newEmployee"`}},
		})
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		if r := h.Do("POST", "/api/v3/employee/"+me+"/fire", apitest.Req{}); r.Status != 422 {
			t.Fatalf("self fire: %d %s", r.Status, r.Body)
		}
		h.Events()
		h.Run(t, []apitest.Scenario{
			{Name: "fire with a replacement", Method: "POST", Path: "/api/v3/employee/" + petrID + "/fire", Status: 200,
				Req:      apitest.Req{Body: map[string]any{"newEmployee": emp(annaID)}},
				Contains: []string{`"isWorking":false`, `"canLogin":false`, `"fireDay":{"contentType":"DateTime"`}},
			{Name: "the task moved to the replacement", Method: "GET", Path: "/api/v3/task/" + taskID, Status: 200,
				Contains: []string{`"responsible":{"contentType":"Employee","id":"` + annaID + `"}`},
				Check: func(t *testing.T, r *apitest.Resp) {
					ex, _ := r.Obj()["executors"].([]any)
					if len(ex) != 1 || ex[0].(map[string]any)["id"] != annaID {
						t.Fatalf("executors not merged into the replacement: %v", ex)
					}
				}},
			{Name: "the client's responsible moved too", Method: "GET", Path: "/api/v3/contractorHuman/" + clientID, Status: 200,
				Contains: []string{`"responsibles":[{"contentType":"Employee","id":"` + annaID + `"}]`}},
			{Name: "the department is left without chief", Method: "GET", Path: "/api/v3/departmentVacancy/" + postID, Status: 200,
				Contains: []string{`"isHead":true`, `"employee":null`}},
			{Name: "the fired user's token stopped working", Method: "GET", Path: "/api/v3/currentUser",
				Req: apitest.Req{Token: petrTok}, Status: 401},
		})
		var taskEvent bool
		for _, ev := range h.Events() {
			taskEvent = taskEvent || (ev.Type == "Task" && ev.Action == "updated")
		}
		if !taskEvent {
			t.Fatal("no event for the reassigned task")
		}
		if r := h.PasswordGrant("petr@example.com", "petr-password"); r.Status != 401 {
			t.Fatalf("fired user signed in: %d %s", r.Status, r.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a fired replacement is refused", Method: "POST", Path: "/api/v3/employee/" + annaID + "/fire", Status: 422,
				Req: apitest.Req{Body: emp(petrID)}, Contains: []string{`"type":"employee_not_working"`}},
			{Name: "take back", Method: "POST", Path: "/api/v3/employee/" + petrID + "/restoreFired", Status: 200,
				Contains: []string{`"isWorking":true`, `"canLogin":true`}, NotContains: []string{`"fireDay":{`}},
		})
		if r := h.PasswordGrant("petr@example.com", "petr-password"); r.Status != 200 {
			t.Fatalf("taken back user cannot sign in: %d %s", r.Status, r.Body)
		}
	})
}

// Depends on the harness administrator being an administrator (rights).
func TestBlockUnblock(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		id, tok := h.Person(t, "Олег", "oleg@example.com", "oleg-password")
		h.Run(t, []apitest.Scenario{
			{Name: "block", Method: "POST", Path: "/api/v3/employee/" + id + "/block", Status: 200,
				Contains: []string{`"canLogin":false`, `"isWorking":true`}},
			{Name: "sessions ended", Method: "GET", Path: "/api/v3/currentUser", Req: apitest.Req{Token: tok}, Status: 401},
			{Name: "token sign-in refused", Method: "POST", Path: "/api/v3/auth/access_token", Status: 401,
				Req:      apitest.Req{NoAuth: true, Form: map[string]string{"grant_type": "password", "username": "oleg@example.com", "password": "oleg-password"}},
				Contains: []string{`"error":"invalid_grant"`, "blocked"}},
			{Name: "cookie sign-in refused", Method: "POST", Path: "/api/v3/auth/login", Status: 401,
				Req:      apitest.Req{NoAuth: true, Body: map[string]any{"username": "oleg@example.com", "password": "oleg-password"}},
				Contains: []string{`"type":"user_blocked"`}},
			{Name: "unblock", Method: "POST", Path: "/api/v3/employee/" + id + "/unblock", Status: 200, Contains: []string{`"canLogin":true`}},
		})
		h.SignIn("oleg@example.com", "oleg-password")
	})
}

func TestPeopleActionsNeedAdmin(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		id, tok := h.Person(t, "Вера", "vera@example.com", "vera-password")
		other, _ := h.Person(t, "Глеб", "gleb@example.com", "gleb-password")
		as := apitest.Req{Token: tok}
		var sc []apitest.Scenario
		for _, p := range []string{"fire", "restoreFired", "block", "unblock"} {
			sc = append(sc, apitest.Scenario{Name: p, Method: "POST", Path: "/api/v3/employee/" + other + "/" + p, Req: as,
				Status: 403, Contains: []string{`"type":"access_denied"`}})
		}
		sc = append(sc,
			apitest.Scenario{Name: "prepareFire", Method: "GET", Path: "/api/v3/employee/" + id + "/prepareFire", Req: as, Status: 403},
			apitest.Scenario{Name: "invite link", Method: "GET", Path: "/api/v3/employee/inviteLink", Req: as, Status: 403,
				Contains: []string{`"message":"Нет доступа"`}},
			apitest.Scenario{Name: "invite link in English", Method: "POST", Path: "/api/v3/employee/inviteLink", Status: 403,
				Req: apitest.Req{Token: tok, Headers: map[string]string{"Accept-Language": "en"}}, Contains: []string{`"message":"Access denied"`}},
			apitest.Scenario{Name: "ip allow-list", Method: "POST", Path: "/api/v3/security/ipAllowList", Status: 403,
				Req: apitest.Req{Token: tok, Body: map[string]any{"cidrs": []string{}}}},
		)
		h.Run(t, sc)
		// Still working and able to sign in: nothing happened.
		h.SignIn("gleb@example.com", "gleb-password")
	})
}
