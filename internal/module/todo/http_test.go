package todo_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// POST /todo/{id}/doAction with the reference's request bodies, as bytes.
func TestTodoDoAction(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ninaID, nina := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		r := h.Do("POST", "/api/v3/todo", apitest.Req{Body: `{"name":"Встреча","isNeedResult":true,"responsible":{"contentType":"Employee","id":"` + ninaID + `"}}`,
			ContentType: "application/json"})
		if r.Status != 200 {
			t.Fatalf("create: %s", r.Body)
		}
		id := r.Obj()["id"].(string)
		path, act := "/api/v3/todo/"+id, "/api/v3/todo/"+id+"/doAction"
		body := func(s string) apitest.Req { return apitest.Req{Body: s, ContentType: "application/json"} }
		h.Run(t, []apitest.Scenario{
			{Name: "open: finish and take", Method: "GET", Path: path, Status: 200,
				Contains: []string{`"possibleActions":["act_read","act_edit","act_delete","act_finish","act_cancel","act_take"]`}},
			{Name: "a result is needed", Method: "POST", Path: act, Status: 422, Req: body(`{"contentType":"TodoFinishActionRequest"}`),
				Contains: []string{`"field":"resultText"`}},
			{Name: "not a finishing status", Method: "POST", Path: act, Status: 422,
				Req:      body(`{"contentType":"TodoFinishActionRequest","status":{"contentType":"TodoStatus","id":"scheduled"},"resultText":"x"}`),
				Contains: []string{`"field":"status"`}},
			{Name: "unknown request", Method: "POST", Path: act, Status: 422, Req: body(`{"contentType":"TodoFlyActionRequest"}`),
				Contains: []string{`"field":"contentType"`}},
			{Name: "malformed", Method: "POST", Path: act, Status: 400, Req: body(`{"contentType":`)},
			{Name: "finish with a result", Method: "POST", Path: act, Status: 200,
				Req: body(`{"contentType":"TodoFinishActionRequest","status":{"contentType":"TodoStatus","id":"success"},"resultText":"Договорились","notifyContractors":false}`),
				Contains: []string{`"masterType":"success"`, `"resultComment":{"contentType":"Comment"`, `"timeFinished":{"contentType":"DateTime"`,
					`"possibleActions":["act_read","act_edit","act_delete","act_renew"]`}},
			{Name: "the result is a comment", Method: "GET", Path: path + "/comments", Status: 200, Contains: []string{`"content":"Договорились"`}},
			{Name: "finished once", Method: "POST", Path: act, Status: 403, Req: body(`{"contentType":"TodoFinishActionRequest","resultText":"ещё"}`)},
			{Name: "renew", Method: "POST", Path: act, Status: 200, Req: body(`{"contentType":"TodoRenewActionRequest"}`),
				Contains: []string{`"masterType":"scheduled"`, `"timeFinished":null`}},
			{Name: "nobody else takes it", Method: "POST", Path: act, Status: 404, Req: apitest.Req{Token: h.NewUser(t, "oleg@example.com"),
				Body: `{"contentType":"TodoTakeActionRequest"}`, ContentType: "application/json"}},
			{Name: "the responsible has nothing to take", Method: "POST", Path: act, Status: 403,
				Req: apitest.Req{Token: nina, Body: `{"contentType":"TodoTakeActionRequest"}`, ContentType: "application/json"}},
			{Name: "take", Method: "POST", Path: act, Status: 200, Req: body(`{"contentType":"TodoTakeActionRequest"}`),
				Contains: []string{`"responsible":{"contentType":"Employee","id":"1"}`}},
			{Name: "no longer nina's", Method: "GET", Path: path, Status: 404, Req: apitest.Req{Token: nina}},
			{Name: "bad delete mode", Method: "POST", Path: act, Status: 422,
				Req: body(`{"contentType":"TodoDeleteRepeatableActionRequest","deleteMode":"all"}`), Contains: []string{`"field":"deleteMode"`}},
			{Name: "delete", Method: "POST", Path: act, Status: 200,
				Req: body(`{"contentType":"TodoDeleteRepeatableActionRequest","deleteMode":"changeCurrent"}`), Contains: []string{`"name":"Встреча"`}},
			{Name: "gone", Method: "GET", Path: path, Status: 404},
			{Name: "statuses", Method: "GET", Path: "/api/v3/todoStatus", Status: 200,
				Contains: []string{`{"contentType":"TodoStatus","id":"success","masterType":"success","name":"Успешно"}`}},
		})
	})
}
