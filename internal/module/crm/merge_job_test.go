package crm_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// A merge run as a background job answers at once with the kept client
// marked mergeInProgress, shows its progress at GET …/merge, and ends
// with every link moved, the duplicate gone and the marks cleared.
func TestMergeInBackground(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		kept := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Гамма»"})
		dup := create(t, h, "contractorCompany", map[string]any{"name": "Гамма", "description": "Дубль"})
		dupLink := apitest.Link("ContractorCompany", dup)
		const tasks = 30
		for i := range tasks {
			create(t, h, "task", map[string]any{"name": fmt.Sprintf("Звонок %d", i), "contractor": dupLink})
		}
		create(t, h, "todo", map[string]any{"name": "Встреча", "relations": []any{dupLink}})
		path := "/api/v3/contractorCompany/" + kept
		if r := h.Do("POST", path+"/merge"+apitest.Q(`{"background":"yes"}`), apitest.Req{Body: dupLink}); r.Status != 422 {
			t.Fatalf("a background that is no boolean: %d %s", r.Status, r.Body)
		}
		r := h.Do("POST", path+"/merge"+apitest.Q(`{"background":true}`), apitest.Req{Body: dupLink})
		if r.Status != 200 || r.Obj()["mergeInProgress"] != true {
			t.Fatalf("merge: %d %s", r.Status, r.Body)
		}
		var job map[string]any
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			job = h.Do("GET", path+"/merge", apitest.Req{}).Obj()
			if job["status"] != "running" {
				break
			}
		}
		if job["status"] != "done" || job["total"] != float64(tasks+1) || job["done"] != job["total"] {
			t.Fatalf("merge job: %v", job)
		}
		if r := h.Do("GET", "/api/v3/contractorCompany/"+dup, apitest.Req{}); r.Status != 404 {
			t.Fatalf("the duplicate stays: %d", r.Status)
		}
		got := h.Do("GET", path, apitest.Req{}).Obj()
		if got["mergeInProgress"] != false || got["description"] != "Дубль" {
			t.Fatalf("kept client: %v", got)
		}
		moved := h.Do("GET", path+"/tasks"+apitest.Q(`{"limit":100}`), apitest.Req{}).List()
		if len(moved) != tasks {
			t.Fatalf("tasks moved: %d of %d", len(moved), tasks)
		}
	})
}

// A background merge is refused as the call would be, before any job.
func TestMergeInBackgroundRefused(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Пётр", "login": "petr@example.com",
			"password": "password-petr", "canLogin": true}})
		for _, grp := range h.Do("GET", "/api/v3/rightsGroup", apitest.Req{}).List() {
			if grp["everyone"] == true {
				h.Do("POST", "/api/v3/rightsGroup/"+grp["id"].(string), apitest.Req{Body: map[string]any{"name": "Сотрудники", "everyone": true, "actions": []string{"crm_enter"}}})
			}
		}
		asPetr := h.SignIn("petr@example.com", "password-petr")
		kept := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Дельта»"})
		dup := create(t, h, "contractorCompany", map[string]any{"name": "Дельта"})
		bg := apitest.Q(`{"background":true}`)
		path := "/api/v3/contractorCompany/" + kept + "/merge"
		h.Run(t, []apitest.Scenario{
			{Name: "refused without rights", Method: "POST", Path: path + bg, Req: apitest.Req{Token: asPetr, Body: apitest.Link("ContractorCompany", dup)}, Status: 403},
			{Name: "not into itself", Method: "POST", Path: path + bg, Req: apitest.Req{Body: apitest.Link("ContractorCompany", kept)}, Status: 422, Contains: []string{"merge_self"}},
			{Name: "not a missing one", Method: "POST", Path: path + bg, Req: apitest.Req{Body: apitest.Link("ContractorHuman", "999999")}, Status: 404},
			{Name: "no job made", Method: "GET", Path: path, Status: 404},
			{Name: "nothing marked", Method: "GET", Path: "/api/v3/contractorCompany/" + dup, Status: 200, Contains: []string{`"mergeInProgress":false`}},
		})
	})
}
