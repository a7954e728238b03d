package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// States come in their orderPosition: a new one goes last, moving one
// reorders the kanban's columns; programs sit in groups.
func TestStateOrderAndGroups(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		names := func(t *testing.T, r *apitest.Resp) []string {
			var out []string
			for _, s := range r.List() {
				out = append(out, s["name"].(string))
			}
			return out
		}
		states := "/api/v3/program/" + p.program + "/states"
		group := p.make(t, "programGroup", map[string]any{"name": "Продажи и сервис"})
		h.Run(t, []apitest.Scenario{
			{Name: "in the order made", Method: "GET", Path: states, Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				if got := names(t, r); len(got) != 4 || got[0] != "Новая" || got[3] != "Проиграна" || r.List()[3]["orderPosition"] != float64(4) {
					t.Errorf("states: %s", r.Body)
				}
			}},
			{Name: "Lost moved first", Method: "POST", Path: "/api/v3/programState/" + p.lost, Req: apitest.Req{Body: map[string]any{"orderPosition": 0}}, Status: 200},
			{Name: "reordered", Method: "GET", Path: states, Status: 200, Check: func(t *testing.T, r *apitest.Resp) {
				if got := names(t, r); got[0] != "Проиграна" || got[1] != "Новая" {
					t.Errorf("states: %v", got)
				}
			}},
			{Name: "an employee may not reorder", Method: "POST", Path: "/api/v3/programState/" + p.lost, Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{"orderPosition": 9}}, Status: 403},
			{Name: "a program joins a group", Method: "POST", Path: "/api/v3/program/" + p.program, Req: apitest.Req{Body: map[string]any{"programGroup": apitest.Link("ProgramGroup", group)}}, Status: 200},
			{Name: "the group's programs", Method: "GET", Path: "/api/v3/programGroup/" + group + "/programs", Req: apitest.Req{Token: p.olgaTok}, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if l := r.List(); len(l) != 1 || l[0]["id"] != p.program {
						t.Errorf("programs: %s", r.Body)
					}
				}},
			{Name: "an employee may not make groups", Method: "POST", Path: "/api/v3/programGroup", Req: apitest.Req{Token: p.olgaTok, Body: map[string]any{"name": "x"}}, Status: 403},
		})
	})
}
