package todo_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// GET /time: a person's to-dos in a period, whole days on the reader's
// dates, refused invitations left out, others' to-dos as far as seen.
func TestCalendarRange(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		_, oleg := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		mk := func(token, body string) string { return newTodo(t, h, token, body) }
		mine := `,"responsible":` + emp(ninaID)
		mk(nina, `{"name":"Обед"`+mine+`,"when":`+at("2026-11-26T12:00:00+00:00", "2026-11-26T13:00:00+00:00")+`}`)
		mk(nina, `{"name":"Утро"`+mine+`,"when":`+at("2026-11-26T08:00:00+00:00", "")+`}`)
		mk(nina, `{"name":"Конференция"`+mine+`,"when":{"contentType":"IntervalDates","from":{"contentType":"DateOnly","year":2026,"month":10,"day":27},"to":null}}`)
		mk(nina, `{"name":"Декабрь"`+mine+`,"when":`+at("2026-12-10T08:00:00+00:00", "")+`}`)
		refused := mk(oleg, `{"name":"Отказ","when":`+at("2026-11-26T15:00:00+00:00", "")+`,"participants":[`+emp(ninaID)+`]}`)
		if r := h.Do("POST", "/api/v3/todo/"+refused+"/doAction", js(nina, `{"contentType":"TodoRejectInvitationActionRequest"}`)); r.Status != 200 {
			t.Fatalf("reject: %s", r.Body)
		}
		q := func(from, to string) string {
			return "/api/v3/time?from=" + from + "&to=" + to + `&fields=["name","when"]`
		}
		names := func(want ...string) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				var got []string
				for _, it := range r.List() {
					got = append(got, it["name"].(string))
				}
				if strings.Join(got, ",") != strings.Join(want, ",") {
					t.Fatalf("got %v, want %v", got, want)
				}
			}
		}
		week := q("2026-11-23T00:00:00Z", "2026-11-30T00:00:00Z")
		h.Run(t, []apitest.Scenario{
			{Name: "a week, earliest first", Method: "GET", Path: week, Status: 200, Req: apitest.Req{Token: nina},
				Check: names("Утро", "Обед", "Конференция")},
			{Name: "a whole day falls on the reader's date", Method: "GET", Path: q("2026-11-26T21:00:00Z", "2026-11-27T21:00:00Z"), Status: 200,
				Req: apitest.Req{Token: nina, Headers: map[string]string{"X-Timezone-Offset": "10800"}}, Check: names("Конференция")},
			{Name: "and not on the day before", Method: "GET", Path: q("2026-11-25T21:00:00Z", "2026-11-26T21:00:00Z"), Status: 200,
				Req: apitest.Req{Token: nina, Headers: map[string]string{"X-Timezone-Offset": "10800"}}, Check: names("Утро", "Обед")},
			{Name: "a colleague's calendar as far as seen", Method: "GET", Path: week + `&subjects=[` + emp(ninaID) + `]`, Status: 200,
				Req: apitest.Req{Token: oleg}, Check: names()},
			{Name: "the administrator sees it all", Method: "GET", Path: week + `&subjects=[` + emp(ninaID) + `]`, Status: 200,
				Check: names("Утро", "Обед", "Конференция")},
			{Name: "no start", Method: "GET", Path: "/api/v3/time?to=2026-11-30T00:00:00Z", Status: 422, Contains: []string{`"field":"from"`}},
			{Name: "backwards", Method: "GET", Path: q("2026-11-30T00:00:00Z", "2026-11-23T00:00:00Z"), Status: 422, Contains: []string{`"field":"to"`}},
			{Name: "too long", Method: "GET", Path: q("2026-01-01T00:00:00Z", "2026-12-01T00:00:00Z"), Status: 422, Contains: []string{`"field":"to"`}},
			{Name: "not people", Method: "GET", Path: week + `&subjects=[{"contentType":"Task","id":"1"}]`, Status: 422, Contains: []string{`"field":"subjects"`}},
			{Name: "a category by its id is kept whole", Method: "POST", Path: "/api/v3/todo", Status: 200,
				Req:      js(nina, `{"name":"Созвон","category":{"contentType":"TodoCategory","id":"call"}}`),
				Contains: []string{`"category":{"activeBgColor":"#40c0574d","bgColor":"#40c05726","color":"#40c057","contentType":"TodoCategory","id":"call","masterType":"call","name":"Звонок"}`}},
			{Name: "an unknown category", Method: "POST", Path: "/api/v3/todo", Status: 422,
				Req: js(nina, `{"name":"Созвон","category":{"contentType":"TodoCategory","id":"party"}}`), Contains: []string{`"field":"category"`}},
			{Name: "categories", Method: "GET", Path: "/api/v3/todoCategory", Status: 200, Req: apitest.Req{Headers: map[string]string{"Accept-Language": "en"}},
				Contains: []string{`"id":"meeting"`, `"name":"Meeting"`}},
		})
	})
}
