package deal_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/module/deal"
)

// todosAbout counts the to-dos named name related to a deal.
func todosAbout(t *testing.T, h *apitest.Harness, dealID, name string) int {
	t.Helper()
	r := h.Do("GET", "/api/v3/todo"+apitest.Q(`{"limit":100,"fields":["name"],"filter":{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[`+
		`{"contentType":"FilterTermRef","field":"relations","comparison":"equals","value":[{"contentType":"Deal","id":"`+dealID+`"}]}]}}}`), apitest.Req{})
	n := 0
	for _, td := range r.List() {
		if td["name"] == name {
			n++
		}
	}
	return n
}

// A schedule trigger runs on the deals of its states once its rule holds
// (three days in the state, not paid), once per deal per stay however
// many runners fire at once, and each run is logged.
func TestScheduleTrigger(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		ctx := context.Background()
		now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
		var mu sync.Mutex
		h.Srv.Engine.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		runner, err := app.Jobs(ctx, h.Srv)
		if err != nil {
			t.Fatal(err)
		}
		stale := `{"contentType":"AndRule","children":[` +
			`{"contentType":"DateFieldRule","field":"stateTimeUpdated","comparison":"smaller_or_equal","value":{"contentType":"Variable","name":"today","value":"-3"}},` +
			`{"contentType":"NotRule","rule":{"contentType":"PaidRule"}}]}`
		body := trigger(p, "Три дня без движения", "schedule", `{"states":["`+p.newSt+`"],"actions":[`+
			`{"type":"createTodo","name":"Сделка стоит три дня","inDays":0},{"type":"message","text":"Сделка стоит три дня"}]}`)
		body["rule"] = obj(stale)
		tr := p.make(t, "programTrigger", body)
		a, b := p.deal(t, nil), p.deal(t, nil)
		tick := func() {
			t.Helper()
			if err := runner.Run(ctx, deal.JobSchedule); err != nil {
				t.Fatal(err)
			}
		}
		tick()
		if n := todosAbout(t, h, a, "Сделка стоит три дня"); n != 0 {
			t.Fatalf("ran before three days: %d", n)
		}
		mu.Lock()
		now = now.Add(72 * time.Hour)
		mu.Unlock()
		// Two runners at once, as two nodes would: each deal once.
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := runner.Run(ctx, deal.JobSchedule); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		tick()
		for _, id := range []string{a, b} {
			if n := todosAbout(t, h, id, "Сделка стоит три дня"); n != 1 {
				t.Errorf("deal %s: %d to-dos", id, n)
			}
		}
		logs := h.Do("GET", "/api/v3/deal/"+a+"/triggerLogSets", apitest.Req{})
		sets := logs.List()
		if logs.Status != 200 || len(sets) != 1 || sets[0]["result"] != "success" {
			t.Fatalf("logs: %s", logs.Body)
		}
		setID := sets[0]["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "the set", Method: "GET", Path: "/api/v3/triggerLogSet/" + setID, Status: 200,
				Contains: []string{`"contentType":"TriggerLogSet"`, `"programInstance":{"contentType":"Deal","id":"` + a + `"}`, `"rowsCount":1`,
					`"trigger":{"contentType":"ProgramTrigger","id":"` + tr + `"}`, `"operationLogsCount":2`, `"operation":"createTodo"`,
					`"linkedModel":{"contentType":"Todo"`, `"linkedModel":{"contentType":"Comment"`, `"user":{"contentType":"Employee","id":"` + p.olga + `"}`}},
			{Name: "unknown", Method: "GET", Path: "/api/v3/triggerLogSet/999999", Status: 404},
			{Name: "the comment is the manager's", Method: "GET", Path: "/api/v3/deal/" + a + "/comments", Status: 200, Contains: []string{"Сделка стоит три дня"}},
		})
	})
}

// A failing trigger's move changes nothing but its failure is logged.
func TestTriggerFailureLogged(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		p.make(t, "programTrigger", trigger(p, "Сломанный", "auto", `{"states":["`+p.lost+`"],"actions":[`+
			`{"type":"message","text":"Не останется"},{"type":"setField","field":"price","value":"много"}]}`))
		id := p.deal(t, nil)
		if r := h.Do("POST", "/api/v3/deal/"+id+"/applyTransition", apitest.Req{Body: apply(p.toLost)}); r.Status != 422 {
			t.Fatalf("move: %d %s", r.Status, r.Body)
		}
		r := h.Do("GET", "/api/v3/deal/"+id+"/triggerLogSets", apitest.Req{})
		l := r.List()
		if len(l) != 1 || l[0]["result"] != "fail" || !strings.Contains(l[0]["message"].(string), "setField") {
			t.Fatalf("logs: %s", r.Body)
		}
		rows := l[0]["rows"].([]any)
		ops := rows[0].(map[string]any)["operationLogs"].([]any)
		if len(ops) != 2 || ops[1].(map[string]any)["message"] == "" {
			t.Errorf("operation logs: %v", ops)
		}
		if c := h.Do("GET", "/api/v3/deal/"+id+"/comments", apitest.Req{}).Body; strings.Contains(string(c), "Не останется") {
			t.Errorf("the rolled-back message stayed")
		}
	})
}

// System triggers run on the deal events their rule names.
func TestSystemTrigger(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		sys := func(name, params, rule string) {
			b := trigger(p, name, "system", params)
			b["rule"] = obj(rule)
			p.make(t, "programTrigger", b)
		}
		sys("Новая заявка", `{"actions":[{"type":"setField","field":"description","value":"Заявка принята"}]}`, `{"contentType":"InstanceCreatedRule"}`)
		sys("Крупная", `{"actions":[{"type":"message","text":"Сумма выросла"}]}`,
			`{"contentType":"FieldValueChangedRule","fieldRule":{"contentType":"MoneyFieldRule","field":"price","comparison":"greater","value":{"contentType":"Money","value":10000,"currency":"RUB"}}}`)
		sys("Проиграна", `{"actions":[{"type":"message","text":"Сделку потеряли"}]}`,
			`{"contentType":"AndRule","children":[{"contentType":"ProgramStateChangedRule"},{"contentType":"ProgramStateRule","state":{"contentType":"ProgramState","id":"`+p.lost+`"}}]}`)
		h.Run(t, []apitest.Scenario{{Name: "a system trigger needs a rule", Method: "POST", Path: "/api/v3/programTrigger",
			Req: apitest.Req{Body: trigger(p, "x", "system", `{"actions":[{"type":"message","text":"x"}]}`)}, Status: 422, Contains: []string{`"field":"rule"`}}})
		id := p.deal(t, nil)
		if got := p.get(t, id); got["description"] != "Заявка принята" {
			t.Fatalf("on create: %v", got["description"])
		}
		comments := func() string { return string(h.Do("GET", "/api/v3/deal/"+id+"/comments", apitest.Req{}).Body) }
		upd := func(body map[string]any) {
			t.Helper()
			if r := h.Do("POST", "/api/v3/deal/"+id, apitest.Req{Body: body}); r.Status != 200 {
				t.Fatal(r.Body)
			}
		}
		upd(map[string]any{"price": rub(500)})
		upd(map[string]any{"description": "другое"})
		if strings.Contains(comments(), "Сумма выросла") {
			t.Errorf("ran on a small sum or another field")
		}
		upd(map[string]any{"price": rub(20000)})
		upd(map[string]any{"description": "ещё"})
		if n := strings.Count(comments(), "Сумма выросла"); n != 1 {
			t.Errorf("messages on a large sum: %d", n)
		}
		if r := h.Do("POST", "/api/v3/deal/"+id+"/applyTransition", apitest.Req{Body: apply(p.toLost)}); r.Status != 200 {
			t.Fatal(r.Body)
		}
		if !strings.Contains(comments(), "Сделку потеряли") {
			t.Errorf("no message on the move")
		}
		if n := len(h.Do("GET", "/api/v3/deal/"+id+"/triggerLogSets", apitest.Req{}).List()); n != 3 {
			t.Errorf("log sets: %d", n)
		}
	})
}
