package staff_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The working calendar: administrators mark days off, named or not; one
// row per date; everyone reads them.
func TestHolidays(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		_, tok := h.Person(t, "Нина", "nina@example.com", "nina-password")
		ny := map[string]any{"contentType": "Holiday", "name": "Новый год"}
		r := h.Do("POST", "/api/v3/holidayDay", apitest.Req{Body: map[string]any{"date": "2027-01-01", "holiday": ny}})
		if r.Status != 200 {
			t.Fatalf("save: %d %s", r.Status, r.Body)
		}
		hol := r.Obj()["holiday"].(map[string]any)
		h.Do("POST", "/api/v3/holidayDay", apitest.Req{Body: map[string]any{"date": map[string]any{"contentType": "DateOnly", "year": 2027, "month": 0, "day": 2}, "holiday": hol}})
		h.Do("POST", "/api/v3/holidayDay", apitest.Req{Body: map[string]any{"date": "2026-12-31"}})
		h.Run(t, []apitest.Scenario{
			{Name: "one holiday, by name once", Method: "GET", Path: "/api/v3/holiday", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if list, _ := r.JSON["data"].([]any); len(list) != 1 {
						t.Fatalf("holidays: %v", list)
					}
				}},
			{Name: "a year's days off, by date", Method: "GET", Path: "/api/v3/holidayDay?year=2027", Status: 200,
				Req:         apitest.Req{Token: tok},
				Contains:    []string{`"date":{"contentType":"DateOnly","day":1,"month":0,"year":2027},"holiday":{"contentType":"Holiday","id":"` + hol["id"].(string) + `","name":"Новый год"}`, `"day":2`},
				NotContains: []string{`"year":2026`}},
			{Name: "the same date again replaces it", Method: "POST", Path: "/api/v3/holidayDay", Status: 200,
				Req: apitest.Req{Body: map[string]any{"date": "2026-12-31", "holiday": map[string]any{"contentType": "Holiday", "name": "Перенос"}}}},
			{Name: "all days", Method: "GET", Path: "/api/v3/holidayDay", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if list, _ := r.JSON["data"].([]any); len(list) != 3 {
						t.Fatalf("days: %v", list)
					}
				}},
			{Name: "not for everyone to change", Method: "POST", Path: "/api/v3/holidayDay", Status: 403,
				Req: apitest.Req{Token: tok, Body: map[string]any{"date": "2027-05-01"}}},
			{Name: "a bad date", Method: "POST", Path: "/api/v3/holidayDay", Status: 422,
				Req: apitest.Req{Body: map[string]any{"date": "2027-02-30"}}, Contains: []string{`"field":"date"`}},
			{Name: "no date", Method: "POST", Path: "/api/v3/holidayDay", Status: 422,
				Req: apitest.Req{Body: map[string]any{}}, Contains: []string{`"field":"date"`}},
			{Name: "an unknown holiday", Method: "POST", Path: "/api/v3/holidayDay", Status: 422,
				Req: apitest.Req{Body: map[string]any{"date": "2027-05-01", "holiday": map[string]any{"contentType": "Holiday", "id": "999"}}}, Contains: []string{`"field":"holiday"`}},
			{Name: "not a holiday", Method: "POST", Path: "/api/v3/holidayDay", Status: 422,
				Req: apitest.Req{Body: map[string]any{"date": "2027-05-01", "holiday": "май"}}, Contains: []string{`"field":"holiday"`}},
			{Name: "malformed", Method: "POST", Path: "/api/v3/holidayDay", Status: 400,
				Req: apitest.Req{Body: `{"date":`, ContentType: "application/json"}},
			{Name: "a bad year", Method: "GET", Path: "/api/v3/holidayDay?year=x", Status: 422},
		})
		days := h.Do("GET", "/api/v3/holidayDay?year=2027", apitest.Req{}).JSON["data"].([]any)
		first := days[0].(map[string]any)["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "a working day again", Method: "DELETE", Path: "/api/v3/holidayDay/" + first, Status: 200},
			{Name: "once", Method: "DELETE", Path: "/api/v3/holidayDay/" + first, Status: 404},
		})
	})
}
