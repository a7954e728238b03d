package telephony_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Events that repeat or arrive out of order make one call and one to-do;
// the caller is matched by phone however the PBX writes the number.
func TestOneCallOneTodo(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newPBX(t, h)
		client(t, h, "Анна", "8 (912) 345-67-89", "")
		ev := func(kind string, at int64, extra ...string) map[string]any {
			m := map[string]any{"callId": "pbx-77", "event": kind, "from": "+7 912 345 67 89", "to": "101", "employeeId": 1, "time": at}
			for i := 0; i+1 < len(extra); i += 2 {
				m[extra[i]] = extra[i+1]
			}
			return m
		}
		// Out of order: the end first, then the ringing, the talk, all twice.
		for range 2 {
			p.send(ev("finished", 1_700_000_095_000))
			p.send(ev("incoming", 1_700_000_000_000))
			p.send(ev("talking", 1_700_000_005_000))
			p.send(ev("recording", 0, "recordingUrl", "https://pbx.example/rec/77.mp3"))
		}
		calls := h.Do("GET", "/api/v3/callInfo", apitest.Req{}).List()
		if len(calls) != 1 {
			t.Fatalf("calls: %v", calls)
		}
		c := calls[0]
		if c["state"] != "finished" || c["type"] != "in" || c["duration"] != float64(90) {
			t.Fatalf("call: %v", c)
		}
		if from, _ := c["fromUser"].(map[string]any); from == nil || from["contentType"] != "ContractorHuman" {
			t.Fatalf("not matched: %v", c)
		}
		todos := callTodos(t, h, h.Token)
		if len(todos) != 1 {
			t.Fatalf("to-dos: %v", todos)
		}
		got := h.Do("GET", "/api/v3/todo/"+todos[0]["id"].(string), apitest.Req{}).Obj()
		desc, _ := got["description"].(string)
		for _, want := range []string{"Направление: входящий", "Длительность: 1:30", "Результат: разговор", "Запись: https://pbx.example/rec/77.mp3"} {
			if !strings.Contains(desc, want) {
				t.Fatalf("to-do lacks %q: %q", want, desc)
			}
		}
		if name, _ := got["name"].(string); !strings.HasPrefix(name, "Входящий звонок") {
			t.Fatalf("name %q", name)
		}
		// The employee writes the result; it is a comment on the to-do.
		h.Run(t, []apitest.Scenario{
			{Name: "a result", Method: "POST", Path: "/BumsCall/Call/selectCommunication.json", Status: 200,
				Req: apitest.Req{Body: map[string]any{"call": "pbx-77", "itemComment": "Договорились о встрече"}}, Contains: []string{`"commentId":`}},
			{Name: "an empty result", Method: "POST", Path: "/BumsCall/Call/selectCommunication.json", Status: 422,
				Req: apitest.Req{Body: map[string]any{"call": "pbx-77", "itemComment": " "}}, Contains: []string{`"field":"itemComment"`}},
			{Name: "no such call", Method: "POST", Path: "/BumsCall/Call/selectCommunication.json", Status: 404,
				Req: apitest.Req{Body: map[string]any{"call": "nope", "itemComment": "x"}}},
			{Name: "the comment", Method: "GET", Path: "/api/v3/todo/" + todos[0]["id"].(string) + "/comments", Status: 200,
				Contains: []string{`"content":"Договорились о встрече"`}},
		})
	})
}

// Numbers written in many forms find the same client; an unknown one
// finds nobody and the card offers to create a client.
func TestMatchingByPhone(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		client(t, h, "Борис", "+7 (912) 000-11-22", "")
		for _, n := range []string{"89120001122", "+7 912 000 11 22", "7-912-000-11-22", "912 000 1122", "(912)0001122"} {
			r := h.Do("POST", "/BumsCall/Call/findPersonByPhone.json", apitest.Req{Body: map[string]any{"phone": n}})
			person, _ := r.Obj()["person"].(map[string]any)
			if r.Status != 200 || person == nil || !strings.Contains(person["name"].(string), "Борис") {
				t.Fatalf("%s: %d %s", n, r.Status, r.Body)
			}
		}
		r := h.Do("POST", "/BumsCall/Call/findPersonByPhone.json", apitest.Req{Body: map[string]any{"phone": "+7 912 999-99-99"}})
		if r.Status != 200 || r.Obj()["person"] != nil {
			t.Fatalf("stranger: %s", r.Body)
		}
		if r := h.Do("POST", "/BumsCall/Call/findPersonByPhone.json", apitest.Req{Body: map[string]any{"phone": "—"}}); r.Status != 422 {
			t.Fatalf("no digits: %d", r.Status)
		}
		if r := h.Do("POST", "/BumsCall/Call/findPersonByPhone.json", apitest.Req{NoAuth: true, Body: map[string]any{"phone": "1234"}}); r.Status != 401 {
			t.Fatalf("signed out: %d", r.Status)
		}
	})
}

// A missed call notifies the client's responsible and makes a missed
// to-do for them.
func TestMissedCallNotifies(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newPBX(t, h)
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		client(t, h, "Вера", "+7 903 111-22-33", ninaID)
		p.send(map[string]any{"callId": "m1", "event": "incoming", "from": "89031112233", "time": 1_700_000_000_000})
		p.send(map[string]any{"callId": "m1", "event": "finished", "time": 1_700_000_020_000})
		p.send(map[string]any{"callId": "m1", "event": "finished", "time": 1_700_000_020_000})
		todos := callTodos(t, h, nina)
		if len(todos) != 1 || !strings.HasPrefix(todos[0]["name"].(string), "Пропущенный звонок") {
			t.Fatalf("nina's to-dos: %v", todos)
		}
		list := h.Do("GET", "/api/v3/notification", apitest.Req{Token: nina}).List()
		n := 0
		for _, it := range list {
			if strings.Contains(string(mustJSON(it)), "Пропущенный звонок") {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("nina's notifications: %v", list)
		}
		calls := h.Do("GET", "/api/v3/callInfo", apitest.Req{Token: nina}).List()
		if len(calls) != 1 || calls[0]["type"] != "miss" {
			t.Fatalf("nina's journal: %v", calls)
		}
	})
}

// Copies of one event sent at once still make one call and one to-do.
func TestConcurrentCopies(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newPBX(t, h)
		done := make(chan int, 8)
		for range 8 {
			go func() {
				r := p.post("/telephony/pbx/events", map[string]any{"callId": "race", "event": "finished", "from": "+79125550000",
					"employeeId": 1, "time": 1_700_000_000_000})
				done <- r.Status
			}()
		}
		for range 8 {
			if s := <-done; s != 200 {
				t.Fatalf("status %d", s)
			}
		}
		if calls := h.Do("GET", "/api/v3/callInfo", apitest.Req{}).List(); len(calls) != 1 {
			t.Fatalf("calls: %v", calls)
		}
		if todos := callTodos(t, h, h.Token); len(todos) != 1 {
			t.Fatalf("to-dos: %v", todos)
		}
	})
}

// A missed call from an unknown number goes to the account's configured
// employee: their to-do and their notice.
func TestMissedCallToConfiguredEmployee(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newPBX(t, h)
		olgaID, olga := h.Person(t, "Ольга", "olga@example.com", "long enough pass")
		if r := h.Do("POST", "/api/v3/telephony/settings", apitest.Req{Body: map[string]any{"missedEmployee": apitest.Link("Employee", "99999")}}); r.Status != 422 {
			t.Fatalf("nobody: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/telephony/settings", apitest.Req{Body: map[string]any{"missedEmployee": apitest.Link("Employee", olgaID)}}); r.Status != 200 {
			t.Fatalf("settings: %s", r.Body)
		}
		p.send(map[string]any{"callId": "q1", "event": "incoming", "from": "+7 (999) 000-00-01"})
		p.send(map[string]any{"callId": "q1", "event": "finished"})
		if todos := callTodos(t, h, olga); len(todos) != 1 {
			t.Fatalf("olga's to-dos: %v", todos)
		}
		if list := h.Do("GET", "/api/v3/notification", apitest.Req{Token: olga}).List(); len(list) != 1 {
			t.Fatalf("olga's notifications: %v", list)
		}
		r := h.Do("POST", "/BumsCall/Call/findPersonByPhone.json", apitest.Req{Token: olga, Body: map[string]any{"phone": "89990000001"}})
		if r.Status != 200 || r.Obj()["person"] != nil {
			t.Fatalf("an unknown number has no person: %s", r.Body)
		}
	})
}
