package crm_test

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

func config(join string, terms ...map[string]any) map[string]any {
	list := make([]any, len(terms))
	for i, t := range terms {
		list[i] = t
	}
	return map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"join": join, "terms": list}}
}

func refTerm(field string, links ...map[string]any) map[string]any {
	v := make([]any, len(links))
	for i, l := range links {
		v[i] = l
	}
	return map[string]any{"contentType": "FilterTermRef", "field": field, "comparison": "equals", "value": v}
}

func createdBetween(from, to time.Time) map[string]any {
	day := func(t time.Time) map[string]any {
		return map[string]any{"contentType": "DateOnly", "year": t.Year(), "month": int(t.Month()) - 1, "day": t.Day()}
	}
	return map[string]any{"contentType": "FilterTermDate", "field": "timeCreated", "comparison": "equals",
		"value": map[string]any{"contentType": "IntervalDates", "from": day(from), "to": day(to)}}
}

// A saved client filter holds conditions on the responsibles, tags and
// creation time besides the name; it is renamed, its conditions changed
// and deleted; a config that does not apply to clients is refused at
// once, so the filter panel never breaks on it.
func TestSavedFilterConditions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		me := apitest.Link("Employee", h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string))
		create(t, h, "contractorCompany", map[string]any{"name": "ООО «Мой»", "responsibles": []any{me}})
		tagged := create(t, h, "contractorHuman", map[string]any{"firstName": "Помеченный", "responsibles": []any{me}})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Чужой"})
		tag := h.Do("POST", "/api/v3/contractorHuman/"+tagged+"/tags", apitest.Req{Body: map[string]any{"name": "VIP"}})
		if tag.Status != 200 {
			t.Fatalf("tag: %d %s", tag.Status, tag.Body)
		}
		vip := h.Do("GET", "/api/v3/contractorHuman/tags", apitest.Req{}).List()[0]["id"].(string)
		now := time.Now().UTC()
		id := create(t, h, "crmFilter", map[string]any{"title": "Мои", "config": config("and", refTerm("responsibles", me),
			createdBetween(now.AddDate(0, 0, -1), now.AddDate(0, 0, 1)))})
		path := "/api/v3/crmFilter/" + id
		list := func(want string) apitest.Scenario {
			return apitest.Scenario{Name: "listed " + want, Method: "GET", Path: "/api/v3/contractor" + apitest.Q(`{"filter":{"contentType":"CrmFilter","id":"`+id+`"}}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					got := names(r)
					sort.Strings(got)
					if fmt.Sprint(got) != want {
						t.Errorf("through the filter %v, want %s", got, want)
					}
				}}
		}
		bad := func(name string, cfg map[string]any) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "POST", Path: path, Status: 422, Req: apitest.Req{Body: map[string]any{"title": "Плохой", "config": cfg}},
				Contains: []string{`"field":"config"`, `"type":"invalid_filter"`}}
		}
		h.Run(t, []apitest.Scenario{
			list("[ООО «Мой» Помеченный]"),
			{Name: "renamed, its conditions changed to a tag", Method: "POST", Path: path, Status: 200,
				Req: apitest.Req{Body: map[string]any{"title": "VIP", "config": config("and", refTerm("tags", apitest.Link("Tag", vip)))}}, Contains: []string{`"title":"VIP"`}},
			list("[Помеченный]"),
			{Name: "counted in the panel", Method: "GET", Path: "/api/v3/crmFilter", Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				for _, f := range r.List() {
					if f["id"] == id && (f["count"] != float64(1) || f["title"] != "VIP") {
						t.Errorf("the saved filter in the panel: %v", f)
					}
				}
			}},
			{Name: "created long ago", Method: "POST", Path: path, Status: 200,
				Req: apitest.Req{Body: map[string]any{"config": config("and", createdBetween(now.AddDate(-3, 0, 0), now.AddDate(-2, 0, 0)))}}},
			list("[]"),
			bad("an unknown field", config("and", map[string]any{"contentType": "FilterTermString", "field": "nonsense", "comparison": "contains", "value": "x"})),
			bad("a field only people have", config("and", map[string]any{"contentType": "FilterTermString", "field": "firstName", "comparison": "contains", "value": "x"})),
			bad("a date that is none", config("and", map[string]any{"contentType": "FilterTermDate", "field": "timeCreated", "comparison": "equals", "value": "вчера"})),
			{Name: "a refused change left the filter as it was", Method: "GET", Path: path, Status: 200, Contains: []string{`"title":"VIP"`}},
			{Name: "the panel still answers", Method: "GET", Path: "/api/v3/crmFilter", Status: 200},
			{Name: "a new filter refused whole", Method: "POST", Path: "/api/v3/crmFilter", Status: 422,
				Req: apitest.Req{Body: map[string]any{"title": "Плохой", "config": config("or", map[string]any{"contentType": "FilterTermRef", "field": "tags", "value": "x"})}}},
			{Name: "deleted", Method: "DELETE", Path: path, Status: 200},
			{Name: "gone", Method: "GET", Path: path, Status: 404},
		})
	})
}
