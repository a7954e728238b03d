package api_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

type people struct {
	ivan, petr, guest          string // tokens
	ivanID, petrID, guestID    string
	sales, employees, adminGrp string
}

// setupPeople makes the matrix's cast: Ivan is an employee in a "Sales"
// group; Petr is an employee without client or deal rights (the
// Employees group loses them); a client person signs in as a guest.
func setupPeople(t *testing.T, h *apitest.Harness) people {
	var p people
	emp := func(first, login string) string {
		r := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": first, "login": login, "password": "password-" + first, "canLogin": true}})
		if r.Status != 200 {
			t.Fatalf("employee: %s", r.Body)
		}
		return r.Obj()["id"].(string)
	}
	p.ivanID, p.petrID = emp("Ivan", "ivan@example.com"), emp("Petr", "petr@example.com")
	g := h.Do("POST", "/api/v3/contractorHuman", apitest.Req{Body: map[string]any{"firstName": "Гость", "loginEmail": "guest@client.ru",
		"password": "password-guest", "isGuestAccessEnabled": true, "canLogin": true}})
	if g.Status != 200 {
		t.Fatalf("guest: %s", g.Body)
	}
	p.guestID = g.Obj()["id"].(string)
	for _, grp := range h.Do("GET", "/api/v3/rightsGroup", apitest.Req{}).List() {
		if grp["everyone"] == true {
			p.employees = grp["id"].(string)
		}
	}
	keep := []string{"tasks_enter", "tasks_add", "todos_enter", "todos_add", "employee_enter"}
	if r := h.Do("POST", "/api/v3/rightsGroup/"+p.employees, apitest.Req{Body: map[string]any{"name": "Сотрудники", "everyone": true, "actions": keep}}); r.Status != 200 {
		t.Fatalf("narrow employees: %s", r.Body)
	}
	r := h.Do("POST", "/api/v3/rightsGroup", apitest.Req{Body: map[string]any{"name": "Продажи",
		"actions": []string{"crm_enter", "crm_add", "deal_enter", "deal_add"}, "members": []any{map[string]any{"contentType": "Employee", "id": p.ivanID}}}})
	if r.Status != 200 {
		t.Fatalf("sales group: %s", r.Body)
	}
	p.ivan, p.petr, p.guest = h.SignIn("ivan@example.com", "password-Ivan"), h.SignIn("petr@example.com", "password-Petr"), h.SignIn("guest@client.ru", "password-guest")
	return p
}

func link(typ, id string) map[string]any { return map[string]any{"contentType": typ, "id": id} }

func TestRightsMatrix(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := setupPeople(t, h)
		create := func(path string, body map[string]any) string {
			r := h.Do("POST", path, apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("%s: %s", path, r.Body)
			}
			return r.Obj()["id"].(string)
		}
		taskIvan := create("/api/v3/task", map[string]any{"name": "Ивану", "responsible": link("Employee", p.ivanID)})
		taskNone := create("/api/v3/task", map[string]any{"name": "Ничья"})
		taskGuest := create("/api/v3/task", map[string]any{"name": "С гостем", "auditors": []any{link("ContractorHuman", p.guestID)}})
		commentIvan := create("/api/v3/comment", map[string]any{"content": "на задаче Ивана", "subject": link("Task", taskIvan)})
		company := create("/api/v3/contractorCompany", map[string]any{"name": "ООО Тест"})
		dept := create("/api/v3/department", map[string]any{"name": "Продажи"})
		as := func(tok string) apitest.Req { return apitest.Req{Token: tok} }
		body := func(tok string, b any) apitest.Req { return apitest.Req{Token: tok, Body: b} }
		h.Run(t, []apitest.Scenario{
			// Tasks: members only.
			{Name: "employee sees a task he is responsible for", Method: "GET", Path: "/api/v3/task/" + taskIvan, Req: as(p.ivan), Status: 200, Contains: []string{`"act_edit"`}, NotContains: []string{`"act_delete"`}},
			{Name: "employee does not see a task he is not in", Method: "GET", Path: "/api/v3/task/" + taskNone, Req: as(p.ivan), Status: 404},
			{Name: "task list counts only visible tasks", Method: "GET", Path: "/api/v3/task", Req: as(p.ivan), Status: 200, Contains: []string{`"count":1,`}},
			{Name: "another employee sees none", Method: "GET", Path: "/api/v3/task", Req: as(p.petr), Status: 200, Contains: []string{`"count":0,`}},
			{Name: "responsible may edit", Method: "POST", Path: "/api/v3/task/" + taskIvan, Req: body(p.ivan, map[string]any{"name": "Ивану!"}), Status: 200},
			{Name: "responsible may not delete", Method: "DELETE", Path: "/api/v3/task/" + taskIvan, Req: as(p.ivan), Status: 403, Contains: []string{`"message":"Нет доступа"`}},
			{Name: "invisible task cannot be edited", Method: "POST", Path: "/api/v3/task/" + taskNone, Req: body(p.ivan, map[string]any{"name": "x"}), Status: 404},
			{Name: "employee may create a task", Method: "POST", Path: "/api/v3/task", Req: body(p.petr, map[string]any{"name": "Своя"}), Status: 200, Contains: []string{`"act_delete"`}},
			{Name: "admin sees every task", Method: "GET", Path: "/api/v3/task", Status: 200, Contains: []string{`"count":4,`}},
			// Comments follow their subject.
			{Name: "comment on a visible task", Method: "GET", Path: "/api/v3/comment/" + commentIvan, Req: as(p.ivan), Status: 200},
			{Name: "comment on an invisible task", Method: "GET", Path: "/api/v3/comment/" + commentIvan, Req: as(p.petr), Status: 404},
			// Clients and deals by permission.
			{Name: "client visible with crm_enter", Method: "GET", Path: "/api/v3/contractorCompany/" + company, Req: as(p.ivan), Status: 200},
			{Name: "client invisible without crm_enter", Method: "GET", Path: "/api/v3/contractorCompany/" + company, Req: as(p.petr), Status: 404},
			{Name: "client created with crm_add", Method: "POST", Path: "/api/v3/contractorCompany", Req: body(p.ivan, map[string]any{"name": "ООО Иван"}), Status: 200},
			{Name: "client refused without crm_add", Method: "POST", Path: "/api/v3/contractorCompany", Req: body(p.petr, map[string]any{"name": "ООО Пётр"}), Status: 403},
			{Name: "link to an invisible client refused", Method: "POST", Path: "/api/v3/task", Req: body(p.petr, map[string]any{"name": "x", "contractor": link("ContractorCompany", company)}), Status: 422, Contains: []string{`"type":"link_not_found"`}},
			// Staff: everyone reads; only administrators change others.
			{Name: "staff visible", Method: "GET", Path: "/api/v3/employee/" + p.ivanID, Req: as(p.petr), Status: 200},
			{Name: "own card editable", Method: "POST", Path: "/api/v3/employee/" + p.petrID, Req: body(p.petr, map[string]any{"position": "Инженер"}), Status: 200},
			{Name: "another's card not editable", Method: "POST", Path: "/api/v3/employee/" + p.ivanID, Req: body(p.petr, map[string]any{"position": "Уволен"}), Status: 403},
			{Name: "employee cannot create employees", Method: "POST", Path: "/api/v3/employee", Req: body(p.petr, map[string]any{"firstName": "Новый"}), Status: 403},
			{Name: "administrator names a department's chief", Method: "POST", Path: "/api/v3/departmentVacancy", Status: 200,
				Req: apitest.Req{Body: map[string]any{"department": link("Department", dept), "employee": link("Employee", p.ivanID), "isHead": true}}},
			{Name: "department lists its posts", Method: "GET", Path: "/api/v3/department/" + dept + apitest.Q(`{"fields":["vacancies"]}`), Req: as(p.petr), Status: 200,
				Contains: []string{`"vacanciesCount":1`, `"contentType":"DepartmentVacancy"`}},
			{Name: "only administrators name chiefs", Method: "POST", Path: "/api/v3/departmentVacancy", Status: 403,
				Req: body(p.petr, map[string]any{"department": link("Department", dept), "employee": link("Employee", p.petrID), "isHead": true})},
			{Name: "rights groups are for administrators", Method: "GET", Path: "/api/v3/rightsGroup", Req: as(p.petr), Status: 403},
			// Bulk and links answer only what is visible.
			{Name: "bulk", Method: "POST", Path: "/api/v3/bulk", Req: body(p.petr, map[string]any{"calls": []any{map[string]any{"url": "/api/v3/task/" + taskNone, "method": "GET"}}}), Status: 200, Contains: []string{`"status":404`}},
			{Name: "getEntitiesByLinks", Method: "POST", Path: "/api/v3/bulk/getEntitiesByLinks", Req: body(p.ivan, []any{link("Task", taskNone), link("Task", taskIvan)}), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if l := r.List(); len(l) != 1 || l[0]["id"] != taskIvan {
						t.Fatalf("%s", r.Body)
					}
				}},
			// Guests: their tasks and communications, nothing else.
			{Name: "guest sees the task he audits", Method: "GET", Path: "/api/v3/task/" + taskGuest, Req: as(p.guest), Status: 200},
			{Name: "guest does not see other tasks", Method: "GET", Path: "/api/v3/task", Req: as(p.guest), Status: 200, Contains: []string{`"count":1,`}},
			{Name: "guest comments on his task", Method: "POST", Path: "/api/v3/task/" + taskGuest + "/comments", Req: body(p.guest, map[string]any{"content": "Спасибо"}), Status: 200},
			{Name: "guest cannot comment elsewhere", Method: "POST", Path: "/api/v3/comment", Req: body(p.guest, map[string]any{"content": "x", "subject": link("Task", taskIvan)}), Status: 422},
			{Name: "guest plans a to-do", Method: "POST", Path: "/api/v3/todo", Req: body(p.guest, map[string]any{"name": "Встреча"}), Status: 200},
			{Name: "guest sees no clients", Method: "GET", Path: "/api/v3/contractorCompany", Req: as(p.guest), Status: 200, Contains: []string{`"count":0,`}},
			{Name: "guest cannot create tasks", Method: "POST", Path: "/api/v3/task", Req: body(p.guest, map[string]any{"name": "x"}), Status: 403},
			{Name: "guest cannot create tags", Method: "POST", Path: "/api/v3/tag", Req: body(p.guest, map[string]any{"name": "x"}), Status: 403},
		})
		me := func(tok string) map[string]any {
			return h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: tok}).Obj()
		}
		has := func(m map[string]any, action string) bool {
			for _, a := range m["possibleActions"].([]any) {
				if a == action {
					return true
				}
			}
			return false
		}
		if m := me(p.ivan); !has(m, "crm_enter") || m["isAdmin"] != false {
			t.Errorf("ivan: %v", m["possibleActions"])
		}
		if m := me(p.petr); has(m, "crm_enter") || !has(m, "tasks_add") {
			t.Errorf("petr: %v", m["possibleActions"])
		}
		if m := me(h.Token); m["isAdmin"] != true || !has(m, "employee_groups") {
			t.Errorf("admin: %v %v", m["isAdmin"], m["possibleActions"])
		}
		if m := me(p.guest); m["contentType"] != "ContractorHuman" || m["isGuestAccessEnabled"] != true {
			t.Errorf("guest: %v", m)
		}
	})
}
