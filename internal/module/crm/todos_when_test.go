package crm_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A client's to-dos by the card's tabs (finished, all) and its calendar
// (period and filters: a day, its week from Monday, its month).
func TestClientTodosByStateAndDate(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		client := create(t, h, "contractorHuman", map[string]any{"firstName": "Календарный"})
		path := "/api/v3/contractorHuman/" + client + "/todos"
		at := func(instant string) map[string]any {
			return map[string]any{"contentType": "IntervalTime", "from": map[string]any{"contentType": "DateTime", "value": instant}}
		}
		add := func(name string, when map[string]any) string {
			return h.Do("POST", path, apitest.Req{Body: map[string]any{"name": name, "when": when}}).Obj()["id"].(string)
		}
		add("Вторник", at("2026-03-10T10:00:00+00:00"))
		done := add("Понедельник", at("2026-03-16T09:00:00+00:00"))
		add("Весь день", map[string]any{"contentType": "IntervalDates", "from": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 2, "day": 11}})
		add("Апрель", at("2026-04-02T15:00:00+00:00"))
		if r := h.Do("POST", "/api/v3/todo/"+done+"/doAction", apitest.Req{Body: map[string]any{"contentType": "TodoFinishActionRequest"}}); r.Status != 200 {
			t.Fatalf("finish: %d %s", r.Status, r.Body)
		}
		list := func(name, query, want string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "GET", Path: path + apitest.Q(query), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					got := names(r)
					sort.Strings(got)
					if fmt.Sprint(got) != want {
						t.Errorf("%s lists %v, want %s", query, got, want)
					}
				}}
		}
		bad := func(name, query, field string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "GET", Path: path + apitest.Q(query), Status: 422, Contains: []string{`"field":"` + field + `"`}}
		}
		h.Run(t, []apitest.Scenario{
			list("every to-do by default", `{}`, "[Апрель Весь день Вторник Понедельник]"),
			list("finished ones", `{"finished":true}`, "[Понедельник]"),
			list("those still to do", `{"finished":false}`, "[Апрель Весь день Вторник]"),
			list("all wins over finished", `{"finished":true,"all":true}`, "[Апрель Весь день Вторник Понедельник]"),
			list("a day", `{"filters":[{"contentType":"TodoDateTimeFilter","year":2026,"month":2,"day":10}]}`, "[Вторник]"),
			list("a whole-day one on its day", `{"period":"day","filters":[{"year":2026,"month":2,"day":11}]}`, "[Весь день]"),
			list("the day's week, Monday to Sunday", `{"period":"week","filters":[{"year":2026,"month":2,"day":15}]}`, "[Весь день Вторник]"),
			list("the next week", `{"period":"week","filters":[{"year":2026,"month":2,"day":16}]}`, "[Понедельник]"),
			list("a month", `{"filters":[{"year":2026,"month":2}]}`, "[Весь день Вторник Понедельник]"),
			list("a month, still to do", `{"period":"month","finished":false,"filters":[{"year":2026,"month":2,"day":20}]}`, "[Весь день Вторник]"),
			list("two days", `{"filters":[{"year":2026,"month":2,"day":10},{"year":2026,"month":3,"day":2}]}`, "[Апрель Вторник]"),
			list("a day without to-dos", `{"filters":[{"year":2026,"month":2,"day":12}]}`, "[]"),
			bad("finished not a boolean", `{"finished":"yes"}`, "finished"),
			bad("an unknown period", `{"period":"year"}`, "period"),
			bad("a filter without its month", `{"filters":[{"year":2026}]}`, "filters"),
			bad("a day that does not exist", `{"filters":[{"year":2026,"month":1,"day":30}]}`, "filters"),
			bad("filters not a list", `{"filters":{"year":2026,"month":1}}`, "filters"),
		})
	})
}
