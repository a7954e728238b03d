package task_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestTaskKPIMilestonesBonuses(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		mira := h.NewUser(t, "mira@example.com")
		r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Продажи за квартал",
			"kpiStart": 10, "kpiPlanned": 110, "kpiActual": 35, "kpiUnit": "шт", "kpiPercentage": 99}})
		if r.Status != 200 {
			t.Fatalf("task: %s", r.Body)
		}
		task := "/api/v3/task/" + r.Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "KPI from the figures, not the client", Method: "GET", Path: task, Status: 200, Contains: []string{`"kpiPercentage":25`}},
			{Name: "moves with the actual", Method: "POST", Path: task, Status: 200, Req: apitest.Req{Body: map[string]any{"kpiActual": 60.5}},
				Contains: []string{`"kpiPercentage":50.5`}},
			{Name: "no plan, no percentage", Method: "POST", Path: task, Status: 200, Req: apitest.Req{Body: map[string]any{"kpiPlanned": nil}},
				Contains: []string{`"kpiPercentage":null`}},
			{Name: "a milestone on the task", Method: "POST", Path: task + "/milestones", Status: 200, Req: apitest.Req{Body: map[string]any{
				"name": "Промежуточный отчёт", "description": "Итоги месяца", "type": "report",
				"date": map[string]any{"contentType": "DateTime", "value": "2026-12-01T10:00:00+00:00"}}}},
			{Name: "counted and listed", Method: "GET", Path: task + "/milestones", Status: 200,
				Contains: []string{`"name":"Промежуточный отчёт"`, `"owner":{"contentType":"Employee","id":"1"}`}},
			{Name: "milestone needs its required fields", Method: "POST", Path: task + "/milestones", Status: 422, Req: apitest.Req{Body: map[string]any{"name": "x"}}},
			{Name: "a bonus", Method: "POST", Path: task + "/bonus", Status: 200, Req: apitest.Req{Body: map[string]any{
				"type": "bonus", "value": map[string]any{"contentType": "Money", "value": 5000, "currency": "RUB"}, "comment": "За перевыполнение"}},
				Contains: []string{`"from":{"contentType":"Employee","id":"1"}`, `"type":"bonus"`}},
			{Name: "on the task", Method: "GET", Path: task, Status: 200, Contains: []string{`"bonusesCount":1`, `"milestonesCount":1`}},
			{Name: "a bad bonus", Method: "POST", Path: task + "/bonus", Status: 422, Req: apitest.Req{Body: map[string]any{"type": "gift"}}},
			{Name: "not by someone who cannot see the task", Method: "POST", Path: task + "/bonus", Status: 404,
				Req: apitest.Req{Token: mira, Body: map[string]any{"type": "fine", "value": map[string]any{"contentType": "Money", "value": 1}}}},
		})
	})
}
