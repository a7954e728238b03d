package deal_test

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Rights per state over HTTP: who may change a deal in a state (roles,
// a department), read-only fields, possibleActions agreeing, transitions
// still judged by their own rules, administrators passing, bad settings.
func TestStateRights(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		dept := p.make(t, "department", map[string]any{"name": "Продажи"})
		if r := h.Do("POST", "/api/v3/employee/"+p.ivan, apitest.Req{Body: map[string]any{"department": apitest.Link("Department", dept)}}); r.Status != 200 {
			t.Fatalf("ivan's department: %s", r.Body)
		}
		setState := func(id string, body map[string]any) {
			t.Helper()
			if r := h.Do("POST", "/api/v3/programState/"+id, apitest.Req{Body: body}); r.Status != 200 {
				t.Fatalf("state rights: %s", r.Body)
			}
		}
		setState(p.newSt, map[string]any{"editRoles": []string{"manager"}})
		setState(p.offer, map[string]any{"editors": []any{apitest.Link("Department", dept)}})
		setState(p.won, map[string]any{"readOnlyFields": []string{"price"}})
		team := p.make(t, "group", map[string]any{"name": "Продавцы", "children": []any{apitest.Link("Employee", p.olga)}})
		setState(p.lost, map[string]any{"editors": []any{apitest.Link("Group", team)}})
		fresh := p.deal(t, nil)
		offered := p.deal(t, map[string]any{"contractor": p.client, "price": rub(1000)})
		won := p.deal(t, map[string]any{"contractor": p.client, "price": rub(5000)})
		for _, move := range []struct{ deal, tr string }{{offered, p.toOffer}, {won, p.toOffer}, {won, p.toWon}} {
			if r := h.Do("POST", "/api/v3/deal/"+move.deal+"/applyTransition", apitest.Req{Body: apply(move.tr)}); r.Status != 200 {
				t.Fatalf("move: %s", r.Body)
			}
		}
		path := func(id string) string { return "/api/v3/deal/" + id }
		en := map[string]string{"Accept-Language": "en"}
		edit := func(who string) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				acts, _ := r.Obj()["possibleActions"].([]any)
				if has := slices.Contains(acts, any("act_edit")); has != (who == "may") {
					t.Errorf("possibleActions %v, want act_edit: %v", acts, who == "may")
				}
			}
		}
		sel := "?fields=possibleActions"
		h.Run(t, []apitest.Scenario{
			{Name: "the manager may change a deal in New", Method: "POST", Path: path(fresh), Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{"description": "by Olga"}}, Status: 200},
			{Name: "Ivan may not, and is told why", Method: "POST", Path: path(fresh), Req: apitest.Req{Token: p.ivanTok, Body: map[string]any{"description": "by Ivan"}}, Status: 403,
				Check: func(t *testing.T, r *apitest.Resp) {
					e := r.Errors()
					if len(e) != 1 || e[0]["type"] != "state_edit_denied" || e[0]["message"] != "Сделки в статусе «Новая» вам менять нельзя" {
						t.Errorf("errors: %v", e)
					}
				}},
			{Name: "in English", Method: "POST", Path: path(fresh), Req: apitest.Req{Token: p.ivanTok, Body: map[string]any{"name": "x"}, Headers: en}, Status: 403,
				Contains: []string{`You may not change deals in the state «Новая»`}},
			{Name: "nor add an auditor", Method: "POST", Path: path(fresh) + "/auditors", Req: apitest.Req{Token: p.ivanTok, Body: apitest.Link("Employee", p.ivan)}, Status: 403},
			{Name: "possibleActions: Ivan without act_edit", Method: "GET", Path: path(fresh) + sel, Req: apitest.Req{Token: p.ivanTok}, Status: 200, Check: edit("may not")},
			{Name: "possibleActions: Olga with it", Method: "GET", Path: path(fresh) + sel, Req: apitest.Req{Token: p.olgaTok}, Status: 200, Check: edit("may")},
			{Name: "the list agrees", Method: "GET", Path: "/api/v3/deal" + sel, Req: apitest.Req{Token: p.ivanTok}, Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				for _, d := range r.List() {
					acts, _ := d["possibleActions"].([]any)
					if slices.Contains(acts, any("act_edit")) != (d["id"] != fresh) {
						t.Errorf("deal %v: %v", d["id"], acts)
					}
				}
			}},
			{Name: "an administrator may", Method: "POST", Path: path(fresh), Req: apitest.Req{Body: map[string]any{"description": "by admin"}}, Status: 200},
			{Name: "a department named: Ivan, in it, may", Method: "POST", Path: path(offered), Req: apitest.Req{Token: p.ivanTok, Body: map[string]any{"description": "by Ivan"}}, Status: 200},
			{Name: "Olga, not in it, may not", Method: "POST", Path: path(offered), Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{"description": "by Olga"}}, Status: 403,
				Contains: []string{`"type":"state_edit_denied"`, `«Предложение»`}},
			{Name: "nor change its positions", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{
				"deal": apitest.Link("Deal", offered), "name": "Строка", "price": rub(10)}}, Status: 403},
			{Name: "but her transitions are their own rules", Method: "POST", Path: path(offered) + "/applyTransition", Req: apitest.Req{Token: p.olgaTok, Body: apply(p.lostFromOffer)}, Status: 200},
			{Name: "a group named: Olga, in it, may change the lost deal", Method: "POST", Path: path(offered), Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{"description": "lost"}}, Status: 200},
			{Name: "Ivan, not in it, may not", Method: "POST", Path: path(offered), Req: apitest.Req{Token: p.ivanTok, Body: map[string]any{"description": "x"}}, Status: 403,
				Contains: []string{`«Проиграна»`}},
			{Name: "a read-only price is refused", Method: "POST", Path: path(won), Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{"price": rub(1), "description": "cheaper"}, Headers: en}, Status: 403,
				Check: func(t *testing.T, r *apitest.Resp) {
					e := r.Errors()
					if len(e) != 1 || e[0]["field"] != "price" || e[0]["type"] != "state_field_read_only" ||
						e[0]["message"] != "In the state «Выиграна» the field «Price» cannot be changed" {
						t.Errorf("errors: %v", e)
					}
				}},
			{Name: "other fields save, the price sent back unchanged", Method: "POST", Path: path(won), Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{"price": rub(5000), "description": "signed"}}, Status: 200,
				Contains: []string{`"description":"signed"`}},
			{Name: "nor positions, which make the price", Method: "POST", Path: "/api/v3/offerRow", Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{
				"deal": apitest.Link("Deal", won), "name": "Строка", "price": rub(10)}}, Status: 403, Contains: []string{`"field":"positions"`}},
			{Name: "an administrator changes the price", Method: "POST", Path: path(won), Req: apitest.Req{Body: map[string]any{"price": rub(4500)}}, Status: 200},
		})
		got := p.get(t, fresh)
		if got["description"] != "by admin" || len(got["auditors"].([]any)) != 0 {
			t.Errorf("a refused edit wrote: %v, %v", got["description"], got["auditors"])
		}
		if price := p.get(t, won)["price"].(map[string]any)["value"]; price != float64(4500) {
			t.Errorf("won price %v", price)
		}
	})
}

// A state's rights are checked when saved.
func TestStateRightsBadSettings(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		path := "/api/v3/programState/" + p.won
		bad := func(name string, body map[string]any, field, typ string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "POST", Path: path, Req: apitest.Req{Body: body}, Status: 422,
				Check: func(t *testing.T, r *apitest.Resp) {
					e := r.Errors()
					if len(e) == 0 || e[0]["field"] != field || (typ != "" && e[0]["type"] != typ) {
						t.Errorf("errors: %v", e)
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			bad("an unknown role", map[string]any{"editRoles": []string{"boss"}}, "editRoles", "bad_state_rights"),
			bad("the state itself read-only", map[string]any{"readOnlyFields": []string{"state"}}, "readOnlyFields", "bad_state_rights"),
			bad("an unknown field", map[string]any{"readOnlyFields": []string{"nope"}}, "readOnlyFields", "bad_state_rights"),
			bad("a computed field", map[string]any{"readOnlyFields": []string{"possibleActions"}}, "readOnlyFields", "bad_state_rights"),
			bad("not a list", map[string]any{"editRoles": "manager"}, "editRoles", ""),
			bad("an editor who is not a person", map[string]any{"editors": []any{apitest.Link("Deal", "1")}}, "editors", ""),
			{Name: "not JSON", Method: "POST", Path: path, Req: apitest.Req{Body: "{"}, Status: 400},
			{Name: "employees may not set them", Method: "POST", Path: path, Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{"editRoles": []string{"manager"}}}, Status: 403},
			{Name: "good settings read back", Method: "POST", Path: path + "?fields=editRoles,editors,readOnlyFields", Req: apitest.Req{Body: map[string]any{
				"editRoles": []string{"manager", "auditors"}, "editors": []any{apitest.Link("Employee", p.ivan)}, "readOnlyFields": []string{"price", "contractor", "positions"}}},
				Status: 200, Contains: []string{`"editRoles":["manager","auditors"]`, `"readOnlyFields":["price","contractor","positions"]`, `"id":"` + p.ivan + `"`}},
		})
		if r := h.Do("GET", path+"?fields=editRoles", apitest.Req{}); r.Obj()["editRoles"] == nil {
			t.Errorf("rights lost: %s", r.Body)
		}
	})
}
