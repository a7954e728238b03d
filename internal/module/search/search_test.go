package search_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// listNames is the names a task list with q answers, and its count.
func listNames(t *testing.T, h *apitest.Harness, token, q string) (string, float64) {
	t.Helper()
	js, _ := json.Marshal(map[string]any{"q": q, "sortBy": []any{map[string]any{"fieldName": "name"}}})
	r := h.Do("GET", "/api/v3/task"+apitest.Q(string(js)), apitest.Req{Token: token})
	if r.Status != 200 {
		t.Fatalf("q %q: %d %s", q, r.Status, r.Body)
	}
	var names []string
	for _, it := range r.List() {
		names = append(names, fmt.Sprint(it["name"]))
	}
	return strings.Join(names, "|"), r.Meta()["pagination"].(map[string]any)["count"].(float64)
}

// groups is the search route's answer as type -> titles, and the raw body
// followed by every highlighted value.
func groups(t *testing.T, h *apitest.Harness, token, query string) (map[string][]string, string) {
	t.Helper()
	r := h.Do("GET", "/api/v3/search"+apitest.Q(query), apitest.Req{Token: token})
	if r.Status != 200 {
		t.Fatalf("search %s: %d %s", query, r.Status, r.Body)
	}
	out, marked := map[string][]string{}, ""
	for _, g := range r.Data().([]any) {
		g := g.(map[string]any)
		for _, it := range g["items"].([]any) {
			out[g["type"].(string)] = append(out[g["type"].(string)], it.(map[string]any)["title"].(string))
			for _, f := range it.(map[string]any)["fields"].([]any) {
				marked += " " + f.(map[string]any)["value"].(string)
			}
		}
		if int(g["totalItemsCount"].(float64)) < len(out[g["type"].(string)]) {
			t.Fatalf("total below the items: %s", r.Body)
		}
	}
	return out, string(r.Body) + marked
}

func create(t *testing.T, h *apitest.Harness, path string, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", path, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("create %s: %d %s", path, r.Status, r.Body)
	}
	return r.Obj()["id"].(string)
}

func TestListQStemsFoldsAndKeepsInStep(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		report := create(t, h, "/api/v3/task", map[string]any{"name": "Квартальные отчёты"})
		sales := create(t, h, "/api/v3/task", map[string]any{"name": "Продажи", "statement": "<p>Сверить <b>отчет</b> по ЁЛКАМ</p>"})
		create(t, h, "/api/v3/task", map[string]any{"name": "Running reports"})
		create(t, h, "/api/v3/task", map[string]any{"name": "Прочее"})
		for q, want := range map[string]string{
			"отчет": "Квартальные отчёты|Продажи", "ОТЧЁТАМИ": "Квартальные отчёты|Продажи", "квартальный": "Квартальные отчёты",
			"елка": "Продажи", "Ёлки": "Продажи", "report": "Running reports", "RUN": "Running reports", "runni": "Running reports",
			"отчет квартал": "Квартальные отчёты", "отчет прочее": "", "!!!": "", "%": "", "кварт*": "Квартальные отчёты",
			`"отчет" OR прочее`: "", "'отчет':* | прочее": "",
		} {
			if got, _ := listNames(t, h, "", q); got != want {
				t.Errorf("q %q: %q, want %q", q, got, want)
			}
		}
		// Renamed, the old words leave the index and the new ones arrive.
		if r := h.Do("POST", "/api/v3/task/"+report, apitest.Req{Body: map[string]any{"name": "Годовой баланс"}}); r.Status != 200 {
			t.Fatalf("rename: %s", r.Body)
		}
		if got, n := listNames(t, h, "", "квартальные"); got != "" || n != 0 {
			t.Errorf("old name still found: %q %v", got, n)
		}
		if got, _ := listNames(t, h, "", "балансы"); got != "Годовой баланс" {
			t.Errorf("new name: %q", got)
		}
		// A change of one field keeps the others' words.
		if r := h.Do("POST", "/api/v3/task/"+sales, apitest.Req{Body: map[string]any{"name": "Закупки"}}); r.Status != 200 {
			t.Fatalf("rename: %s", r.Body)
		}
		if got, _ := listNames(t, h, "", "ёлка закупка"); got != "Закупки" {
			t.Errorf("statement after a rename: %q", got)
		}
		if r := h.Do("DELETE", "/api/v3/task/"+report, apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		if got, n := listNames(t, h, "", "баланс"); got != "" || n != 0 {
			t.Errorf("deleted task found: %q %v", got, n)
		}
	})
}

func TestSearchRouteRightsAndComments(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := apitest.NewDiscussion(t, h) // "Обсудить отчёт", Lev responsible, Mira not
		comment := w.Post(t, "", map[string]any{"content": "Согласовать смету до пятницы"})
		create(t, h, "/api/v3/employee", map[string]any{"firstName": "Ольга", "lastName": "Смирнова", "position": "Главный бухгалтер"})

		got, body := groups(t, h, "", `{"q":"отчеты"}`)
		if fmt.Sprint(got["Task"]) != "[Обсудить отчёт]" || !strings.Contains(body, `<mark>отчёт</mark>`) ||
			!strings.Contains(body, `"contentType":"SearchGroup"`) || !strings.Contains(body, `"hrName"`) {
			t.Fatalf("administrator: %v %s", got, body)
		}
		if got, _ := groups(t, h, w.Lev, `{"q":"отчёт"}`); fmt.Sprint(got["Task"]) != "[Обсудить отчёт]" {
			t.Errorf("Lev sees the task: %v", got)
		}
		if got, body := groups(t, h, w.Mira, `{"q":"отчёт"}`); len(got["Task"]) != 0 || strings.Contains(body, "Обсудить") {
			t.Errorf("Mira must not find the task: %s", body)
		}
		if got, _ := groups(t, h, "", `{"q":"сметы"}`); len(got["Comment"]) != 1 {
			t.Errorf("comment text: %v", got)
		}
		if _, body := groups(t, h, w.Mira, `{"q":"смета"}`); strings.Contains(body, "Согласовать") {
			t.Errorf("Mira must not find the comment: %s", body)
		}
		if got, body := groups(t, h, "", `{"q":"бухгалтера"}`); fmt.Sprint(got["Employee"]) != "[Смирнова Ольга]" || !strings.Contains(body, "<mark>бухгалтер</mark>") {
			t.Errorf("position: %v %s", got, body)
		}
		if got, _ := groups(t, h, "", `{"q":"смета","contentTypes":["Task"]}`); len(got) != 0 {
			t.Errorf("contentTypes: %v", got)
		}
		// A deleted comment is not offered; restored, it is again.
		path := "/api/v3/comment/" + comment["id"].(string)
		h.Do("DELETE", path, apitest.Req{})
		if got, _ := groups(t, h, "", `{"q":"смета"}`); len(got["Comment"]) != 0 {
			t.Errorf("deleted comment found: %v", got)
		}
		h.Do("POST", path, apitest.Req{Body: map[string]any{"isDropped": false}})
		if got, _ := groups(t, h, "", `{"q":"смета"}`); len(got["Comment"]) != 1 {
			t.Errorf("restored comment not found: %v", got)
		}
	})
}

func TestSearchRouteRanksAndLimits(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create(t, h, "/api/v3/task", map[string]any{"name": "Смета", "statement": "смета смета смета"})
		for i := range 3 {
			create(t, h, "/api/v3/task", map[string]any{"name": fmt.Sprintf("Задача %d", i), "statement": "Длинное описание, где смета упомянута один раз среди многих других слов"})
		}
		r := h.Do("GET", "/api/v3/search"+apitest.Q(`{"q":"смета","limit":2}`), apitest.Req{})
		g := r.Data().([]any)[0].(map[string]any)
		if g["totalItemsCount"] != 4.0 || len(g["items"].([]any)) != 2 || g["items"].([]any)[0].(map[string]any)["title"] != "Смета" {
			t.Fatalf("ranked group: %s", r.Body)
		}
	})
}

func TestSearchRouteBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create(t, h, "/api/v3/task", map[string]any{"name": "Смета"})
		h.Run(t, []apitest.Scenario{
			{Name: "one type asked", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"смета","contentTypes":["Schedule","Task"]}`), Status: 422},
			{Name: "no q", Method: "GET", Path: "/api/v3/search", Status: 422},
			{Name: "q not text", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":5}`), Status: 422},
			{Name: "q too long", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"`+strings.Repeat("я", 201)+`"}`), Status: 422},
			{Name: "limit zero", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"a","limit":0}`), Status: 422},
			{Name: "limit not a number", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"a","limit":"x"}`), Status: 422},
			{Name: "unknown type", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"a","contentTypes":["Nope"]}`), Status: 422},
			{Name: "type not searched", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"a","contentTypes":["Schedule"]}`), Status: 422},
			{Name: "types not a list", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"a","contentTypes":"Task"}`), Status: 422},
			{Name: "punctuation finds nothing", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"\"*:()!"}`), Status: 200, Contains: []string{`"data":[]`}},
			{Name: "blank finds nothing", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"  "}`), Status: 200, Contains: []string{`"data":[]`}},
			{Name: "the types asked before do not change the default", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"смета"}`), Status: 200,
				Contains: []string{`"type":"Task"`}},
			{Name: "signed out", Method: "GET", Path: "/api/v3/search" + apitest.Q(`{"q":"a"}`), Req: apitest.Req{NoAuth: true}, Status: 401},
		})
	})
}

// Contact details are searched by their values, not by their keys.
func TestSearchContactInfo(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create(t, h, "/api/v3/contractorHuman", map[string]any{"firstName": "Иван", "lastName": "Петров",
			"contactInfo": []any{map[string]any{"contentType": "ContactInfo", "type": "email", "value": "Petrov.Sales@Example.com", "comment": "рабочий"}}})
		got, marked := groups(t, h, "", `{"q":"petrov.sales@example"}`)
		if fmt.Sprint(got["ContractorHuman"]) != "[Петров Иван]" || !strings.Contains(marked, "<mark>Sales</mark>") {
			t.Fatalf("by e-mail: %v %s", got, marked)
		}
		if got, _ := groups(t, h, "", `{"q":"рабочего"}`); len(got["ContractorHuman"]) != 1 {
			t.Errorf("by the entry's comment: %v", got)
		}
		if got, _ := groups(t, h, "", `{"q":"email contactinfo"}`); len(got) != 0 {
			t.Errorf("keys and type names are not words of the client: %v", got)
		}
	})
}
