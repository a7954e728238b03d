package deal_test

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// byProgram is an answer of linkedDealsByProgram as "program name: count".
func byProgram(t *testing.T, r *apitest.Resp) []string {
	t.Helper()
	var out []string
	for _, o := range r.List() {
		p := o["program"].(map[string]any)
		if o["contentType"] != "DealsByProgram" || p["contentType"] != "Program" {
			t.Errorf("not a DealsByProgram: %v", o)
		}
		out = append(out, fmt.Sprintf("%s: %v", p["name"], o["count"]))
	}
	return out
}

func expect(want ...string) func(t *testing.T, r *apitest.Resp) {
	return func(t *testing.T, r *apitest.Resp) {
		if got := byProgram(t, r); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("got %v, want %v", got, want)
		}
	}
}

// A client's, a task's, a to-do's, a project's and a payment's linked deals, counted per program:
// the reference's filters by program and by result, paging by program,
// 404 for what is not there, 422 for a bad filter, and only the deals
// the reader sees.
func TestLinkedDealsByProgram(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		client := p.client["id"].(string)
		other := apitest.Link("Program", p.other)
		a := p.deal(t, map[string]any{"contractor": p.client})
		b := p.deal(t, map[string]any{"contact": p.client})
		c := p.deal(t, map[string]any{"contractor": p.client, "program": other})
		p.deal(t, nil)
		if r := h.Do("POST", "/api/v3/deal/"+b+"/applyTransition", apitest.Req{Body: apply(p.toLost)}); r.Status != 200 {
			t.Fatalf("lose: %s", r.Body)
		}
		ivanDeal := p.make(t, "deal", map[string]any{"name": "Ивана", "program": apitest.Link("Program", p.program), "manager": apitest.Link("Employee", p.ivan)})
		deals := func(ids ...string) []any {
			var out []any
			for _, id := range ids {
				out = append(out, apitest.Link("Deal", id))
			}
			return out
		}
		task := p.make(t, "task", map[string]any{"name": "Позвонить", "responsible": apitest.Link("Employee", p.ivan), "deals": deals(a, c, ivanDeal)})
		todo := p.make(t, "todo", map[string]any{"name": "Встреча", "relations": deals(c)})
		project := p.make(t, "project", map[string]any{"name": "Внедрение", "deals": deals(b, c)})
		bank := p.make(t, "finRealAccount", map[string]any{"name": "Банк", "kind": "bank"})
		op := p.make(t, "finOperation", map[string]any{"contentType": "FinOperation", "kind": "income", "sum": rub(100),
			"realAccount": apitest.Link("FinRealAccount", bank)})
		if r := h.Do("POST", "/api/v3/finOperation/"+op+"/linkWith", apitest.Req{Body: apitest.Link("Deal", a)}); r.Status != 200 {
			t.Fatalf("pay: %s", r.Body)
		}
		unlinked := p.make(t, "finOperation", map[string]any{"contentType": "FinOperation", "kind": "income", "sum": rub(5),
			"realAccount": apitest.Link("FinRealAccount", bank)})
		filters := func(f string) string { return "?filters=" + url.QueryEscape(f) }
		path := func(owner string) string { return "/api/v3/" + owner + "/linkedDealsByProgram" }
		h.Run(t, []apitest.Scenario{
			{Name: "a company's deals", Method: "GET", Path: path("contractorCompany/" + client), Status: 200, Check: expect("Продажи: 2", "Закупки: 1")},
			{Name: "as a contractor", Method: "GET", Path: path("contractor/" + client), Status: 200, Check: expect("Продажи: 2", "Закупки: 1")},
			{Name: "the active ones", Method: "GET", Path: path("contractor/"+client) + filters(`[{"contentType":"DealResultTypeFilter","types":["active"]}]`),
				Status: 200, Check: expect("Продажи: 1", "Закупки: 1")},
			{Name: "of one program, lost", Method: "GET", Status: 200, Check: expect("Продажи: 1"),
				Path: path("contractor/"+client) + filters(`[{"contentType":"DealProgramsFilter","programs":[{"contentType":"Program","id":"`+p.program+`"}]},{"contentType":"DealResultTypeFilter","types":["negative"]}]`)},
			{Name: "paged by program", Method: "GET", Path: path("contractor/"+client) + "?limit=1&pageAfter=" + p.program, Status: 200, Check: expect("Закупки: 1")},
			{Name: "a task's deals", Method: "GET", Path: path("task/" + task), Status: 200, Check: expect("Продажи: 2", "Закупки: 1")},
			{Name: "a to-do's", Method: "GET", Path: path("todo/" + todo), Status: 200, Check: expect("Закупки: 1")},
			{Name: "the to-do's other name", Method: "GET", Path: "/api/v3/todo/" + todo + "/linkedDealsPrograms", Status: 200, Check: expect("Закупки: 1")},
			{Name: "a project's", Method: "GET", Path: path("project/" + project), Status: 200, Check: expect("Продажи: 1", "Закупки: 1")},
			{Name: "a payment's deal", Method: "GET", Path: path("finOperation/" + op), Status: 200, Check: expect("Продажи: 1")},
			{Name: "a payment of no deal", Method: "GET", Path: path("finOperation/" + unlinked), Status: 200, Check: expect()},
			{Name: "a client with none", Method: "GET", Path: path("contractorHuman/" + p.make(t, "contractorHuman", map[string]any{"firstName": "Пётр"})), Status: 200,
				Check: expect()},
			{Name: "no such client", Method: "GET", Path: path("contractorCompany/999999"), Status: 404},
			{Name: "a filter of another kind", Method: "GET", Path: path("contractor/"+client) + filters(`[{"contentType":"DealStateFilter"}]`), Status: 422,
				Contains: []string{`"field":"filters"`}},
			{Name: "an unknown result", Method: "GET", Path: path("contractor/"+client) + filters(`[{"contentType":"DealResultTypeFilter","types":["won"]}]`), Status: 422,
				Contains: []string{`"field":"filters"`}},
			{Name: "not JSON", Method: "GET", Path: path("contractor/"+client) + filters(`[{`), Status: 422},
		})
		// Employees lose deal_enter: Ivan sees his own deals only.
		for _, grp := range h.Do("GET", "/api/v3/rightsGroup", apitest.Req{}).List() {
			if grp["everyone"] == true {
				h.Do("POST", "/api/v3/rightsGroup/"+grp["id"].(string), apitest.Req{Body: map[string]any{"name": "Сотрудники", "everyone": true,
					"actions": []string{"tasks_enter", "tasks_add"}}})
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "Ivan counts only what he sees", Method: "GET", Path: path("task/" + task), Req: apitest.Req{Token: p.ivanTok}, Status: 200, Check: expect("Продажи: 1")},
			{Name: "the administrator all", Method: "GET", Path: path("task/" + task), Status: 200, Check: expect("Продажи: 2", "Закупки: 1")},
		})
	})
}
