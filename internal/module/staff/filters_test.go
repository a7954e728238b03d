package staff_test

import (
	"sort"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// Away now and birthdays soon are terms of the employee list's filter,
// alone, with ordinary terms, and inside a saved EmployeeFilter.
func TestEmployeeListAwayAndBirthdays(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		now := time.Now().UTC()
		day := func(d int) string { return now.AddDate(0, 0, d).Format(time.DateOnly) }
		born := func(d int) string { return "1992" + now.AddDate(0, 0, d).Format("-01-02") }
		person := func(first string, extra map[string]any) string {
			body := map[string]any{"firstName": first, "lastName": "Фильтров", "isWorking": true}
			for k, v := range extra {
				body[k] = v
			}
			return mk(t, h, "employee", body)
		}
		ivan := person("Иван", nil)
		maria := person("Мария", nil)
		person("Олег", map[string]any{"birthday": born(3)})
		person("Нина", map[string]any{"birthday": born(3), "hideMyBirthday": true})
		person("Пётр", map[string]any{"birthday": born(30)})
		mk(t, h, "vacation", map[string]any{"employee": emp(ivan), "type": "sick", "firstDay": day(-1), "lastDay": day(2)})
		mk(t, h, "vacation", map[string]any{"employee": emp(maria), "firstDay": day(5), "lastDay": day(6)})

		names := func(filter string) []string {
			t.Helper()
			r := h.Do("GET", "/api/v3/employee"+apitest.Q(`{"limit":100,"filter":`+filter+`}`), apitest.Req{})
			if r.Status != 200 {
				t.Fatalf("filter %s: %d %s", filter, r.Status, r.Body)
			}
			var out []string
			for _, e := range r.List() {
				if e["lastName"] == "Фильтров" {
					out = append(out, e["firstName"].(string))
				}
			}
			sort.Strings(out)
			return out
		}
		group := func(terms ...string) string {
			s := `{"contentType":"FilterTermGroup","join":"and","terms":[`
			for i, tm := range terms {
				if i > 0 {
					s += ","
				}
				s += tm
			}
			return s + "]}"
		}
		away := func(v string) string { return `{"contentType":"FilterTermBool","field":"isAway","value":` + v + `}` }
		within := func(v string) string {
			return `{"contentType":"FilterTermNumber","field":"birthdayWithin","comparison":"less_or_equal","value":` + v + `}`
		}
		check := func(name string, got []string, want ...string) {
			t.Helper()
			if len(got) != len(want) {
				t.Fatalf("%s: %v, want %v", name, got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: %v, want %v", name, got, want)
				}
			}
		}
		check("away now", names(group(away("true"))), "Иван")
		check("not away", names(group(away("false"))), "Мария", "Нина", "Олег", "Пётр")
		check("birthday within a week", names(group(within("7"))), "Олег")
		check("birthday within a month", names(group(within("31"))), "Олег", "Пётр")
		check("with an ordinary term", names(group(within("31"), `{"contentType":"FilterTermString","field":"firstName","comparison":"equals","value":"Пётр"}`)), "Пётр")

		for _, bad := range []string{group(within("0")), group(within("400")), group(away(`"yes"`)),
			group(`{"contentType":"FilterTermString","field":"isAway","value":"x"}`)} {
			if r := h.Do("GET", "/api/v3/employee"+apitest.Q(`{"filter":`+bad+`}`), apitest.Req{}); r.Status != 422 {
				t.Errorf("bad term %s: %d %s", bad, r.Status, r.Body)
			}
		}

		saved := mk(t, h, "employeeFilter", map[string]any{"title": "Скоро день рождения",
			"config": map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"contentType": "FilterTermGroup", "join": "and",
				"terms": []any{map[string]any{"contentType": "FilterTermNumber", "field": "birthdayWithin", "value": 7}}}}})
		check("a saved filter", names(`{"contentType":"EmployeeFilter","id":"`+saved+`"}`), "Олег")
	})
}
