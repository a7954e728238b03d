package api_test

import (
	"context"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/migrate"
)

// Tasks and projects share one id space, and so do people and companies:
// the reference's GET /task/{id} answers a Project as well, and
// /contractor/{id} names either kind of client.
func TestIDSpaces(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create := func(path string, body map[string]any) string {
			t.Helper()
			r := h.Do("POST", "/api/v3/"+path, apitest.Req{Body: body})
			if r.Status != 200 {
				t.Fatalf("create %s: %d %s", path, r.Status, r.Body)
			}
			return r.Obj()["id"].(string)
		}
		task := create("task", map[string]any{"name": "Задача"})
		project := create("project", map[string]any{"name": "Проект"})
		second := create("task", map[string]any{"name": "Вторая"})
		if task == project || project == second || task == second {
			t.Fatalf("ids overlap: task %s, project %s, task %s", task, project, second)
		}
		person := create("contractorHuman", map[string]any{"firstName": "Анна"})
		company := create("contractorCompany", map[string]any{"name": "ООО Ромашка"})
		if person == company {
			t.Fatalf("a person and a company share id %s", person)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "/task/{id} of a project answers the project", Method: "GET", Path: "/api/v3/task/" + project, Status: 200,
				Contains: []string{`"contentType":"Project"`, `"name":"Проект"`}},
			{Name: "and edits it", Method: "POST", Path: "/api/v3/task/" + project, Status: 200,
				Req: apitest.Req{Body: map[string]any{"name": "Проект 2"}}, Contains: []string{`"contentType":"Project"`, `"name":"Проект 2"`}},
			{Name: "/project/{id} of a task is not found", Method: "GET", Path: "/api/v3/project/" + task, Status: 404},
			{Name: "/contractorHuman/{id} of a company is not found", Method: "GET", Path: "/api/v3/contractorCompany/" + person, Status: 404},
			{Name: "an id nothing holds", Method: "GET", Path: "/api/v3/task/999999", Status: 404},
		})

		// A row written with an id of its own (a bulk loader): after a
		// start, new rows of the space come after it.
		ctx := context.Background()
		if err := h.DB.Exec(ctx, "INSERT INTO e_project (id, account_id) VALUES (5000, ?)", h.Account); err != nil {
			t.Fatal(err)
		}
		if err := migrate.Run(ctx, h.DB, catalog.MustLoad()); err != nil {
			t.Fatal(err)
		}
		if next := create("task", map[string]any{"name": "После загрузки"}); next != "5001" {
			t.Fatalf("after a project 5000 a new task got id %s, want 5001", next)
		}
	})
}
