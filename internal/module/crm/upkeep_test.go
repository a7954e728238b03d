package crm_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/module/task"
)

// A client's contacts and last deal follow its to-dos and deals as they
// are made, finished, cancelled, moved to another client and deleted,
// without the client counting as edited; a client cannot write them.
func TestClientContactsKept(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		anna := create(t, h, "contractorHuman", map[string]any{"firstName": "Анна"})
		boris := create(t, h, "contractorHuman", map[string]any{"firstName": "Борис"})
		annaL, borisL := apitest.Link("ContractorHuman", anna), apitest.Link("ContractorHuman", boris)
		fields := `?fields=["countScheduledCommunications","nextCommunication","nextCommunicationDate","countCommunications","lastCommunicationDate","lastDealDate","timeUpdated"]`
		read := func(id string) map[string]any {
			t.Helper()
			r := h.Do("GET", "/api/v3/contractorHuman/"+id+fields, apitest.Req{})
			if r.Status != 200 {
				t.Fatalf("read %s: %s", id, r.Body)
			}
			return r.Obj()
		}
		expect := func(step, id string, want map[string]string) {
			t.Helper()
			got := read(id)
			for k, v := range want {
				b, _ := json.Marshal(got[k])
				if string(b) != v {
					t.Errorf("%s: %s is %s, want %s", step, k, b, v)
				}
			}
		}
		blank := map[string]string{"countScheduledCommunications": "0", "countCommunications": "0", "nextCommunication": "null",
			"nextCommunicationDate": "null", "lastCommunicationDate": "null", "lastDealDate": "null"}
		expect("a new client", anna, blank)
		edited := read(anna)["timeUpdated"]

		day := func(m, d int) map[string]any {
			return map[string]any{"contentType": "IntervalDates", "from": map[string]any{"contentType": "DateOnly", "year": 2026, "month": m, "day": d}}
		}
		todo := func(name string, when any, about ...any) string {
			return create(t, h, "todo", map[string]any{"name": name, "when": when, "relations": about})
		}
		visit := todo("Визит", day(11, 10), annaL)
		call := todo("Звонок", map[string]any{"contentType": "IntervalTime",
			"from": map[string]any{"contentType": "DateTime", "value": "2026-12-05T10:00:00+00:00"}}, annaL, borisL)
		done := todo("Письмо", day(11, 1), annaL)
		missed := todo("Встреча", day(10, 20), annaL)
		act := func(id, action string) {
			t.Helper()
			if r := h.Do("POST", "/api/v3/todo/"+id+"/doAction", apitest.Req{Body: map[string]any{"contentType": action}}); r.Status != 200 {
				t.Fatalf("%s %s: %s", action, id, r.Body)
			}
		}
		act(done, "TodoFinishActionRequest")
		act(missed, "TodoCancelActionRequest")
		got := read(anna)
		expect("four to-dos, one done, one cancelled", anna, map[string]string{"countScheduledCommunications": "2", "countCommunications": "1",
			"nextCommunication":     fmt.Sprintf(`{"contentType":"Todo","id":"%s"}`, call),
			"nextCommunicationDate": `{"contentType":"DateTime","value":"2026-12-05T10:00:00+00:00"}`})
		if got["lastCommunicationDate"] == nil {
			t.Errorf("the finished to-do gave no last contact")
		}
		if fmt.Sprint(got["timeUpdated"]) != fmt.Sprint(edited) {
			t.Errorf("the to-dos counted as an edit of the client: %v, then %v", edited, got["timeUpdated"])
		}
		expect("the call names Boris too", boris, map[string]string{"countScheduledCommunications": "1"})

		if r := h.Do("POST", "/api/v3/todo/"+call, apitest.Req{Body: map[string]any{"relations": []any{borisL}}}); r.Status != 200 {
			t.Fatalf("move the call: %s", r.Body)
		}
		expect("the call is Boris's alone", anna, map[string]string{"countScheduledCommunications": "1",
			"nextCommunication":     fmt.Sprintf(`{"contentType":"Todo","id":"%s"}`, visit),
			"nextCommunicationDate": `{"contentType":"DateOnly","day":10,"month":11,"year":2026}`})
		if r := h.Do("DELETE", "/api/v3/todo/"+visit, apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete the visit: %s", r.Body)
		}
		expect("the visit deleted", anna, map[string]string{"countScheduledCommunications": "0", "nextCommunication": "null", "nextCommunicationDate": "null"})
		act(done, "TodoRenewActionRequest")
		expect("the letter renewed", anna, map[string]string{"countScheduledCommunications": "1", "countCommunications": "0", "lastCommunicationDate": "null"})

		program, states := salesProgram(t, h)
		deal := create(t, h, "deal", map[string]any{"name": "Поставка", "program": apitest.Link("Program", program),
			"state": apitest.Link("ProgramState", states["active"]), "contractor": annaL})
		if read(anna)["lastDealDate"] == nil {
			t.Errorf("a deal gave no last deal date")
		}
		h.Do("POST", "/api/v3/deal/"+deal, apitest.Req{Body: map[string]any{"contractor": borisL}})
		expect("the deal moved away", anna, map[string]string{"lastDealDate": "null"})
		if read(boris)["lastDealDate"] == nil {
			t.Errorf("the deal moved gave Boris no last deal date")
		}
		h.Do("DELETE", "/api/v3/deal/"+deal, apitest.Req{})
		expect("the deal deleted", boris, map[string]string{"lastDealDate": "null"})

		h.Run(t, []apitest.Scenario{{Name: "a client does not write them", Method: "POST", Path: "/api/v3/contractorHuman/" + anna, Status: 200,
			Req: apitest.Req{Body: map[string]any{"countCommunications": 7, "lastDealDate": map[string]any{"contentType": "DateTime", "value": "2026-01-01T00:00:00+00:00"}}},
			Check: func(t *testing.T, r *apitest.Resp) {
				if r.Obj()["countCommunications"] == float64(7) {
					t.Errorf("countCommunications written by a client")
				}
			}}})

		// Merged, Boris's call is Anna's next contact.
		if r := h.Do("POST", "/api/v3/contractorHuman/"+anna+"/merge", apitest.Req{Body: []any{borisL}}); r.Status != 200 {
			t.Fatalf("merge: %s", r.Body)
		}
		expect("Boris merged into Anna", anna, map[string]string{"countScheduledCommunications": "2",
			"nextCommunication": fmt.Sprintf(`{"contentType":"Todo","id":"%s"}`, done)})
	})
}

// A database made before the contacts were kept gets them once, on the
// upgrade (migration 51): the same figures the rules keep since.
func TestClientContactsFilledOnUpgrade(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		anna := create(t, h, "contractorHuman", map[string]any{"firstName": "Анна"})
		firm := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Вектор»"})
		quiet := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Тишина»"})
		annaL, firmL := apitest.Link("ContractorHuman", anna), apitest.Link("ContractorCompany", firm)
		day := map[string]any{"contentType": "IntervalDates", "from": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 11, "day": 10}}
		timed := map[string]any{"contentType": "IntervalTime", "from": map[string]any{"contentType": "DateTime", "value": "2026-12-05T10:00:00+00:00"}}
		create(t, h, "todo", map[string]any{"name": "Визит", "when": day, "relations": []any{annaL, firmL}})
		create(t, h, "todo", map[string]any{"name": "Звонок", "when": timed, "relations": []any{firmL}})
		done := create(t, h, "todo", map[string]any{"name": "Письмо", "when": day, "relations": []any{annaL}})
		h.Do("POST", "/api/v3/todo/"+done+"/doAction", apitest.Req{Body: map[string]any{"contentType": "TodoFinishActionRequest"}})
		program, states := salesProgram(t, h)
		create(t, h, "deal", map[string]any{"name": "Поставка", "program": apitest.Link("Program", program),
			"state": apitest.Link("ProgramState", states["active"]), "contractor": firmL})
		create(t, h, "task", map[string]any{"name": "Подготовить КП", "status": "assigned", "contractor": firmL})
		create(t, h, "task", map[string]any{"name": "Отправить договор", "status": "completed", "contractor": firmL})
		fields := `?fields=["countScheduledCommunications","nextCommunication","nextCommunicationDate","countCommunications","lastCommunicationDate","lastDealDate","issuesCount","activeIssuesCount","inactiveIssuesCount"]`
		snapshot := func() string {
			var out string
			for _, p := range []string{"contractorHuman/" + anna, "contractorCompany/" + firm, "contractorCompany/" + quiet} {
				out += string(h.Do("GET", "/api/v3/"+p+fields, apitest.Req{}).Body) + "\n"
			}
			return out
		}
		kept := snapshot()
		ctx := context.Background()
		for _, q := range []string{"DELETE FROM schema_migrations WHERE version = 51",
			`UPDATE e_contractorhuman SET c_countscheduledcommunications = NULL, c_countcommunications = NULL, c_nextcommunication_t = NULL,
				c_nextcommunication_i = NULL, c_nextcommunicationdate = NULL, c_nextcommunicationdate_s = NULL,
				c_lastcommunicationdate = NULL, c_lastcommunicationdate_s = NULL, c_lastdealdate = NULL`,
			`UPDATE e_contractorcompany SET c_countscheduledcommunications = 5, c_nextcommunication_t = NULL, c_nextcommunication_i = NULL,
				c_nextcommunicationdate = NULL, c_lastdealdate = NULL, c_issuescount = NULL, c_activeissuescount = 9, c_inactiveissuescount = NULL`} {
			if err := h.DB.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		if snapshot() == kept {
			t.Fatal("the figures were not cleared")
		}
		if err := migrate.Run(ctx, h.DB, catalog.MustLoad()); err != nil {
			t.Fatal(err)
		}
		if got := snapshot(); got != kept {
			t.Errorf("filled on upgrade:\n%s\nkept by the rules:\n%s", got, kept)
		}
	})
}

// A client's task counts follow the tasks whose contractor it is: made,
// finished, given to another client, deleted; a template is no task.
func TestClientTaskCountsKept(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		anna := create(t, h, "contractorHuman", map[string]any{"firstName": "Анна"})
		firm := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Вектор»"})
		annaL, firmL := apitest.Link("ContractorHuman", anna), apitest.Link("ContractorCompany", firm)
		counts := func(path string) string {
			t.Helper()
			o := h.Do("GET", "/api/v3/"+path+`?fields=["issuesCount","activeIssuesCount","inactiveIssuesCount"]`, apitest.Req{}).Obj()
			return fmt.Sprint(o["issuesCount"], " ", o["activeIssuesCount"], " ", o["inactiveIssuesCount"])
		}
		if got := counts("contractorHuman/" + anna); got != "0 0 0" {
			t.Fatalf("a new client's tasks: %s", got)
		}
		me := apitest.Link("Employee", h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string))
		open := create(t, h, "task", map[string]any{"name": "Подготовить КП", "status": "assigned", "contractor": annaL, "responsible": me})
		create(t, h, "task", map[string]any{"name": "Отправить договор", "status": "completed", "contractor": annaL})
		create(t, h, "task", map[string]any{"name": "Шаблон звонка", "isTemplate": true, "contractor": annaL})
		if got := counts("contractorHuman/" + anna); got != "2 1 1" {
			t.Errorf("two tasks, one open, and a template: %s", got)
		}
		for _, act := range []string{"act_accept_task", "act_done"} {
			if r := h.Do("POST", "/api/v3/task/"+open+"/doAction", apitest.Req{Body: map[string]any{"action": act}}); r.Status != 200 {
				t.Fatalf("%s: %s", act, r.Body)
			}
		}
		if got := counts("contractorHuman/" + anna); got != "2 0 2" {
			t.Errorf("the open one finished: %s", got)
		}
		h.Do("POST", "/api/v3/task/"+open, apitest.Req{Body: map[string]any{"contractor": firmL}})
		if got := counts("contractorHuman/"+anna) + " / " + counts("contractorCompany/"+firm); got != "1 0 1 / 1 0 1" {
			t.Errorf("one given to the company: %s", got)
		}
		h.Do("DELETE", "/api/v3/task/"+open, apitest.Req{})
		if got := counts("contractorCompany/" + firm); got != "0 0 0" {
			t.Errorf("the company's task deleted: %s", got)
		}
	})
}

// The upgrade's SQL counts a client's open tasks by the task list's own
// "actual" statuses.
func TestUpgradeKnowsActiveTasks(t *testing.T) {
	if fmt.Sprint(migrate.ActiveTaskStatuses) != fmt.Sprint(task.ActiveStatuses()) {
		t.Fatalf("migrate.ActiveTaskStatuses %v, the task list's actual ones %v", migrate.ActiveTaskStatuses, task.ActiveStatuses())
	}
}
