package history_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A card's history feed as a reference client reads it: changesets and
// comments newest first, paged by an item, filtered by sections and
// authors, searched; the reader's filter kept; months; choices.
func TestHistoryFeed(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		levID, lev := h.Person(t, "Лев", "lev@example.com", "long enough pass")
		_, mira := h.Person(t, "Мира", "mira@example.com", "long enough pass")
		deal := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Смета", "responsible": apitest.Link("Employee", levID)}})
		id := deal.Obj()["id"].(string)
		path := "/api/v3/task/" + id + "/history"
		step := func(who, method, url string, body map[string]any) {
			t.Helper()
			if r := h.Do(method, url, apitest.Req{Token: who, Body: body}); r.Status != 200 {
				t.Fatalf("%s %s: %s", method, url, r.Body)
			}
		}
		step("", "POST", "/api/v3/task/"+id, map[string]any{"name": "Смета ремонта"})
		step(lev, "POST", "/api/v3/task/"+id+"/comments", map[string]any{"content": "Посчитал материалы"})
		step("", "POST", "/api/v3/task/"+id, map[string]any{"statement": "Согласовать с заказчиком"})
		step(lev, "POST", "/api/v3/task/"+id+"/comments", map[string]any{"content": "Заказчик согласен"})
		kinds := func(r *apitest.Resp) string {
			var out []string
			for _, m := range r.List() {
				out = append(out, m["contentType"].(string))
			}
			return strings.Join(out, ",")
		}
		all := h.Do("GET", path+"/data", apitest.Req{})
		if all.Status != 200 || kinds(all) != "Comment,Changeset,Comment,Changeset,Changeset" {
			t.Fatalf("feed %q: %s", kinds(all), all.Body)
		}
		first := all.List()[1]
		if first["changesCount"].(float64) != 1 || first["author"] == nil || !strings.Contains(string(all.Body), `"type":"create"`) {
			t.Fatalf("changeset: %v", first)
		}
		after := fmt.Sprintf(`{"limit":2,"pageAfter":{"contentType":"Changeset","id":%q}}`, first["id"])
		h.Run(t, []apitest.Scenario{
			{Name: "paged after an item", Method: "GET", Path: path + "/data" + apitest.Q(after), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if kinds(r) != "Comment,Changeset" || !strings.Contains(string(r.Body), `"count":5`) || !strings.Contains(string(r.Body), `"hasMoreNext":true`) {
						t.Fatalf("%q: %s", kinds(r), r.Body)
					}
				}},
			{Name: "comments only", Method: "GET", Path: path + "/data" + apitest.Q(`{"filter":{"contentType":"HistoryFilter","sections":[{"name":"History","type":"checkbox","allSelected":false,"values":[]}]}}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if kinds(r) != "Comment,Comment" {
						t.Fatalf("%q", kinds(r))
					}
				}},
			{Name: "one author", Method: "GET", Path: path + "/data" + apitest.Q(`{"filter":{"sections":[{"name":"Employee","type":"select","allSelected":false,"values":["`+levID+`"]}]}}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if kinds(r) != "Comment,Comment" {
						t.Fatalf("%q: %s", kinds(r), r.Body)
					}
				}},
			{Name: "searched by the sections' names", Method: "GET", Path: path + "/search" + apitest.Q(`{"filters":["Comment"],"q":"заказчик"}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if kinds(r) != "Comment" || !strings.Contains(string(r.Body), "Заказчик согласен") {
						t.Fatalf("%q: %s", kinds(r), r.Body)
					}
				}},
			{Name: "a change found by its value", Method: "GET", Path: path + "/search" + apitest.Q(`{"filters":["History"],"q":"ремонта"}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if kinds(r) != "Changeset" || !strings.Contains(string(r.Body), `"newValue":"Смета ремонта"`) {
						t.Fatalf("%q: %s", kinds(r), r.Body)
					}
				}},
			{Name: "months", Method: "GET", Path: path + "/periods", Status: 200,
				Contains: []string{`"contentType":"PeriodVariable"`, `"count":1`}},
			{Name: "authors to choose", Method: "GET", Path: path + "/filter/Employee/choices", Status: 200,
				Contains: []string{`"value":"` + levID + `"`, `"contentType":"HistoryFilterChoice"`}},
			{Name: "sections to choose", Method: "GET", Path: path + "/filter/choices", Status: 200,
				Contains: []string{`"name":"History"`, `"name":"Comment"`, `"name":"Employee"`}},
			{Name: "the default filter", Method: "GET", Path: path + "/filter", Status: 200,
				Contains: []string{`"contentType":"HistoryFilter"`, `"allSelected":true`}},
			{Name: "a filter saved", Method: "POST", Path: path + "/filter", Status: 200,
				Req: apitest.Req{Body: `{"contentType":"HistoryFilter","sections":[{"name":"Comment","type":"checkbox","allSelected":false,"values":[]}]}`, ContentType: "application/json"}},
			{Name: "the saved filter applies", Method: "GET", Path: path + "/data", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if kinds(r) != "Changeset,Changeset,Changeset" {
						t.Fatalf("%q", kinds(r))
					}
				}},
			{Name: "another reader's filter is their own", Method: "GET", Path: path + "/data", Status: 200, Req: apitest.Req{Token: lev},
				Check: func(t *testing.T, r *apitest.Resp) {
					if len(r.List()) != 5 {
						t.Fatalf("%q", kinds(r))
					}
				}},
			{Name: "an unknown section", Method: "POST", Path: path + "/filter", Status: 422,
				Req: apitest.Req{Body: `{"sections":[{"name":"Fax","type":"checkbox"}]}`, ContentType: "application/json"}, Contains: []string{`"field":"sections.0.name"`}},
			{Name: "an author that is no id", Method: "GET", Path: path + "/data" + apitest.Q(`{"filter":{"sections":[{"name":"Employee","allSelected":false,"values":["Лев"]}]}}`), Status: 422,
				Contains: []string{`"field":"sections.0.values"`}},
			{Name: "an unknown section name", Method: "GET", Path: path + "/search" + apitest.Q(`{"filters":["Fax"]}`), Status: 422, Contains: []string{`"field":"filters.0"`}},
			{Name: "a pageAfter of no item", Method: "GET", Path: path + "/data" + apitest.Q(`{"pageAfter":{"contentType":"Comment","id":"999999"}}`), Status: 422,
				Contains: []string{`"field":"pageAfter"`}},
			{Name: "a card the reader cannot see", Method: "GET", Path: path + "/data", Status: 404, Req: apitest.Req{Token: mira}},
			{Name: "a type without history", Method: "GET", Path: "/api/v3/employee/1/history/data", Status: 404, Contains: []string{`"type":"route_not_found"`}},
		})
		// The bad filter above changed nothing: the saved one still holds.
		if r := h.Do("GET", path+"/filter", apitest.Req{}); !strings.Contains(string(r.Body), `"name":"Comment"`) || strings.Contains(string(r.Body), "Fax") {
			t.Fatalf("filter after a refusal: %s", r.Body)
		}
	})
}
