package api_test

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/catalog"
)

// nameContains is a FilterConfig on name, as the reference's clients write it.
func nameContains(text string) string {
	return `{"contentType":"FilterConfig","termGroup":{"contentType":"FilterTermGroup","join":"and","terms":[` +
		`{"contentType":"FilterTermString","field":"name","comparison":"contains","value":"` + text + `"}]}}`
}

func TestAdHocFilterEntity(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		for _, name := range []string{"Купить бумагу", "Купить картридж", "Позвонить"} {
			h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": name}})
		}
		quoted := strings.ReplaceAll(`{"contentType":"TaskFilter","config":`+nameContains("купить")+`}`, `"`, `\"`)
		count := func(n int) string { return fmt.Sprintf(`"count":%d`, n) }
		h.Run(t, []apitest.Scenario{
			{Name: "id null", Method: "GET", Status: 200, Contains: []string{count(2)},
				Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"TaskFilter","id":null,"config":`+nameContains("купить")+`}}`)},
			{Name: "id missing", Method: "GET", Status: 200, Contains: []string{count(1)},
				Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"TaskFilter","config":`+nameContains("позвонить")+`}}`)},
			{Name: "the filter as a JSON string", Method: "GET", Status: 200, Contains: []string{count(2)},
				Path: "/api/v3/task" + apitest.Q(`{"filter":"`+quoted+`"}`)},
			{Name: "its config as a JSON string", Method: "GET", Status: 200, Contains: []string{count(1)},
				Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"TaskFilter","id":null,"config":"`+strings.ReplaceAll(nameContains("бумаг"), `"`, `\"`)+`"}}`)},
			{Name: "no config is no condition", Method: "GET", Status: 200, Contains: []string{count(3)},
				Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"TaskFilter","id":null,"title":"Новый фильтр"}}`)},
			{Name: "an unknown filter type", Method: "GET", Status: 422, Contains: []string{`"field":"filter"`},
				Path: "/api/v3/task" + apitest.Q(`{"filter":{"contentType":"NoSuchFilter","id":null,"config":`+nameContains("x")+`}}`)},
			{Name: "a NUL inside the string", Method: "GET", Status: 422,
				Path: "/api/v3/task" + apitest.Q(`{"filter":"{\"contentType\":\"TaskFilter\",\"config\":`+strings.ReplaceAll(nameContains(`\\u0000`), `"`, `\"`)+`}"}`)},
		})
	})
}

// Every *Filter type the reference names as a list's filter is read ad hoc
// on that list: an empty config lists all, a bad term in it is refused.
func TestAdHocFilterOfEveryType(t *testing.T) {
	cat := catalog.MustLoad()
	single := regexp.MustCompile(`^[A-Za-z]+Filter$`)
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		var scs []apitest.Scenario
		for _, r := range catalog.RefRoutes() {
			ft := r.Types["filter"]
			if r.Method != "GET" || strings.Count(r.Path, "/") != 1 || !single.MatchString(ft) || cat.ByEndpoint(r.Path[1:]) == nil {
				continue
			}
			for _, id := range []string{`"id":null,`, ""} {
				empty := `{"filter":{"contentType":"` + ft + `",` + id + `"config":{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[]}}}}`
				bad := `{"filter":{"contentType":"` + ft + `",` + id + `"config":` + strings.ReplaceAll(nameContains("x"), `"name"`, `"noSuchField"`) + `}}`
				scs = append(scs,
					apitest.Scenario{Name: r.Path + " " + ft + " " + id, Method: "GET", Path: "/api/v3" + r.Path + "?" + url.QueryEscape(empty), Status: 200},
					apitest.Scenario{Name: r.Path + " bad term " + id, Method: "GET", Path: "/api/v3" + r.Path + apitest.Q(bad), Status: 422,
						Contains: []string{`"field":"filter"`, `noSuchField`}})
			}
		}
		if len(scs) < 8 {
			t.Fatalf("only %d scenarios: the reference table lost its filters?", len(scs))
		}
		h.Run(t, scs)
	})
}

// A TradeFilter's program restricts deals to it; {"id":"all"} is every one.
func TestAdHocTradeFilterProgram(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		var programs []string
		for i, name := range []string{"Продажи", "Закупки"} {
			p := h.Do("POST", "/api/v3/program", apitest.Req{Body: map[string]any{"name": name}})
			if p.Status != 200 {
				t.Fatalf("program: %s", p.Body)
			}
			programs = append(programs, p.Obj()["id"].(string))
			// A deal enters its process at an entry state (internal/module/deal).
			if st := h.Do("POST", "/api/v3/programState", apitest.Req{Body: map[string]any{"name": "Новая", "type": "active", "isEntry": true,
				"program": map[string]any{"contentType": "Program", "id": programs[i]}}}); st.Status != 200 {
				t.Fatalf("state: %s", st.Body)
			}
			for j := 0; j <= i; j++ {
				d := h.Do("POST", "/api/v3/deal", apitest.Req{Body: map[string]any{"name": fmt.Sprint("Сделка ", i, j),
					"program": map[string]any{"contentType": "Program", "id": programs[i]}}})
				if d.Status != 200 {
					t.Fatalf("deal: %s", d.Body)
				}
			}
		}
		filter := func(program string) string {
			return "/api/v3/deal" + apitest.Q(`{"filter":{"contentType":"TradeFilter","id":null,"program":{"contentType":"Program","id":`+program+`},`+
				`"config":{"contentType":"FilterConfig","termGroup":{"contentType":"FilterTermGroup","join":"and","terms":[]}}}}`)
		}
		saved := h.Do("POST", "/api/v3/tradeFilter", apitest.Req{Body: map[string]any{"title": "Закупки",
			"program": map[string]any{"contentType": "Program", "id": programs[1]}}})
		if saved.Status != 200 {
			t.Fatalf("saved filter: %s", saved.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a saved filter's program", Method: "GET", Status: 200, Contains: []string{`"count":2`},
				Path: "/api/v3/deal" + apitest.Q(`{"filter":{"contentType":"TradeFilter","id":"`+saved.Obj()["id"].(string)+`"}}`)},
			{Name: "all programs", Method: "GET", Path: filter(`"all"`), Status: 200, Contains: []string{`"count":3`}},
			{Name: "one program", Method: "GET", Path: filter(`"` + programs[1] + `"`), Status: 200, Contains: []string{`"count":2`}},
			{Name: "a numeric id", Method: "GET", Path: filter(programs[0]), Status: 200, Contains: []string{`"count":1`}},
			{Name: "not a program", Method: "GET", Path: "/api/v3/deal" + apitest.Q(`{"filter":{"contentType":"TradeFilter","program":{"contentType":"Task","id":"1"}}}`),
				Status: 422, Contains: []string{`"field":"filter"`}},
		})
	})
}
