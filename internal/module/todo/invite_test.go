package todo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/module/todo"
)

// at is an IntervalTime body part from one instant to another (null: none).
func at(from, to string) string {
	end := "null"
	if to != "" {
		end = `{"contentType":"DateTime","value":"` + to + `"}`
	}
	return `{"contentType":"IntervalTime","from":{"contentType":"DateTime","value":"` + from + `"},"to":` + end + `}`
}

func emp(id string) string { return `{"contentType":"Employee","id":"` + id + `"}` }

func invitee(id string) string {
	return `{"contentType":"Participant","subject":` + emp(id) + `,"status":"accepted"}`
}

func js(token, body string) apitest.Req {
	return apitest.Req{Token: token, Body: body, ContentType: "application/json"}
}

// Invitations: an invitee sees the to-do, answers it, and the organiser
// sees the answer; the organiser's rewrite keeps answers; bad lists are
// refused whole.
func TestTodoInvitations(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		olegID, oleg := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		r := h.Do("POST", "/api/v3/todo", js("", `{"name":"Планёрка","when":`+at("2026-11-26T10:00:00+00:00", "")+
			`,"participants":[`+invitee(ninaID)+`]}`))
		if r.Status != 200 {
			t.Fatalf("create: %s", r.Body)
		}
		id := r.Obj()["id"].(string)
		path, act := "/api/v3/todo/"+id, "/api/v3/todo/"+id+"/doAction"
		h.Run(t, []apitest.Scenario{
			{Name: "the end defaults to start + 30 minutes", Method: "GET", Path: path, Status: 200,
				Contains: []string{`"to":{"contentType":"DateTime","value":"2026-11-26T10:30:00+00:00"}`}},
			{Name: "an invitation is asked, whatever the writer says", Method: "GET", Path: path, Status: 200,
				Contains: []string{`"status":"requested","subject":{"contentType":"Employee","id":"` + ninaID + `"}`, `"participantsCount":1`}},
			{Name: "the invitee sees it and may answer", Method: "GET", Path: path, Status: 200, Req: apitest.Req{Token: nina},
				Contains: []string{`"possibleActions":["act_read","act_accept_invite","act_reject_invite"]`}},
			{Name: "in the invitee's list", Method: "GET", Path: "/api/v3/todo", Status: 200, Req: apitest.Req{Token: nina},
				Contains: []string{`"name":"Планёрка"`}},
			{Name: "not invited: not found", Method: "GET", Path: path, Status: 404, Req: apitest.Req{Token: oleg}},
			{Name: "not invited: no answer", Method: "POST", Path: act, Status: 404, Req: js(oleg, `{"contentType":"TodoAcceptInvitationActionRequest"}`)},
			{Name: "the organiser is not invited", Method: "POST", Path: act, Status: 403, Req: js("", `{"contentType":"TodoAcceptInvitationActionRequest"}`)},
			{Name: "accept", Method: "POST", Path: act, Status: 200, Req: js(nina, `{"contentType":"TodoAcceptInvitationActionRequest"}`),
				Contains: []string{`"status":"accepted"`, `"possibleActions":["act_read","act_reject_invite"]`}},
			{Name: "the organiser sees the answer", Method: "GET", Path: path, Status: 200, Contains: []string{`"status":"accepted"`}},
			{Name: "a rewrite keeps answers and asks the new", Method: "POST", Path: path, Status: 200,
				Req:      js("", `{"participants":[`+emp(ninaID)+`,`+invitee(olegID)+`]}`),
				Contains: []string{`"status":"accepted","subject":{"contentType":"Employee","id":"` + ninaID + `"}`, `"status":"requested","subject":{"contentType":"Employee","id":"` + olegID + `"}`}},
			{Name: "reject", Method: "POST", Path: act, Status: 200, Req: js(oleg, `{"contentType":"TodoRejectInvitationActionRequest"}`),
				Contains: []string{`"status":"rejected","subject":{"contentType":"Employee","id":"` + olegID + `"}`, `"possibleActions":["act_read","act_accept_invite"]`}},
			{Name: "rejected twice", Method: "POST", Path: act, Status: 403, Req: js(oleg, `{"contentType":"TodoRejectInvitationActionRequest"}`)},
			{Name: "not a list", Method: "POST", Path: path, Status: 422, Req: js("", `{"name":"x","participants":"Нина"}`),
				Contains: []string{`"field":"participants"`}},
			{Name: "no subject", Method: "POST", Path: path, Status: 422, Req: js("", `{"participants":[{"contentType":"Participant"}]}`),
				Contains: []string{`"field":"participants"`}},
			{Name: "not a person", Method: "POST", Path: path, Status: 422, Req: js("", `{"participants":[{"contentType":"Task","id":"1"}]}`),
				Contains: []string{`"field":"participants"`}},
			{Name: "nobody", Method: "POST", Path: path, Status: 422, Req: js("", `{"name":"x","participants":[`+emp("999999")+`]}`),
				Contains: []string{`"type":"link_not_found"`}},
			{Name: "nothing half-written", Method: "GET", Path: path, Status: 200,
				Contains: []string{`"name":"Планёрка"`, `"participantsCount":2`}},
			{Name: "a time needs its start", Method: "POST", Path: path, Status: 422,
				Req: js("", `{"when":{"contentType":"IntervalTime","from":null,"to":null}}`), Contains: []string{`"field":"when"`}},
			{Name: "the end before the start", Method: "POST", Path: path, Status: 422,
				Req: js("", `{"when":`+at("2026-11-26T10:00:00+00:00", "2026-11-26T09:00:00+00:00")+`}`), Contains: []string{`"field":"when"`}},
			{Name: "removed invitees lose the to-do", Method: "POST", Path: path, Status: 200, Req: js("", `{"participants":[]}`),
				Contains: []string{`"participantsCount":0`}},
			{Name: "and no longer see it", Method: "GET", Path: path, Status: 404, Req: apitest.Req{Token: nina}},
		})
	})
}

// Planning: people busy at a to-do's time, and the other to-dos there.
func TestTodoBusy(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		_, oleg := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		mk := func(token, body string) string { return newTodo(t, h, token, body) }
		// Nina's own call from 10:15 to 11:00, hidden from Oleg, who
		// organises the others.
		call := mk(nina, `{"name":"Звонок","responsible":`+emp(ninaID)+`,"when":`+at("2026-11-26T10:15:00+00:00", "2026-11-26T11:00:00+00:00")+`}`)
		meet := mk(oleg, `{"name":"Встреча","when":`+at("2026-11-26T10:00:00+00:00", "")+`,"participants":[`+emp(ninaID)+`]}`)
		later := mk(oleg, `{"name":"Позже","when":`+at("2026-11-26T10:30:00+00:00", "")+`,"participants":[`+emp(ninaID)+`]}`)
		fields := `?fields=["busyParticipants","coincidentTodos","coincidentTodosCount"]`
		h.Run(t, []apitest.Scenario{
			{Name: "nina is busy; her call is hers", Method: "GET", Path: "/api/v3/todo/" + meet + fields, Status: 200, Req: apitest.Req{Token: oleg},
				Contains: []string{`"busyParticipants":[{"contentType":"Employee","id":"` + ninaID + `"}]`, `"coincidentTodos":[]`}},
			{Name: "nina sees the clash with her call", Method: "GET", Path: "/api/v3/todo/" + meet + fields, Status: 200, Req: apitest.Req{Token: nina},
				Contains: []string{`{"contentType":"Todo","id":"` + call + `"}`}},
			{Name: "planning: nina is busy at 10:15, whatever she does", Method: "GET", Status: 200, Req: apitest.Req{Token: oleg},
				Path:     "/api/v3/todo/busyPeople?from=2026-11-26T10:15:00Z&to=2026-11-26T10:45:00Z&subjects=[" + emp(ninaID) + "]",
				Contains: []string{`"data":[{"contentType":"Employee","id":"` + ninaID + `"}]`}, NotContains: []string{"Звонок"}},
			{Name: "planning: free at noon", Method: "GET", Status: 200, Req: apitest.Req{Token: oleg},
				Path:     "/api/v3/todo/busyPeople?from=2026-11-26T12:00:00Z&to=2026-11-26T13:00:00Z&subjects=[" + emp(ninaID) + "]",
				Contains: []string{`"data":[]`}},
			{Name: "planning: bad period", Method: "GET", Status: 422, Path: "/api/v3/todo/busyPeople?from=2026-11-26T12:00:00Z"},
			{Name: "the grid: nina's day, counted and timed, whatever oleg sees", Method: "GET", Status: 200, Req: apitest.Req{Token: oleg},
				Path: "/api/v3/todo/busyGrid?from=2026-11-23T00:00:00Z&to=2026-11-30T00:00:00Z&subjects=[" + emp(ninaID) + "]",
				Contains: []string{`"count":3`, `"minutes":105`, `"date":{"contentType":"DateOnly","day":26,"month":10,"year":2026}`,
					`"subject":{"contentType":"Employee","id":"` + ninaID + `"}`}, NotContains: []string{"Звонок"}},
			{Name: "the account's zone east of UTC", Method: "POST", Path: "/api/v3/systemSetting", Status: 200,
				Req: js("", `{"scope":"","id":"timeZone","value":"Pacific/Kiritimati"}`)},
		})
		// The zone job counts the account's days anew, in the new zone.
		ctx := context.Background()
		runner, err := app.Jobs(ctx, h.Srv)
		if err != nil {
			t.Fatal(err)
		}
		if err := runner.Run(ctx, todo.JobZones); err != nil {
			t.Fatal(err)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the grid counts the account's days", Method: "GET", Status: 200, Req: apitest.Req{Token: oleg},
				Path: "/api/v3/todo/busyGrid?from=2026-11-22T10:00:00Z&to=2026-11-29T10:00:00Z&subjects=[" + emp(ninaID) + "]",
				// At +14 h all three start on the 27th, none on the 26th.
				Contains:    []string{`"count":3,"date":{"contentType":"DateOnly","day":27,"month":10,"year":2026},"minutes":105`},
				NotContains: []string{`"day":26`}},
			{Name: "a refusal leaves the busy days", Method: "POST", Path: "/api/v3/todo/" + later + "/doAction", Status: 200,
				Req: js(nina, `{"contentType":"TodoRejectInvitationActionRequest"}`)},
			{Name: "gone from the grid", Method: "GET", Status: 200, Req: apitest.Req{Token: oleg},
				Path:     "/api/v3/todo/busyGrid?from=2026-11-22T10:00:00Z&to=2026-11-29T10:00:00Z&subjects=[" + emp(ninaID) + "]",
				Contains: []string{`"count":2,"date":{"contentType":"DateOnly","day":27,"month":10,"year":2026},"minutes":75`}},
			{Name: "the organiser's to-dos only meet at nina's", Method: "GET", Path: "/api/v3/todo/" + later + fields, Status: 200, Req: apitest.Req{Token: oleg},
				Check: func(t *testing.T, r *apitest.Resp) {
					if !strings.Contains(string(r.Body), `"coincidentTodosCount":0`) {
						t.Fatalf("10:30 touches nothing of the organiser's (the meeting ends then): %s", r.Body)
					}
				}},
		})
	})
}
