package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// seedTasks creates n tasks named "Задача 01".. with alternating status and
// urgency; responsible is the given employee on every third.
func seedTasks(h *apitest.Harness, n int, empID string) []string {
	ids := make([]string, n)
	for i := 0; i < n; i++ {
		body := map[string]any{"name": fmt.Sprintf("Задача %02d", i+1), "status": []string{"assigned", "accepted", "completed"}[i%3],
			"isUrgent": i%2 == 0, "kpiPlanned": float64(i * 10)}
		if i%3 == 0 {
			body["responsible"] = map[string]any{"contentType": "Employee", "id": empID}
		}
		r := h.Do("POST", "/api/v3/task", apitest.Req{Body: body})
		if r.Status != 200 {
			h.T.Fatalf("seed: %s", r.Body)
		}
		ids[i] = r.Obj()["id"].(string)
	}
	return ids
}

func names(r *apitest.Resp) []string {
	var out []string
	for _, x := range r.List() {
		out = append(out, x["name"].(string))
	}
	return out
}

func pagination(r *apitest.Resp) map[string]any {
	p, _ := r.Meta()["pagination"].(map[string]any)
	return p
}

func TestListPagingAndQueryForms(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Ольга", "lastName": "Смирнова"}}).Obj()["id"].(string)
		ids := seedTasks(h, 12, emp)
		asc := `{"limit":5,"sortBy":[{"contentType":"SortField","fieldName":"name","desc":false}]}`
		h.Run(t, []apitest.Scenario{
			{Name: "url-encoded query", Method: "GET", Path: "/api/v3/task" + apitest.Q(asc), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					p := pagination(r)
					if fmt.Sprint(names(r)) != "[Задача 01 Задача 02 Задача 03 Задача 04 Задача 05]" ||
						p["count"] != 12.0 || p["limit"] != 5.0 || p["hasMoreNext"] != true || p["hasMorePrev"] != false {
						t.Fatalf("%v %v", names(r), p)
					}
				}},
			{Name: "raw JSON query", Method: "GET", Path: "/api/v3/task?" + asc, Status: 200, Contains: []string{`"Задача 05"`}, NotContains: []string{`"Задача 06"`}},
			{Name: "trailing slash before the query", Method: "GET", Path: "/api/v3/task/" + apitest.Q(asc), Status: 200, Contains: []string{`"count":12`}},
			{Name: "default newest first", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"limit":1}`), Status: 200, Contains: []string{`"Задача 12"`}},
			{Name: "pageAfter", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"limit":5,"sortBy":[{"fieldName":"name"}],"pageAfter":{"contentType":"Task","id":"`+ids[4]+`"}}`),
				Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
					if fmt.Sprint(names(r)) != "[Задача 06 Задача 07 Задача 08 Задача 09 Задача 10]" || pagination(r)["hasMorePrev"] != true || pagination(r)["hasMoreNext"] != true {
						t.Fatalf("%v %v", names(r), pagination(r))
					}
				}},
			{Name: "pageBefore", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"limit":3,"sortBy":[{"fieldName":"name"}],"pageBefore":{"contentType":"Task","id":"`+ids[4]+`"}}`),
				Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
					if fmt.Sprint(names(r)) != "[Задача 02 Задача 03 Задача 04]" || pagination(r)["hasMorePrev"] != true || pagination(r)["hasMoreNext"] != true {
						t.Fatalf("%v %v", names(r), pagination(r))
					}
				}},
			{Name: "pageWith and elementIndex", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"limit":4,"sortBy":[{"fieldName":"name","desc":true}],"pageWith":"`+ids[5]+`"}`),
				Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
					if fmt.Sprint(names(r)) != "[Задача 08 Задача 07 Задача 06 Задача 05]" || pagination(r)["elementIndex"] != 2.0 {
						t.Fatalf("%v %v", names(r), pagination(r))
					}
				}},
			{Name: "sort on a field that is not sortable", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"sortBy":[{"fieldName":"statement"}]}`), Status: 422,
				Contains: []string{`"type":"not_sortable"`}},
			{Name: "limit over the maximum is capped", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"limit":5000}`), Status: 200, Contains: []string{`"limit":1000`}},
			{Name: "limit must be positive", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"limit":0}`), Status: 422},
			{Name: "full-text q", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"q":"ЗАДАЧА 11"}`), Status: 200, Contains: []string{`"count":1,`, `"Задача 11"`}},
		})
		// Paging by key is stable while rows are inserted ahead of the page.
		first := h.Do("GET", "/api/v3/task"+apitest.Q(`{"limit":4}`), apitest.Req{}).List()
		seedTasks(h, 2, emp)
		next := h.Do("GET", "/api/v3/task"+apitest.Q(`{"limit":4,"pageAfter":{"contentType":"Task","id":"`+first[3]["id"].(string)+`"}}`), apitest.Req{})
		if got := names(next); got[0] != "Задача 08" {
			t.Fatalf("page moved under concurrent inserts: %v", got)
		}
	})
}

func TestListFilters(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Ольга", "lastName": "Смирнова"}}).Obj()["id"].(string)
		seedTasks(h, 12, emp)
		count := func(filter string) string {
			return "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"FilterConfig","termGroup":{"contentType":"FilterTermGroup","join":"and","terms":[`+filter+`]}}}`)
		}
		cases := []struct{ name, terms, count string }{
			{"string contains, any case", `{"contentType":"FilterTermString","field":"name","comparison":"contains","value":"ЗАДАЧА 0"}`, "9"},
			{"string equals", `{"contentType":"FilterTermString","field":"name","comparison":"equals","value":"Задача 03"}`, "1"},
			{"string not_equals", `{"contentType":"FilterTermString","field":"name","comparison":"not_equals","value":"Задача 03"}`, "11"},
			{"number more", `{"contentType":"FilterTermNumber","field":"kpiPlanned","comparison":"more","value":50}`, "6"},
			{"number less", `{"contentType":"FilterTermNumber","field":"kpiPlanned","comparison":"less","value":"20"}`, "2"},
			{"enum", `{"contentType":"FilterTermEnum","field":"status","comparison":"equals","value":["assigned","accepted"]}`, "8"},
			{"bool", `{"contentType":"FilterTermBool","field":"isUrgent","comparison":"equals","value":true}`, "6"},
			{"ref", `{"contentType":"FilterTermRef","field":"responsible","comparison":"equals","value":[{"contentType":"Employee","id":"` + emp + `"}]}`, "4"},
			{"ref not_equals", `{"contentType":"FilterTermRef","field":"responsible","comparison":"not_equals","value":[{"contentType":"Employee","id":"` + emp + `"}]}`, "8"},
			{"and of two", `{"contentType":"FilterTermBool","field":"isUrgent","value":true},{"contentType":"FilterTermEnum","field":"status","value":["assigned"]}`, "2"},
			{"or group", `{"contentType":"FilterTermGroup","join":"or","terms":[{"contentType":"FilterTermString","field":"name","comparison":"equals","value":"Задача 01"},{"contentType":"FilterTermString","field":"name","comparison":"equals","value":"Задача 02"}]}`, "2"},
			{"date interval on timeCreated", `{"contentType":"FilterTermDate","field":"timeCreated","comparison":"equals","value":{"contentType":"IntervalDates","from":{"contentType":"DateOnly","year":2000,"month":0,"day":1},"to":{"contentType":"DateOnly","year":2999,"month":0,"day":1}}}`, "12"},
		}
		var sc []apitest.Scenario
		for _, c := range cases {
			sc = append(sc, apitest.Scenario{Name: c.name, Method: "GET", Path: count(c.terms), Status: 200, Contains: []string{`"count":` + c.count + `,`}})
		}
		sc = append(sc,
			apitest.Scenario{Name: "unknown filter field", Method: "GET", Path: count(`{"contentType":"FilterTermString","field":"nope","value":"x"}`), Status: 422, Contains: []string{`"type":"invalid_filter"`}},
			apitest.Scenario{Name: "bad comparison", Method: "GET", Path: count(`{"contentType":"FilterTermString","field":"name","comparison":"sounds_like","value":"x"}`), Status: 422},
			apitest.Scenario{Name: "filter with a hostile string", Method: "GET", Path: count(`{"contentType":"FilterTermString","field":"name","comparison":"contains","value":"'; DROP TABLE e_task; --%_"}`), Status: 200, Contains: []string{`"count":0,`}},
		)
		h.Run(t, sc)
		// A saved filter is applied by its link.
		cfg := `{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[{"contentType":"FilterTermBool","field":"isUrgent","value":true}]}}`
		f := h.Do("POST", "/api/v3/taskFilter", apitest.Req{Body: map[string]any{"title": "Горящие", "config": rawJSON(cfg)}})
		if f.Status != 200 {
			t.Fatalf("save filter: %s", f.Body)
		}
		r := h.Do("GET", "/api/v3/task?"+url.PathEscape(`{"filter":{"contentType":"TaskFilter","id":"`+f.Obj()["id"].(string)+`"}}`), apitest.Req{})
		if pagination(r)["count"] != 6.0 {
			t.Fatalf("saved filter: %s", r.Body)
		}
	})
}

func rawJSON(s string) json.RawMessage { return json.RawMessage(s) }
