package staff_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// mk creates an entity and answers its id.
func mk(t *testing.T, h *apitest.Harness, path string, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/"+path, apitest.Req{Body: body})
	id, _ := r.Obj()["id"].(string)
	if r.Status != 200 || id == "" {
		t.Fatalf("create %s: %d %s", path, r.Status, r.Body)
	}
	return id
}

// roles is prepareFire's "roles" of an employee: "Type.field" -> count.
func roles(t *testing.T, h *apitest.Harness, id string) map[string]int {
	t.Helper()
	r := h.Do("GET", "/api/v3/employee/"+id+"/prepareFire", apitest.Req{})
	if r.Status != 200 {
		t.Fatalf("prepareFire %s: %d %s", id, r.Status, r.Body)
	}
	out := map[string]int{}
	for k, v := range r.Obj()["roles"].(map[string]any) {
		out[k] = int(v.(float64))
	}
	return out
}

// A dismissal with hand-over moves every kind of role, per area to the
// person named for it, as a background job; counted before and after,
// nothing is lost and nothing is left with the dismissed person.
func TestFireJobMovesEveryRole(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		petr, petrTok := h.Person(t, "Пётр", "petr@example.com", "petr-password")
		anna, _ := h.Person(t, "Анна", "anna@example.com", "anna-password")
		boris, _ := h.Person(t, "Борис", "boris@example.com", "boris-password")
		p, a := emp(petr), emp(anna)
		mk(t, h, "task", map[string]any{"name": "Отчёт", "responsible": p, "executors": []any{p, a}, "auditors": []any{p}})
		mk(t, h, "task", map[string]any{"name": "Сверка", "responsible": a, "auditors": []any{p}})
		mk(t, h, "project", map[string]any{"name": "Запуск", "responsible": p, "auditors": []any{p}})
		mk(t, h, "contractorHuman", map[string]any{"firstName": "Клиент", "responsibles": []any{p}})
		mk(t, h, "contractorCompany", map[string]any{"name": "ООО «Бета»", "responsibles": []any{p, emp(boris)}})
		prog := map[string]any{"contentType": "Program", "id": mk(t, h, "program", map[string]any{"name": "Продажи"})}
		st := map[string]any{"contentType": "ProgramState", "id": mk(t, h, "programState", map[string]any{"name": "Новая", "type": "active", "isEntry": true, "program": prog})}
		won := map[string]any{"contentType": "ProgramState", "id": mk(t, h, "programState", map[string]any{"name": "Выиграна", "type": "positive", "program": prog})}
		mk(t, h, "deal", map[string]any{"name": "Сделка", "program": prog, "manager": p, "auditors": []any{p}})
		// Only Petr may close a deal as won, and a scenario runs for him:
		// both rules name him (CurrentUserRule) and go to his successor.
		onlyPetr := `{"contentType":"CurrentUserRule","currentUser":[{"contentType":"Employee","id":"` + petr + `"}]}`
		transition := mk(t, h, "programTransition", map[string]any{"name": "Закрыть", "from": st, "to": won,
			"rule": `{"condition":` + onlyPetr + `}`})
		trigger := mk(t, h, "programTrigger", map[string]any{"name": "Петру", "type": "button", "program": prog,
			"params": `{"actions":[{"type":"message","text":"Готово"}]}`, "rule": json.RawMessage(onlyPetr)})
		mk(t, h, "todo", map[string]any{"name": "Звонок", "responsible": p})
		mk(t, h, "todo", map[string]any{"name": "Встреча", "responsible": a,
			"participants": []any{map[string]any{"contentType": "Participant", "subject": p}}})

		before := roles(t, h, petr)
		want := map[string]int{"Task.responsible": 1, "Task.executors": 1, "Task.auditors": 2, "Project.responsible": 1,
			"Project.auditors": 1, "ContractorHuman.responsibles": 1, "ContractorCompany.responsibles": 1,
			"Deal.manager": 1, "Deal.auditors": 1, "Todo.responsible": 1, "Todo.participants": 1,
			"ProgramTransition.rule": 1, "ProgramTrigger.rule": 1}
		for f, n := range want {
			if before[f] != n {
				t.Errorf("before: %s = %d, want %d (all: %v)", f, before[f], n, before)
			}
		}
		annaBefore, borisBefore := roles(t, h, anna), roles(t, h, boris)

		h.Run(t, []apitest.Scenario{
			{Name: "an unknown area", Method: "POST", Path: "/api/v3/employee/" + petr + "/fireJob", Status: 422,
				Req: apitest.Req{Body: map[string]any{"areas": map[string]any{"spaceships": a}}}, Contains: []string{`"type":"unknown_area"`}},
			{Name: "not a link", Method: "POST", Path: "/api/v3/employee/" + petr + "/fireJob", Status: 422,
				Req: apitest.Req{Body: map[string]any{"newEmployee": "Анна"}}, Contains: []string{`"field":"newEmployee"`}},
			{Name: "oneself as replacement", Method: "POST", Path: "/api/v3/employee/" + petr + "/fireJob", Status: 422,
				Req: apitest.Req{Body: map[string]any{"newEmployee": p}}, Contains: []string{`"type":"self_replacement"`}},
			{Name: "a replacement that does not exist", Method: "POST", Path: "/api/v3/employee/" + petr + "/fireJob", Status: 422,
				Req: apitest.Req{Body: map[string]any{"areas": map[string]any{"deals": emp("999999")}}}},
			{Name: "malformed", Method: "POST", Path: "/api/v3/employee/" + petr + "/fireJob", Status: 400,
				Req: apitest.Req{Body: `{"newEmployee":`, ContentType: "application/json"}},
			{Name: "no such job", Method: "GET", Path: "/api/v3/fireJob/999999", Status: 404},
			{Name: "the refusals did not fire him", Method: "GET", Path: "/api/v3/employee/" + petr, Status: 200,
				Contains: []string{`"isWorking":true`}},
		})

		r := h.Do("POST", "/api/v3/employee/"+petr+"/fireJob", apitest.Req{Body: map[string]any{"newEmployee": a,
			"areas": map[string]any{"clients": emp(boris), "deals": emp(boris)}}})
		if r.Status != 202 {
			t.Fatalf("fireJob: %d %s", r.Status, r.Body)
		}
		job := r.Obj()["id"].(string)
		var got map[string]any
		for deadline := time.Now().Add(30 * time.Second); ; {
			got = h.Do("GET", "/api/v3/fireJob/"+job, apitest.Req{}).Obj()
			if got["state"] == "done" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("job not done: %v", got)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if got["failed"] != float64(0) || got["done"] != got["total"] || got["total"] != float64(10) {
			t.Fatalf("job: %v", got)
		}
		moved := got["report"].(map[string]any)["moved"].(map[string]any)
		for f, n := range before {
			if moved[f] != float64(n) {
				t.Errorf("report: %s moved %v, had %d", f, moved[f], n)
			}
		}
		if left := roles(t, h, petr); len(left) != 0 {
			t.Errorf("roles left with the dismissed: %v", left)
		}
		// Each role is now the replacement's; where they held it already
		// (Anna co-executes the first task, Boris is on the company), the
		// two merge into one.
		overlap := map[string]int{"Task.executors": 1, "ContractorCompany.responsibles": 1}
		annaAfter, borisAfter := roles(t, h, anna), roles(t, h, boris)
		for f, n := range before {
			to, was := annaAfter, annaBefore
			if f == "Deal.manager" || f == "Deal.auditors" || f == "ContractorHuman.responsibles" || f == "ContractorCompany.responsibles" ||
				f == "ProgramTransition.rule" || f == "ProgramTrigger.rule" {
				to, was = borisAfter, borisBefore
			}
			if to[f] != was[f]+n-overlap[f] {
				t.Errorf("%s: replacement has %d, had %d, moved %d, overlap %d", f, to[f], was[f], n, overlap[f])
			}
		}
		for _, path := range []string{"/api/v3/programTransition/" + transition, "/api/v3/programTrigger/" + trigger} {
			// A transition's rule is JSON in a string, a trigger's an object.
			body := strings.ReplaceAll(string(h.Do("GET", path, apitest.Req{}).Body), `\"`, `"`)
			if !strings.Contains(body, `{"contentType":"Employee","id":"`+boris+`"}`) || strings.Contains(body, `{"contentType":"Employee","id":"`+petr+`"}`) {
				t.Errorf("%s still names Petr, not Boris: %s", path, body)
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the dismissed cannot sign in", Method: "GET", Path: "/api/v3/currentUser", Req: apitest.Req{Token: petrTok}, Status: 401},
			{Name: "his card and history stay", Method: "GET", Path: "/api/v3/employee/" + petr, Status: 200,
				Contains: []string{`"isWorking":false`, `"firstName":"Пётр"`}},
		})
		if r := h.PasswordGrant("petr@example.com", "petr-password"); r.Status != 401 {
			t.Fatalf("fired user signed in: %d %s", r.Status, r.Body)
		}
	})
}
