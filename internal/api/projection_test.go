package api_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A list asked for a few fields reads only their columns, plus what the
// rules need: possibleActions, computed fields and extra fields must come
// out the same as from a full read.
func TestListedFieldsMatchFullReads(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		lev := h.NewUser(t, "lev@example.com")
		levID := h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: lev}).Obj()["id"].(string)
		if r := h.Do("POST", "/api/v3/task/extraFields", apitest.Req{Body: map[string]any{"name": "budget", "hrName": "Бюджет", "contentType": "ExtraFieldNumber"}}); r.Status != 200 {
			t.Logf("extra field: %s", r.Body)
		}
		for i := range 3 {
			h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": fmt.Sprintf("Задача %d", i),
				"responsible": map[string]any{"contentType": "Employee", "id": levID}}})
		}
		// A status the record's links alone would not give: only a list that
		// read the status column answers its actions right.
		first := h.Do("GET", "/api/v3/task"+apitest.Q(`{"limit":1}`), apitest.Req{Token: lev}).List()[0]["id"].(string)
		if r := h.Do("POST", "/api/v3/task/"+first+"/doAction", apitest.Req{Token: lev, Body: map[string]any{"action": "act_accept_task"}}); r.Status != 200 {
			t.Fatalf("accept: %s", r.Body)
		}
		list := h.Do("GET", "/api/v3/task"+apitest.Q(`{"fields":["name","possibleActions","isFavorite","unreadCommentsCount","subTasksCount"],"onlyRequestedFields":true}`),
			apitest.Req{Token: lev})
		if list.Status != 200 || len(list.List()) != 3 {
			t.Fatalf("list: %s", list.Body)
		}
		for _, item := range list.List() {
			full := h.Do("GET", "/api/v3/task/"+item["id"].(string), apitest.Req{Token: lev}).Obj()
			if fmt.Sprint(item["possibleActions"]) != fmt.Sprint(full["possibleActions"]) || item["name"] != full["name"] ||
				item["isFavorite"] != full["isFavorite"] || item["unreadCommentsCount"] != full["unreadCommentsCount"] || item["subTasksCount"] != full["subTasksCount"] {
				t.Fatalf("listed %v, full %v", item, full)
			}
			if item["id"] != first && !slices.Contains(anyStrings(item["possibleActions"]), "act_accept_task") {
				t.Fatalf("the responsible of an assigned task may accept it: %v", item["possibleActions"])
			}
			for _, unasked := range []string{"status", "owner", "responsible", "deadline"} {
				if _, ok := item[unasked]; ok {
					t.Fatalf("%s came unasked: %v", unasked, item)
				}
			}
		}
	})
}

func anyStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// The rights' own fields (here a to-do's userCreated, who may edit it) are
// read even when a list names only possibleActions.
func TestListedActionsFollowRightsFields(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		lev := h.NewUser(t, "lev@example.com")
		if r := h.Do("POST", "/api/v3/todo", apitest.Req{Token: lev, Body: map[string]any{"name": "Позвонить поставщику"}}); r.Status != 200 {
			t.Fatalf("todo: %s", r.Body)
		}
		r := h.Do("GET", "/api/v3/todo"+apitest.Q(`{"fields":["possibleActions"],"onlyRequestedFields":true}`), apitest.Req{Token: lev})
		if r.Status != 200 || len(r.List()) != 1 || !slices.Contains(anyStrings(r.List()[0]["possibleActions"]), "act_edit") {
			t.Fatalf("the author may edit their to-do: %s", r.Body)
		}
	})
}
