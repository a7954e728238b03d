package task_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A Schedule is seen by whoever sees its template and written only
// through the template's schedule routes.
func TestScheduleRights(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		g := newGroupCast(t, h) // Ivan owns the templates, Petr is an outsider
		create := func(path, tok string, body map[string]any) string {
			r := h.Do("POST", path, apitest.Req{Token: tok, Body: body})
			if r.Status != 200 {
				t.Fatalf("%s: %s", path, r.Body)
			}
			return r.Obj()["id"].(string)
		}
		daily := map[string]any{"interval": "day", "hour": 9}
		tpl := create("/api/v3/task", g.ivan, map[string]any{"name": "Отчёт", "isTemplate": true})
		sid := create("/api/v3/task/"+tpl+"/schedule", g.ivan, daily)
		ptpl := create("/api/v3/project", g.ivan, map[string]any{"name": "Планёрка", "isTemplate": true})
		psid := create("/api/v3/project/"+ptpl+"/schedule", g.ivan, daily)
		as := func(tok string) apitest.Req { return apitest.Req{Token: tok} }
		body := func(tok string, b any) apitest.Req { return apitest.Req{Token: tok, Body: b} }
		h.Run(t, []apitest.Scenario{
			{Name: "an outsider does not see a task's schedule", Method: "GET", Path: "/api/v3/schedule/" + sid, Req: as(g.petr), Status: 404},
			{Name: "nor a project's", Method: "GET", Path: "/api/v3/schedule/" + psid, Req: as(g.petr), Status: 404},
			{Name: "nor any in the list", Method: "GET", Path: "/api/v3/schedule", Req: as(g.petr), Status: 200, Contains: []string{listCount(0)}},
			{Name: "nor through the template", Method: "GET", Path: "/api/v3/task/" + tpl + "/schedule", Req: as(g.petr), Status: 404},
			{Name: "nor changes it", Method: "POST", Path: "/api/v3/task/" + tpl + "/schedule", Req: body(g.petr, daily), Status: 404},
			{Name: "the owner sees it", Method: "GET", Path: "/api/v3/schedule/" + sid, Req: as(g.ivan), Status: 200,
				Contains: []string{`"contentType":"Schedule"`, `"interval":"day"`}, NotContains: []string{`"act_edit"`}},
			{Name: "and both in the list", Method: "GET", Path: "/api/v3/schedule", Req: as(g.ivan), Status: 200, Contains: []string{listCount(2)}},
			{Name: "reads it through the template", Method: "GET", Path: "/api/v3/project/" + ptpl + "/schedule", Req: as(g.ivan), Status: 200,
				Contains: []string{`"id":"` + psid + `"`}},
			{Name: "edits it through the template", Method: "POST", Path: "/api/v3/task/" + tpl + "/schedule", Req: body(g.ivan, map[string]any{"interval": "week", "weekDays": []int{1}}),
				Status: 200, Contains: []string{`"id":"` + sid + `"`, `"interval":"week"`}},
			{Name: "but not generically", Method: "POST", Path: "/api/v3/schedule/" + sid, Req: body(g.ivan, map[string]any{"each": 3}), Status: 403},
			{Name: "nor deletes it so", Method: "DELETE", Path: "/api/v3/schedule/" + sid, Req: as(g.ivan), Status: 403},
			{Name: "an administrator sees every one", Method: "GET", Path: "/api/v3/schedule", Status: 200, Contains: []string{listCount(2)}},
			{Name: "the outsider is made a viewer of the template", Method: "POST", Path: "/api/v3/task/" + tpl, Status: 200,
				Req: body(g.ivan, map[string]any{"templateViewers": []any{apitest.Link("Employee", g.petrID)}})},
			{Name: "and sees its schedule", Method: "GET", Path: "/api/v3/schedule/" + sid, Req: as(g.petr), Status: 200},
			{Name: "but not the other", Method: "GET", Path: "/api/v3/schedule", Req: as(g.petr), Status: 200, Contains: []string{listCount(1)}},
		})
	})
}
