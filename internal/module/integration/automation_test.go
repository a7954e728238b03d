package integration_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/integration"
)

func nameContains(s string) map[string]any {
	return map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"join": "and", "terms": []any{
		map[string]any{"contentType": "FilterTermString", "field": "name", "comparison": "contains", "value": s}}}}
}

func automation(t *testing.T, h *apitest.Harness, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/automation", apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("automation: %d %s", r.Status, r.Body)
	}
	return r.Obj()["id"].(string)
}

func history(t *testing.T, h *apitest.Harness, id string) []map[string]any {
	t.Helper()
	r := h.Do("GET", "/api/v3/automation/"+id+"/history", apitest.Req{})
	if r.Status != 200 {
		t.Fatalf("history: %d %s", r.Status, r.Body)
	}
	return r.List()
}

// A rule on new tasks whose name matches makes a to-do about the task,
// fills a field and notifies; a task that does not match is left alone,
// and the rule's own changes set nothing off again.
func TestAutomationOnCreate(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		runner, _ := clocked(t, h)
		rule := automation(t, h, map[string]any{"name": "Счета на проверку", "entityType": "Task",
			"trigger": map[string]any{"type": "create"}, "filter": nameContains("счёт"),
			"actions": []any{
				map[string]any{"type": "createTodo", "name": "Проверить оплату", "inDays": 1},
				map[string]any{"type": "setField", "field": "statement", "value": "Проверяет бухгалтерия"},
				map[string]any{"type": "notify", "text": "Новый счёт на проверку"},
			}})
		hit := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Выставить счёт ООО «Вектор»"}}).Obj()["id"].(string)
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Позвонить поставщику"}})
		if runs := history(t, h, rule); len(runs) != 0 {
			t.Fatalf("ran before the job: %v", runs)
		}
		run(t, runner, integration.JobAutomation)
		runs := history(t, h, rule)
		if len(runs) != 1 || runs[0]["status"] != "ok" || runs[0]["actionsCount"] != float64(3) ||
			runs[0]["subject"].(map[string]any)["id"] != hit {
			t.Fatalf("history: %v", runs)
		}
		task := h.Do("GET", "/api/v3/task/"+hit, apitest.Req{}).Obj()
		if task["statement"] != "Проверяет бухгалтерия" {
			t.Errorf("the field: %v", task["statement"])
		}
		todos := h.Do("GET", "/api/v3/todo", apitest.Req{})
		if !contains(todos.Body, "Проверить оплату") {
			t.Errorf("no to-do: %s", todos.Body)
		}
		if notes := h.Do("GET", "/api/v3/notification", apitest.Req{}); !contains(notes.Body, "Новый счёт на проверку") {
			t.Errorf("no notice: %s", notes.Body)
		}
		// The rule's own update and a second job run set nothing off.
		run(t, runner, integration.JobAutomation)
		if runs := history(t, h, rule); len(runs) != 1 {
			t.Errorf("ran again: %v", runs)
		}
	})
}

// A field-change rule runs only when one of its fields changed; a rule
// whose action fails keeps the failure in its history and nothing of
// the run.
func TestAutomationFieldChange(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		runner, _ := clocked(t, h)
		rule := automation(t, h, map[string]any{"name": "Срок сдвинут", "entityType": "Task",
			"trigger": map[string]any{"type": "field", "fields": []string{"deadline"}},
			"actions": []any{map[string]any{"type": "createTask", "name": "Согласовать новый срок"}}})
		broken := automation(t, h, map[string]any{"name": "Сломанное", "entityType": "Task",
			"trigger": map[string]any{"type": "update"},
			"actions": []any{map[string]any{"type": "createTask", "name": "Не останется"},
				map[string]any{"type": "setField", "field": "deadline", "value": "не дата"}}})
		id := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Сдать отчёт"}}).Obj()["id"].(string)
		h.Do("POST", "/api/v3/task/"+id, apitest.Req{Body: map[string]any{"name": "Сдать квартальный отчёт"}})
		run(t, runner, integration.JobAutomation)
		if runs := history(t, h, rule); len(runs) != 0 {
			t.Fatalf("ran on a name change: %v", runs)
		}
		deadline := map[string]any{"contentType": "DateTime", "value": "2026-12-01T10:00:00+00:00"}
		h.Do("POST", "/api/v3/task/"+id, apitest.Req{Body: map[string]any{"deadline": deadline}})
		run(t, runner, integration.JobAutomation)
		if runs := history(t, h, rule); len(runs) != 1 || runs[0]["status"] != "ok" {
			t.Fatalf("on the deadline: %v", runs)
		}
		runs := history(t, h, broken)
		if len(runs) != 2 || runs[0]["status"] != "failed" || runs[0]["message"] == "" || runs[0]["actionsCount"] != float64(0) {
			t.Fatalf("broken rule: %v", runs)
		}
		tasks := h.Do("GET", "/api/v3/task", apitest.Req{})
		if contains(tasks.Body, "Не останется") || !contains(tasks.Body, "Согласовать новый срок") {
			t.Errorf("tasks: %s", tasks.Body)
		}
	})
}

// A scheduled rule runs when its time comes, over the entities its
// conditions select, and then every period; off, it waits.
func TestAutomationSchedule(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		runner, tick := clocked(t, h)
		rc := newReceiver(t, 0)
		hook := subscribe(t, h, map[string]any{"url": rc.srv.URL, "entityType": "Deal", "events": []string{integration.OnDrop}})
		rule := automation(t, h, map[string]any{"name": "Сверка задач", "entityType": "Task",
			"trigger": map[string]any{"type": "schedule", "everyMinutes": 60}, "filter": nameContains("сверка"),
			"actions": []any{map[string]any{"type": "webhook", "webhook": hook["id"]}}})
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Сверка с банком"}})
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Сверка со складом"}})
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Обед"}})
		run(t, runner, integration.JobAutomation)
		if runs := history(t, h, rule); len(runs) != 0 {
			t.Fatalf("ran before its time: %v", runs)
		}
		tick(61 * time.Minute)
		run(t, runner, integration.JobAutomation)
		run(t, runner, integration.JobAutomation)
		if runs := history(t, h, rule); len(runs) != 2 {
			t.Fatalf("after an hour: %v", runs)
		}
		run(t, runner, integration.JobWebhooks)
		got := rc.received()
		if len(got) != 2 {
			t.Fatalf("webhook calls: %d", len(got))
		}
		var body struct{ Event, Automation string }
		if json.Unmarshal(got[0].body, &body); body.Event != "automation" || body.Automation != rule {
			t.Errorf("call: %s", got[0].body)
		}
		h.Do("POST", "/api/v3/automation/"+rule+"/disable", apitest.Req{})
		tick(2 * time.Hour)
		run(t, runner, integration.JobAutomation)
		if runs := history(t, h, rule); len(runs) != 2 {
			t.Fatalf("ran while off: %d", len(runs))
		}
		on := h.Do("POST", "/api/v3/automation/"+rule+"/enable", apitest.Req{}).Obj()
		if on["enabled"] != true {
			t.Fatalf("enable: %v", on)
		}
		run(t, runner, integration.JobAutomation)
		if runs := history(t, h, rule); len(runs) != 4 {
			t.Fatalf("after enabling: %d", len(runs))
		}
	})
}

// Rules are an administrator's; bad rules are 422s naming the field.
func TestAutomationInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "clerk")
		ok := map[string]any{"type": "notify", "text": "x"}
		bad := func(name string, body map[string]any, field, code string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "POST", Path: "/api/v3/automation", Req: apitest.Req{Body: body},
				Status: 422, Contains: []string{`"field":"` + field + `"`, `"type":"` + code + `"`}}
		}
		h.Run(t, []apitest.Scenario{
			bad("no name", map[string]any{"entityType": "Task", "trigger": map[string]any{"type": "create"}, "actions": []any{ok}}, "name", "required"),
			bad("unknown trigger", map[string]any{"name": "x", "entityType": "Task", "trigger": map[string]any{"type": "sometimes"}, "actions": []any{ok}}, "trigger", integration.CodeBadTrigger),
			bad("field trigger without fields", map[string]any{"name": "x", "entityType": "Task", "trigger": map[string]any{"type": "field"}, "actions": []any{ok}}, "trigger", integration.CodeBadTrigger),
			bad("unknown field", map[string]any{"name": "x", "entityType": "Task", "trigger": map[string]any{"type": "field", "fields": []string{"colour"}}, "actions": []any{ok}}, "trigger", integration.CodeBadTrigger),
			bad("no period", map[string]any{"name": "x", "trigger": map[string]any{"type": "schedule"}, "actions": []any{ok}}, "trigger", integration.CodeBadTrigger),
			bad("no type", map[string]any{"name": "x", "trigger": map[string]any{"type": "create"}, "actions": []any{ok}}, "entityType", "required"),
			bad("bad filter", map[string]any{"name": "x", "entityType": "Task", "trigger": map[string]any{"type": "create"},
				"filter": map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"join": "and", "terms": []any{
					map[string]any{"contentType": "FilterTermString", "field": "colour", "comparison": "equals", "value": "x"}}}},
				"actions": []any{ok}}, "filter", "invalid_filter"),
			bad("no actions", map[string]any{"name": "x", "entityType": "Task", "trigger": map[string]any{"type": "create"}, "actions": []any{}}, "actions", integration.CodeBadAction),
			bad("unknown action", map[string]any{"name": "x", "entityType": "Task", "trigger": map[string]any{"type": "create"}, "actions": []any{map[string]any{"type": "sms"}}}, "actions[0]", integration.CodeBadAction),
			bad("no such webhook", map[string]any{"name": "x", "entityType": "Task", "trigger": map[string]any{"type": "create"}, "actions": []any{map[string]any{"type": "webhook", "webhook": "999"}}}, "actions[0]", integration.CodeBadAction),
			{Name: "malformed", Method: "POST", Path: "/api/v3/automation", Req: apitest.Req{Body: "[", ContentType: "application/json"}, Status: 400},
			{Name: "an employee may not", Method: "GET", Path: "/api/v3/automation", Req: apitest.Req{Token: emp}, Status: 403},
			{Name: "no such rule", Method: "GET", Path: "/api/v3/automation/999999/history", Status: 404},
		})
	})
}

// A rule on new deals moves them on through their process and makes a
// task from a template about them; a move the process refuses fails the
// run and leaves nothing of it.
func TestAutomationDeal(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		runner, _ := clocked(t, h)
		mk := func(typ string, body map[string]any) string {
			t.Helper()
			r := h.Do("POST", "/api/v3/"+typ, apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("create %s: %s", typ, r.Body)
			}
			return r.Obj()["id"].(string)
		}
		prog := apitest.Link("Program", mk("program", map[string]any{"name": "Продажи"}))
		st := func(name string, entry bool) string {
			return mk("programState", map[string]any{"name": name, "type": "active", "isEntry": entry, "program": prog})
		}
		fresh, qualified, far := st("Новая", true), st("Квалификация", false), st("Договор", false)
		mk("programTransition", map[string]any{"name": "Квалифицировать", "from": apitest.Link("ProgramState", fresh),
			"to": apitest.Link("ProgramState", qualified)})
		tpl := mk("task", map[string]any{"name": "Созвониться с клиентом", "isTemplate": true})
		moved := automation(t, h, map[string]any{"name": "Сразу в квалификацию", "entityType": "Deal",
			"trigger": map[string]any{"type": "create"}, "filter": nameContains("сайт"),
			"actions": []any{map[string]any{"type": "createTask", "template": tpl},
				map[string]any{"type": "moveDeal", "state": qualified}}})
		refused := automation(t, h, map[string]any{"name": "Сразу в договор", "entityType": "Deal",
			"trigger": map[string]any{"type": "create"}, "filter": nameContains("звонок"),
			"actions": []any{map[string]any{"type": "createTask", "name": "Не останется"},
				map[string]any{"type": "moveDeal", "state": far}}})
		d1 := mk("deal", map[string]any{"name": "Заявка с сайта", "program": prog})
		d2 := mk("deal", map[string]any{"name": "Входящий звонок", "program": prog})
		run(t, runner, integration.JobAutomation)
		if runs := history(t, h, moved); len(runs) != 1 || runs[0]["status"] != "ok" {
			t.Fatalf("moved: %v", runs)
		}
		deal := h.Do("GET", "/api/v3/deal/"+d1, apitest.Req{}).Obj()
		if deal["state"].(map[string]any)["id"] != qualified {
			t.Errorf("the deal is in %v", deal["state"])
		}
		if runs := history(t, h, refused); len(runs) != 1 || runs[0]["status"] != "failed" {
			t.Fatalf("refused: %v", runs)
		}
		if deal := h.Do("GET", "/api/v3/deal/"+d2, apitest.Req{}).Obj(); deal["state"].(map[string]any)["id"] != fresh {
			t.Errorf("the refused deal moved: %v", deal["state"])
		}
		tasks := h.Do("GET", "/api/v3/task", apitest.Req{})
		if contains(tasks.Body, "Не останется") || !contains(tasks.Body, `"originalTemplate":{"contentType":"Task","id":"`+tpl+`"}`) {
			t.Errorf("tasks: %s", tasks.Body)
		}
		h.Run(t, []apitest.Scenario{{Name: "moveDeal on tasks", Method: "POST", Path: "/api/v3/automation",
			Req: apitest.Req{Body: map[string]any{"name": "x", "entityType": "Task", "trigger": map[string]any{"type": "create"},
				"actions": []any{map[string]any{"type": "moveDeal", "state": qualified}}}},
			Status: 422, Contains: []string{`"field":"actions[0]"`}}})
	})
}
