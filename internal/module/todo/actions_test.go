package todo_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The organiser hears of answers; cancelling closes a to-do as failed and
// tells the invitees; the responsible gives it away by writing
// responsible; the rights object says exactly what possibleActions does;
// a repeating to-do shows its schedule; changeSequent answers the later
// to-dos of the series too.
func TestTodoActions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		clock(h, "2026-11-25T09:00:00Z")
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		olegID, oleg := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		notes := func(token string) string {
			return string(h.Do("GET", "/api/v3/notification", apitest.Req{Token: token}).Body)
		}
		id := newTodo(t, h, nina, `{"name":"Обзор квартала","responsible":`+emp(ninaID)+`,"when":`+
			at("2026-11-30T10:00:00+00:00", "")+`,"participants":[`+emp(olegID)+`]}`)
		path, act := "/api/v3/todo/"+id, "/api/v3/todo/"+id+"/doAction"
		h.Run(t, []apitest.Scenario{
			{Name: "the organiser's actions", Method: "GET", Path: path, Status: 200, Req: apitest.Req{Token: nina},
				Contains: []string{`"possibleActions":["act_read","act_edit","act_delete","act_finish","act_cancel","act_give"]`,
					`"rights":{"acceptInvite":false,"cancel":true,"contentType":"TodoRights","edit":true,"finish":true,"give":true,`,
					`"schedule":null`}},
			{Name: "the invitee's rights", Method: "GET", Path: path + `?fields=["rights"]`, Status: 200, Req: apitest.Req{Token: oleg},
				Contains: []string{`"rights":{"acceptInvite":true,"cancel":false,"contentType":"TodoRights","edit":false,"finish":false,"give":false,`}},
			{Name: "an unknown change mode", Method: "POST", Path: act, Status: 422,
				Req: js(oleg, `{"contentType":"TodoRejectInvitationActionRequest","changeMode":"changeTemplate"}`), Contains: []string{`"field":"changeMode"`}},
			{Name: "the invitee may not cancel", Method: "POST", Path: act, Status: 403, Req: js(oleg, `{"contentType":"TodoCancelActionRequest"}`)},
			{Name: "reject", Method: "POST", Path: act, Status: 200, Req: js(oleg, `{"contentType":"TodoRejectInvitationActionRequest"}`)},
		})
		if n := notes(nina); !strings.Contains(n, `"type":"todo_rejected"`) {
			t.Fatalf("the organiser was not told of the answer: %s", n)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "accept again", Method: "POST", Path: act, Status: 200, Req: js(oleg, `{"contentType":"TodoAcceptInvitationActionRequest"}`)},
			{Name: "cancel", Method: "POST", Path: act, Status: 200, Req: js(nina, `{"contentType":"TodoCancelActionRequest"}`),
				Contains: []string{`"masterType":"fail"`, `"possibleActions":["act_read","act_edit","act_delete","act_renew"]`}},
			{Name: "cancelled: not again", Method: "POST", Path: act, Status: 403, Req: js(nina, `{"contentType":"TodoCancelActionRequest"}`)},
		})
		if n := notes(oleg); !strings.Contains(n, `"type":"todo_cancelled"`) {
			t.Fatalf("the invitee was not told of the cancelling: %s", n)
		}
		if n := notes(nina); !strings.Contains(n, `"type":"todo_accepted"`) {
			t.Fatalf("the organiser was not told of the acceptance: %s", n)
		}

		given := newTodo(t, h, nina, `{"name":"Звонок поставщику","responsible":`+emp(ninaID)+`,"when":`+at("2026-11-30T12:00:00+00:00", "")+`}`)
		h.Run(t, []apitest.Scenario{
			{Name: "give it to a colleague", Method: "POST", Path: "/api/v3/todo/" + given, Status: 200,
				Req: js(nina, `{"responsible":`+emp(olegID)+`}`), Contains: []string{`"responsible":{"contentType":"Employee","id":"` + olegID + `"}`}},
		})
		if n := notes(oleg); !strings.Contains(n, `"type":"todo_given"`) {
			t.Fatalf("the new responsible was not told: %s", n)
		}

		series := newTodo(t, h, nina, `{"name":"Стендап","responsible":`+emp(ninaID)+`,"when":`+
			at("2026-12-01T09:00:00+00:00", "2026-12-01T09:15:00+00:00")+`,"participants":[`+emp(olegID)+`]}`)
		h.Run(t, []apitest.Scenario{
			{Name: "repeat daily four times", Method: "POST", Path: "/api/v3/todo/" + series + "/schedule/changeTemplate", Status: 200,
				Req: js(nina, `{"contentType":"Schedule","interval":"day","repetitions":4}`)},
			{Name: "the schedule is shown", Method: "GET", Path: "/api/v3/todo/" + series + `?fields=["schedule"]`, Status: 200,
				Req: apitest.Req{Token: oleg}, Contains: []string{`"schedule":{"contentType":"Schedule"`, `"interval":"day"`, `"repetitions":4`, `"id":"` + series + `"`}},
		})
		week := h.Do("GET", `/api/v3/time?from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z&fields=["name","participants","schedule"]`, apitest.Req{Token: oleg}).List()
		if len(week) != 4 {
			t.Fatalf("the series: %d to-dos, want 4", len(week))
		}
		second := week[1]["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "accept the second and those after", Method: "POST", Path: "/api/v3/todo/" + second + "/doAction", Status: 200,
				Req: js(oleg, `{"contentType":"TodoAcceptInvitationActionRequest","changeMode":"changeSequent"}`)},
		})
		week = h.Do("GET", `/api/v3/time?from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z&fields=["participants"]`, apitest.Req{Token: oleg}).List()
		for i, td := range week {
			raw, _ := json.Marshal(td["participants"])
			b := string(raw)
			want := i > 0
			if got := strings.Contains(b, `"status":"accepted","subject":{"contentType":"Employee","id":"`+olegID+`"}`); got != want {
				t.Fatalf("to-do %d of the series: accepted %v, want %v (%s)", i, got, want, b)
			}
		}
	})
}
