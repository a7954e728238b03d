package todo_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/emersion/go-ical"

	"github.com/artel/artel/internal/apitest"
)

// The iCal feed: a user's to-dos at a secret address, read by an
// iCalendar parser; a new key revokes the old address, and revoking
// closes the feed.
func TestCalendarFeed(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		h.Do("POST", "/api/v3/todo", js(nina, `{"name":"Планёрка","responsible":`+emp(ninaID)+`,"when":`+at("2026-11-26T10:00:00+00:00", "")+`}`))
		h.Do("POST", "/api/v3/todo", js(nina, `{"name":"Отпуск","responsible":`+emp(ninaID)+
			`,"when":{"contentType":"IntervalDates","from":{"contentType":"DateOnly","year":2026,"month":11,"day":1},"to":{"contentType":"DateOnly","year":2026,"month":11,"day":3}}}`))
		h.Run(t, []apitest.Scenario{
			{Name: "no key yet", Method: "GET", Path: "/api/v3/calendarSync", Status: 200, Req: apitest.Req{Token: nina},
				Contains: []string{`"enabled":false`, `"login":"nina@example.com"`, `"caldavPath":"/caldav/"`}, NotContains: []string{`"key"`}},
		})
		_, feed := calendarKey(t, h, nina)
		r := h.Do("GET", feed, apitest.Req{NoAuth: true})
		if r.Status != 200 || r.Header.Get("Content-Type") != "text/calendar; charset=utf-8" {
			t.Fatalf("feed: %d %s", r.Status, r.Body)
		}
		cal, err := ical.NewDecoder(bytes.NewReader(r.Body)).Decode()
		if err != nil {
			t.Fatalf("the feed is not iCalendar: %v\n%s", err, r.Body)
		}
		got := map[string]*ical.Event{}
		for _, ev := range cal.Events() {
			name, _ := ev.Props.Text(ical.PropSummary)
			got[name] = &ev
		}
		if start, _ := got["Планёрка"].DateTimeStart(time.UTC); !start.Equal(time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)) {
			t.Fatalf("the meeting starts %v", start)
		}
		if end, _ := got["Планёрка"].DateTimeEnd(time.UTC); !end.Equal(time.Date(2026, 11, 26, 10, 30, 0, 0, time.UTC)) {
			t.Fatalf("the meeting ends %v", end)
		}
		vac := got["Отпуск"].Props.Get(ical.PropDateTimeStart)
		if vac == nil || vac.Value != "20261201" || got["Отпуск"].Props.Get(ical.PropDateTimeEnd).Value != "20261204" {
			t.Fatalf("whole days: %+v", got["Отпуск"].Props)
		}

		_, second := calendarKey(t, h, nina)
		h.Run(t, []apitest.Scenario{
			{Name: "a new key closes the old address", Method: "GET", Path: feed, Status: 404, Req: apitest.Req{NoAuth: true}},
			{Name: "the new one opens", Method: "GET", Path: second, Status: 200, Req: apitest.Req{NoAuth: true}},
			{Name: "enabled", Method: "GET", Path: "/api/v3/calendarSync", Status: 200, Req: apitest.Req{Token: nina},
				Contains: []string{`"enabled":true`, `"timeCreated"`}},
			{Name: "blocked: no feed", Method: "POST", Path: "/api/v3/employee/" + ninaID + "/block", Status: 200},
			{Name: "the feed is closed to a blocked user", Method: "GET", Path: second, Status: 404, Req: apitest.Req{NoAuth: true}},
			{Name: "unblocked", Method: "POST", Path: "/api/v3/employee/" + ninaID + "/unblock", Status: 200},
			{Name: "and open again", Method: "GET", Path: second, Status: 200, Req: apitest.Req{NoAuth: true}},
		})
		// Blocking ended Nina's sessions.
		nina = h.SignIn("nina@example.com", "long enough pass")
		h.Run(t, []apitest.Scenario{
			{Name: "revoke", Method: "DELETE", Path: "/api/v3/calendarSync", Status: 200, Req: apitest.Req{Token: nina},
				Contains: []string{`"enabled":false`}},
			{Name: "revoked", Method: "GET", Path: second, Status: 404, Req: apitest.Req{NoAuth: true}},
			{Name: "not a feed", Method: "GET", Path: "/ical/", Status: 404, Req: apitest.Req{NoAuth: true}},
			{Name: "caldav asks to sign in", Method: "PROPFIND", Path: "/caldav/", Status: 401, Req: apitest.Req{NoAuth: true}},
		})
	})
}
