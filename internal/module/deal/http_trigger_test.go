package deal_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/module/deal"
)

// hookServer is a real HTTP server that records the bodies posted to it
// and answers fail errors first.
type hookServer struct {
	mu     sync.Mutex
	bodies []map[string]any
	fail   int
	srv    *httptest.Server
}

func newHookServer(t *testing.T, fail int) *hookServer {
	s := &hookServer{fail: fail}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.fail > 0 {
			s.fail--
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		var body map[string]any
		b, _ := io.ReadAll(r.Body)
		if r.Method != "POST" || r.Header.Get("Content-Type") != "application/json" || json.Unmarshal(b, &body) != nil {
			t.Errorf("webhook: %s %s %s", r.Method, r.Header.Get("Content-Type"), b)
		}
		s.bodies = append(s.bodies, body)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *hookServer) got() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.bodies...)
}

func trigger(p *process, name, typ string, params string) map[string]any {
	return map[string]any{"name": name, "type": typ, "program": apitest.Link("Program", p.program), "params": params}
}

// Saving a trigger checks its params: states of its program, roles,
// templates, fields, addresses, the types this build runs.
func TestTriggerParams(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		task := p.make(t, "task", map[string]any{"name": "Не шаблон"})
		bad := func(name, typ, params, field, code string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "POST", Path: "/api/v3/programTrigger", Req: apitest.Req{Body: trigger(p, name, typ, params)},
				Status: 422, Contains: []string{`"field":"` + field + `"`, `"type":"` + code + `"`}}
		}
		h.Run(t, []apitest.Scenario{
			bad("not JSON", "button", `{"actions":`, "params", "bad_trigger"),
			bad("no actions", "button", `{"actions":[]}`, "params", "bad_trigger"),
			bad("foreign state", "auto", `{"states":["`+p.foreign+`"],"actions":[{"type":"message","text":"x"}]}`, "params", "bad_trigger"),
			bad("auto without a state", "auto", `{"actions":[{"type":"message","text":"x"}]}`, "params", "bad_trigger"),
			bad("unknown role", "button", `{"allowed":["boss"],"actions":[{"type":"message","text":"x"}]}`, "params", "bad_trigger"),
			bad("not a template", "button", `{"actions":[{"type":"createTask","template":"`+task+`"}]}`, "params", "bad_trigger"),
			bad("the state is the rules'", "button", `{"actions":[{"type":"setField","field":"state","value":1}]}`, "params", "bad_trigger"),
			bad("not a web address", "button", `{"actions":[{"type":"webhook","url":"ftp://x"}]}`, "params", "bad_trigger"),
			bad("unknown action", "button", `{"actions":[{"type":"sms"}]}`, "params", "bad_trigger"),
			bad("an unknown type", "cron", `{"actions":[{"type":"message","text":"x"}]}`, "type", "invalid_enum"),
			{Name: "an employee may not write triggers", Method: "POST", Path: "/api/v3/programTrigger",
				Req: apitest.Req{Token: p.olgaTok, Body: trigger(p, "x", "button", `{"actions":[{"type":"message","text":"x"}]}`)}, Status: 403},
		})
	})
}

// An auto trigger runs every action in the move's transaction; its
// webhook is posted after commit by the job, retried after a failure;
// a failing action rolls the whole move back.
func TestAutoTrigger(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		ctx := context.Background()
		now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
		h.Srv.Engine.Now = func() time.Time { return now }
		runner, err := app.Jobs(ctx, h.Srv)
		if err != nil {
			t.Fatal(err)
		}
		hook := newHookServer(t, 1)
		tpl := p.make(t, "task", map[string]any{"name": "Подготовить КП", "isTemplate": true})
		params := `{"states":["` + p.offer + `"],"actions":[{"type":"createTask","template":"` + tpl + `"},` +
			`{"type":"createTodo","name":"Позвонить клиенту","inDays":1},` +
			`{"type":"setField","field":"description","value":"Отправлено КП"},` +
			`{"type":"message","text":"Сделка ушла в «Предложение»"},` +
			`{"type":"webhook","url":"` + hook.srv.URL + `/deal"}]}`
		p.make(t, "programTrigger", trigger(p, "При отправке КП", "auto", params))
		// Entering Lost writes a to-do, then a price that is no Money: the
		// move must fail whole.
		p.make(t, "programTrigger", trigger(p, "Сломанный", "auto", `{"states":["`+p.lost+`"],"actions":[`+
			`{"type":"createTodo","name":"Не должно остаться"},{"type":"setField","field":"price","value":"много"}]}`))
		id := p.deal(t, map[string]any{"contractor": p.client, "price": rub(1000)})
		r := h.Do("POST", "/api/v3/deal/"+id+"/applyTransition", apitest.Req{Body: apply(p.toOffer)})
		if r.Status != 200 || r.Obj()["description"] != "Отправлено КП" || idOf(r.Obj()["state"]) != p.offer {
			t.Fatalf("move: %d %s", r.Status, r.Body)
		}
		tasks := h.Do("GET", "/api/v3/task", apitest.Req{}).Body
		if !strings.Contains(string(tasks), `"originalTemplate":{"contentType":"Task","id":"`+tpl+`"}`) {
			t.Errorf("no task from the template: %s", tasks)
		}
		// The task is the deal's, and the manager's to do.
		byDeal := map[string]any{"fields": []string{"name", "responsible", "deals"}, "filter": map[string]any{"contentType": "FilterConfig",
			"termGroup": map[string]any{"join": "and", "terms": []any{map[string]any{"contentType": "FilterTermRef", "field": "deals",
				"comparison": "equals", "value": []any{apitest.Link("Deal", id)}}}}}}
		q, _ := json.Marshal(byDeal)
		linked := h.Do("GET", "/api/v3/task?"+string(q), apitest.Req{})
		if l := linked.List(); len(l) != 1 || l[0]["name"] != "Подготовить КП" || idOf(l[0]["responsible"]) != p.olga {
			t.Errorf("the deal's tasks: %d %s", linked.Status, linked.Body)
		}
		byDeal["fields"] = []string{"name", "responsible"}
		byDeal["filter"].(map[string]any)["termGroup"].(map[string]any)["terms"].([]any)[0].(map[string]any)["field"] = "relations"
		q, _ = json.Marshal(byDeal)
		todos := h.Do("GET", "/api/v3/todo?"+string(q), apitest.Req{Token: p.olgaTok})
		if l := todos.List(); len(l) != 1 || l[0]["name"] != "Позвонить клиенту" || idOf(l[0]["responsible"]) != p.olga {
			t.Errorf("the manager's to-do about the deal: %d %s", todos.Status, todos.Body)
		}
		comments := h.Do("GET", "/api/v3/deal/"+id+"/comments", apitest.Req{}).Body
		if !strings.Contains(string(comments), "Сделка ушла в «Предложение»") {
			t.Errorf("no message: %s", comments)
		}
		if n := h.Do("GET", "/api/v3/notification", apitest.Req{Token: p.olgaTok}).Body; !strings.Contains(string(n), "Сделка ушла") {
			t.Errorf("the manager was not told: %s", n)
		}
		if len(hook.got()) != 0 {
			t.Fatal("the webhook was posted before the job ran")
		}
		run := func() {
			t.Helper()
			if err := runner.Run(ctx, deal.JobWebhooks); err != nil {
				t.Fatal(err)
			}
		}
		run() // the server answers 502 once
		run() // not due yet: the pause after a failure
		if len(hook.got()) != 0 {
			t.Fatalf("delivered despite the failure: %v", hook.got())
		}
		now = now.Add(time.Minute)
		run()
		got := hook.got()
		if len(got) != 1 || got[0]["contentType"] != "Deal" || got[0]["id"] != id || got[0]["description"] != "Отправлено КП" {
			t.Fatalf("webhook bodies: %v", got)
		}
		run()
		if len(hook.got()) != 1 {
			t.Errorf("posted twice")
		}

		bare := p.deal(t, nil)
		r = h.Do("POST", "/api/v3/deal/"+bare+"/applyTransition", apitest.Req{Body: apply(p.toLost)})
		if r.Status != 422 || !strings.Contains(string(r.Body), `"field":"price"`) {
			t.Fatalf("a failing trigger: %d %s", r.Status, r.Body)
		}
		if got := p.get(t, bare); idOf(got["state"]) != p.newSt {
			t.Errorf("the move stayed: %v", got["state"])
		}
		if todos := h.Do("GET", "/api/v3/todo", apitest.Req{Token: p.olgaTok}).Body; strings.Contains(string(todos), "Не должно остаться") {
			t.Errorf("a rolled-back trigger left a to-do")
		}
		if n := len(h.Do("GET", "/api/v3/deal/"+bare+"/statusHistory", apitest.Req{}).List()); n != 1 {
			t.Errorf("history rows: %d", n)
		}
	})
}

// A button trigger: possibleTriggers and applyTrigger agree on who may
// run it and where.
func TestButtonTrigger(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		remind := p.make(t, "programTrigger", trigger(p, "Напомнить", "button",
			`{"states":["`+p.newSt+`"],"allowed":["manager"],"actions":[{"type":"message","text":"Клиент ждёт звонка"}]}`))
		auto := p.make(t, "programTrigger", trigger(p, "Авто", "auto", `{"states":["`+p.won+`"],"actions":[{"type":"message","text":"x"}]}`))
		foreign := p.make(t, "programTrigger", map[string]any{"name": "Чужой", "type": "button", "program": apitest.Link("Program", p.other),
			"params": `{"actions":[{"type":"message","text":"x"}]}`})
		id := p.deal(t, nil)
		moved := p.deal(t, map[string]any{"contractor": p.client, "price": rub(5)})
		if r := h.Do("POST", "/api/v3/deal/"+moved+"/applyTransition", apitest.Req{Body: apply(p.toOffer)}); r.Status != 200 {
			t.Fatal(r.Body)
		}
		press := func(deal, tr string) string { return "/api/v3/deal/" + deal + "/applyTrigger" }
		body := func(tr string) map[string]any { return map[string]any{"contentType": "ProgramTrigger", "id": tr} }
		h.Run(t, []apitest.Scenario{
			{Name: "the manager may press it", Method: "GET", Path: "/api/v3/deal/" + id + "/possibleTriggers", Req: apitest.Req{Token: p.olgaTok}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					l := r.List()
					if len(l) != 1 || l[0]["id"] != remind || l[0]["enabled"] != true {
						t.Errorf("options: %s", r.Body)
					}
				}},
			{Name: "Ivan is told why not", Method: "GET", Path: "/api/v3/deal/" + id + "/possibleTriggers", Req: apitest.Req{Token: p.ivanTok}, Status: 200,
				Contains: []string{`"enabled":false`, `Сценарий «Напомнить» может запустить только: менеджер`}},
			{Name: "the deal's read lists it too", Method: "GET", Path: "/api/v3/deal/" + id, Req: apitest.Req{Token: p.olgaTok}, Status: 200,
				Contains: []string{`"possibleTriggersCount":1`, `"name":"Напомнить"`}},
			{Name: "another state has none", Method: "GET", Path: "/api/v3/deal/" + moved + "/possibleTriggers", Status: 200, Contains: []string{`"data":[]`}},
			{Name: "Ivan may not", Method: "POST", Path: press(id, remind), Req: apitest.Req{Token: p.ivanTok, Body: body(remind)}, Status: 422,
				Contains: []string{`"type":"trigger_role"`}},
			{Name: "not in this state", Method: "POST", Path: press(moved, remind), Req: apitest.Req{Body: body(remind)}, Status: 422,
				Contains: []string{`"type":"trigger_not_in_state"`, `недоступен в статусе «Предложение»`}},
			{Name: "an auto trigger is not pressed", Method: "POST", Path: press(id, auto), Req: apitest.Req{Body: body(auto)}, Status: 422,
				Contains: []string{`"type":"trigger_not_button"`}},
			{Name: "another program's", Method: "POST", Path: press(id, foreign), Req: apitest.Req{Body: body(foreign)}, Status: 422,
				Contains: []string{`"type":"trigger_other_program"`}},
			{Name: "unknown", Method: "POST", Path: press(id, ""), Req: apitest.Req{Body: body("999999")}, Status: 404},
			{Name: "not JSON", Method: "POST", Path: press(id, ""), Req: apitest.Req{Body: "{"}, Status: 400},
			{Name: "the manager presses it", Method: "POST", Path: press(id, remind), Req: apitest.Req{Token: p.olgaTok, Body: body(remind)}, Status: 200,
				Contains: []string{`"contentType":"Deal"`}},
			{Name: "its message is on the deal", Method: "GET", Path: "/api/v3/deal/" + id + "/comments", Status: 200,
				Contains: []string{"Клиент ждёт звонка"}},
			{Name: "the program's button triggers", Method: "GET", Path: "/api/v3/program/" + p.program + "/triggers?type=button", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if l := r.List(); len(l) != 1 || l[0]["id"] != remind {
						t.Errorf("triggers: %s", r.Body)
					}
				}},
		})
		if n := strings.Count(string(h.Do("GET", "/api/v3/deal/"+id+"/comments", apitest.Req{}).Body), "Клиент ждёт звонка"); n != 1 {
			t.Errorf("refused presses wrote messages: %d", n)
		}
	})
}

// A mass trigger runs where the rules allow it and reports the others.
func TestMassTrigger(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		remind := p.make(t, "programTrigger", trigger(p, "Напомнить", "button",
			`{"states":["`+p.newSt+`"],"allowed":["manager"],"actions":[{"type":"message","text":"Пора позвонить"}]}`))
		fresh := p.deal(t, nil)
		moved := p.deal(t, map[string]any{"contractor": p.client, "price": rub(5)})
		if r := h.Do("POST", "/api/v3/deal/"+moved+"/applyTransition", apitest.Req{Body: apply(p.toOffer)}); r.Status != 200 {
			t.Fatal(r.Body)
		}
		deal := func(id string) map[string]any { return apitest.Link("Deal", id) }
		body := func(tr string) map[string]any {
			return map[string]any{"contentType": "MassActionApplyTrigger", "trigger": map[string]any{"contentType": "ProgramTrigger", "id": tr},
				"entities": []any{deal(fresh), deal(moved), deal("999999")}}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "mixed", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Token: p.olgaTok, Body: body(remind)}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					l := r.List()
					if len(l) != 3 || l[0]["isSucceed"] != true || l[1]["isSucceed"] != false || l[2]["isSucceed"] != false ||
						!strings.Contains(l[1]["message"].(string), "недоступен в статусе «Предложение»") {
						t.Errorf("results: %s", r.Body)
					}
				}},
			{Name: "unknown trigger", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: body("999999")}, Status: 422,
				Contains: []string{`"field":"trigger"`}},
			{Name: "no trigger", Method: "POST", Path: "/api/v3/deal/massAction", Req: apitest.Req{Body: map[string]any{"contentType": "MassActionApplyTrigger", "entities": []any{deal(fresh)}}},
				Status: 422, Contains: []string{`"field":"trigger"`}},
		})
		if n := strings.Count(string(h.Do("GET", "/api/v3/deal/"+moved+"/comments", apitest.Req{}).Body), "Пора позвонить"); n != 0 {
			t.Errorf("a refused deal got the message")
		}
		if n := strings.Count(string(h.Do("GET", "/api/v3/deal/"+fresh+"/comments", apitest.Req{}).Body), "Пора позвонить"); n != 1 {
			t.Errorf("the allowed deal's messages: %d", n)
		}
	})
}

// The mass change runs the entered state's auto triggers for each deal it
// moves, in that deal's transaction.
func TestMassChangeRunsTriggers(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		p.make(t, "programTrigger", trigger(p, "Отметить", "auto",
			`{"states":["`+p.lost+`"],"actions":[{"type":"setField","field":"description","value":"Клиент отказался"}]}`))
		a, b := p.deal(t, nil), p.deal(t, nil)
		r := h.Do("POST", "/api/v3/deal/massAction", apitest.Req{Body: map[string]any{"contentType": "MassActionChangeProgramState",
			"state": state(p.lost), "entities": []any{apitest.Link("Deal", a), apitest.Link("Deal", b)}}})
		if l := r.List(); r.Status != 200 || len(l) != 2 || l[0]["isSucceed"] != true || l[1]["isSucceed"] != true {
			t.Fatalf("mass: %s", r.Body)
		}
		for _, id := range []string{a, b} {
			if got := p.get(t, id); got["description"] != "Клиент отказался" || idOf(got["state"]) != p.lost {
				t.Errorf("deal %s: %v %v", id, got["state"], got["description"])
			}
		}
	})
}
