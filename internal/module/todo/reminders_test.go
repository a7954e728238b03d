package todo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/module/todo"
)

// Reminders under a controlled clock: due at the start less timeBefore,
// sent once as a notification to the responsible; defaults from the
// user's settings; bad reminders refused whole; invitees are told.
func TestTodoReminders(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		set := clock(h, "2026-11-26T09:00:00Z")
		ctx := context.Background()
		runner, err := app.Jobs(ctx, h.Srv)
		if err != nil {
			t.Fatal(err)
		}
		deliver := func() {
			t.Helper()
			if err := runner.Run(ctx, todo.JobReminders); err != nil {
				t.Fatal(err)
			}
		}
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		olegID, oleg := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		reminder := `{"contentType":"Reminder","transport":"web","timeBefore":{"contentType":"DateInterval","value":900}}`
		body := `{"name":"Планёрка","responsible":` + emp(ninaID) + `,"when":` + at("2026-11-26T10:00:00+00:00", "") +
			`,"reminders":[` + reminder + `],"participants":[` + emp(olegID) + `]}`
		r := h.Do("POST", "/api/v3/todo", js(nina, body))
		if r.Status != 200 {
			t.Fatalf("create: %s", r.Body)
		}
		id := r.Obj()["id"].(string)
		notes := func(token string) string {
			return string(h.Do("GET", "/api/v3/notification", apitest.Req{Token: token}).Body)
		}
		if !strings.Contains(notes(oleg), `"type":"todo_invite"`) {
			t.Fatalf("oleg was not told of the invitation: %s", notes(oleg))
		}
		set("2026-11-26T09:44:00Z")
		deliver()
		if strings.Contains(notes(nina), "todo_reminder") {
			t.Fatal("reminded a minute early")
		}
		set("2026-11-26T09:45:00Z")
		deliver()
		deliver()
		if got := strings.Count(notes(nina), `"type":"todo_reminder"`); got != 1 {
			t.Fatalf("%d reminders at 9:45, want 1: %s", got, notes(nina))
		}
		if !strings.Contains(notes(nina), `"subject":{"contentType":"Todo","id":"`+id+`"}`) {
			t.Fatalf("the reminder is not about the to-do: %s", notes(nina))
		}

		// Moved to 11:00: reminded again at 10:45.
		h.Run(t, []apitest.Scenario{
			{Name: "move", Method: "POST", Path: "/api/v3/todo/" + id, Status: 200, Req: js(nina, `{"when":`+at("2026-11-26T11:00:00+00:00", "")+`}`),
				Contains: []string{`"reminders":[{"contentType":"Reminder","isActive":true,"recipient":null,"timeBefore":{"contentType":"DateInterval","value":900},"transport":"web"}]`}},
			{Name: "a transport Artel lacks", Method: "POST", Path: "/api/v3/todo/" + id, Status: 422,
				Req:      js(nina, `{"name":"x","reminders":[{"contentType":"Reminder","transport":"sms","timeBefore":{"contentType":"DateInterval","value":60}}]}`),
				Contains: []string{`"field":"reminders"`}},
			{Name: "before by a year", Method: "POST", Path: "/api/v3/todo/" + id, Status: 422,
				Req:      js(nina, `{"reminders":[{"contentType":"Reminder","transport":"web","timeBefore":{"contentType":"DateInterval","value":31536000}}]}`),
				Contains: []string{`"field":"reminders"`}},
			{Name: "not a list", Method: "POST", Path: "/api/v3/todo/" + id, Status: 422, Req: js(nina, `{"reminders":"soon"}`)},
			{Name: "transports", Method: "GET", Path: "/api/v3/todo/reminderTransports", Status: 200, Contains: []string{`"data":["web"]`}},
			{Name: "a default reminder", Method: "POST", Path: "/api/v3/userSetting/defaultReminders", Status: 200,
				Req: js(oleg, `{"value":[{"contentType":"DefaultReminder","type":"todo","reminder":{"contentType":"Reminder","transport":"web","timeBefore":{"contentType":"DateInterval","value":3600}}}]}`)},
			{Name: "given to a new to-do", Method: "POST", Path: "/api/v3/todo", Status: 200,
				Req:      js(oleg, `{"name":"Звонок","responsible":`+emp(olegID)+`,"when":`+at("2026-11-26T15:00:00+00:00", "")+`}`),
				Contains: []string{`"timeBefore":{"contentType":"DateInterval","value":3600}`}},
		})
		set("2026-11-26T10:45:00Z")
		deliver()
		if got := strings.Count(notes(nina), `"type":"todo_reminder"`); got != 2 {
			t.Fatalf("%d reminders after the move, want 2", got)
		}
		set("2026-11-26T14:00:00Z")
		deliver()
		if !strings.Contains(notes(oleg), `"type":"todo_reminder"`) {
			t.Fatalf("oleg's default reminder did not come: %s", notes(oleg))
		}
	})
}
