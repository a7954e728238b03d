package todo_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"

	"github.com/artel/artel/internal/apitest"
)

// calendarKey makes the user a calendar key over the API.
func calendarKey(t *testing.T, h *apitest.Harness, token string) (key, feed string) {
	t.Helper()
	r := h.Do("POST", "/api/v3/calendarSync", apitest.Req{Token: token})
	if r.Status != 200 {
		t.Fatalf("key: %s", r.Body)
	}
	return r.Obj()["key"].(string), r.Obj()["feedPath"].(string)
}

// A calendar app over CalDAV (go-webdav's client, as DAVx5 or
// Thunderbird would ask): discovery by PROPFIND, a time-range REPORT,
// PUT of a new event and of a change, DELETE; all under the user's rights.
func TestCalDAVRoundTrip(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		_, oleg := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		r := h.Do("POST", "/api/v3/todo", js(nina, `{"name":"Звонок клиенту","responsible":`+emp(ninaID)+`,"when":`+at("2026-11-26T10:00:00+00:00", "2026-11-26T10:45:00+00:00")+`}`))
		if r.Status != 200 {
			t.Fatalf("create: %s", r.Body)
		}
		callID := r.Obj()["id"].(string)
		h.Do("POST", "/api/v3/todo", js(oleg, `{"name":"Чужое дело","when":`+at("2026-11-26T11:00:00+00:00", "")+`}`))
		key, _ := calendarKey(t, h, nina)
		ctx := context.Background()

		wrong, _ := caldav.NewClient(webdav.HTTPClientWithBasicAuth(http.DefaultClient, "nina@example.com", "not the key"), h.URL+"/caldav/")
		if _, err := wrong.FindCurrentUserPrincipal(ctx); err == nil {
			t.Fatal("a wrong key signs in")
		}
		c, err := caldav.NewClient(webdav.HTTPClientWithBasicAuth(http.DefaultClient, "nina@example.com", key), h.URL+"/caldav/")
		if err != nil {
			t.Fatal(err)
		}
		principal, err := c.FindCurrentUserPrincipal(ctx)
		if err != nil {
			t.Fatalf("principal: %v", err)
		}
		home, err := c.FindCalendarHomeSet(ctx, principal)
		if err != nil {
			t.Fatalf("home: %v", err)
		}
		cals, err := c.FindCalendars(ctx, home)
		if err != nil || len(cals) != 1 {
			t.Fatalf("calendars: %v %v", cals, err)
		}
		cal := cals[0].Path
		query := func(from, to time.Time) []caldav.CalendarObject {
			t.Helper()
			objs, err := c.QueryCalendar(ctx, cal, &caldav.CalendarQuery{
				CompRequest: caldav.CalendarCompRequest{Name: "VCALENDAR", AllProps: true, AllComps: true},
				CompFilter:  caldav.CompFilter{Name: "VCALENDAR", Comps: []caldav.CompFilter{{Name: "VEVENT", Start: from, End: to}}},
			})
			if err != nil {
				t.Fatalf("query: %v", err)
			}
			return objs
		}
		day := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
		objs := query(day, day.AddDate(0, 0, 1))
		if len(objs) != 1 {
			t.Fatalf("nina's day: %d objects, want her call only", len(objs))
		}
		ev := objs[0].Data.Events()[0]
		if s, _ := ev.Props.Text(ical.PropSummary); s != "Звонок клиенту" {
			t.Fatalf("summary %q", s)
		}
		if start, _ := ev.DateTimeStart(time.UTC); !start.Equal(day.Add(10 * time.Hour)) {
			t.Fatalf("start %v", start)
		}
		if len(query(day.AddDate(0, 0, 1), day.AddDate(0, 0, 2))) != 0 {
			t.Fatal("the next day is not empty")
		}

		// A new event from the phone becomes Nina's to-do.
		phone := ical.NewEvent()
		phone.Props.SetText(ical.PropUID, "phone-uid-1@example")
		phone.Props.SetDateTime(ical.PropDateTimeStamp, time.Now().UTC())
		phone.Props.SetText(ical.PropSummary, "Встреча с поставщиком")
		phone.Props.SetDateTime(ical.PropDateTimeStart, day.Add(14*time.Hour))
		phone.Props.SetDateTime(ical.PropDateTimeEnd, day.Add(15*time.Hour))
		phone.Props.SetText(ical.PropLocation, "Офис")
		body := ical.NewCalendar()
		body.Props.SetText(ical.PropVersion, "2.0")
		body.Props.SetText(ical.PropProductID, "-//test//EN")
		body.Children = append(body.Children, phone.Component)
		obj, err := c.PutCalendarObject(ctx, cal+"phone-uid-1.ics", body)
		if err != nil {
			t.Fatalf("put: %v", err)
		}
		list := h.Do("GET", `/api/v3/time?from=2026-11-26T00:00:00Z&to=2026-11-27T00:00:00Z&fields=["name","place","responsible"]`, apitest.Req{Token: nina})
		if !strings.Contains(string(list.Body), `"name":"Встреча с поставщиком"`) || !strings.Contains(string(list.Body), `"place":{"contentType":"Place"`) {
			t.Fatalf("the phone's event is not Nina's to-do: %s", list.Body)
		}
		got, err := c.GetCalendarObject(ctx, cal+"phone-uid-1.ics")
		if err != nil || got.ETag != obj.ETag {
			t.Fatalf("get back: %v, etag %q vs %q", err, got.ETag, obj.ETag)
		}
		if uid, _ := got.Data.Events()[0].Props.Text(ical.PropUID); uid != "phone-uid-1@example" {
			t.Fatalf("uid %q", uid)
		}
		if loc, _ := got.Data.Events()[0].Props.Text(ical.PropLocation); loc != "Офис" {
			t.Fatalf("location %q", loc)
		}

		// Moved on the phone: the to-do moves.
		phone.Props.SetDateTime(ical.PropDateTimeStart, day.Add(16*time.Hour))
		phone.Props.SetDateTime(ical.PropDateTimeEnd, day.Add(17*time.Hour))
		if _, err := c.PutCalendarObject(ctx, cal+"phone-uid-1.ics", body); err != nil {
			t.Fatalf("put change: %v", err)
		}
		late := query(day.Add(16*time.Hour), day.Add(17*time.Hour))
		if len(late) != 1 {
			t.Fatalf("the move: %d objects at 16:00", len(late))
		}

		// Oleg's to-do is not Nina's to read, and her call is hers to delete.
		if _, err := c.GetCalendarObject(ctx, cal+"2.ics"); err == nil {
			t.Fatal("nina reads oleg's to-do")
		}
		if err := c.RemoveAll(ctx, cal+callID+".ics"); err != nil {
			t.Fatalf("delete: %v", err)
		}
		if r := h.Do("GET", "/api/v3/todo/"+callID, apitest.Req{Token: nina}); r.Status != 404 {
			t.Fatalf("the call is still there: %d", r.Status)
		}
	})
}
