package task_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// person makes an employee who can sign in and returns their id and token.
func person(t *testing.T, h *apitest.Harness, login string) (string, string) {
	t.Helper()
	r := h.Do("POST", "/api/v3/employee", apitest.Req{Body: map[string]any{"firstName": "Анна", "lastName": login,
		"login": login, "password": "long enough pass", "canLogin": true}})
	if r.Status != 200 {
		t.Fatalf("create %s: %d %s", login, r.Status, r.Body)
	}
	return r.Obj()["id"].(string), h.SignIn(login, "long enough pass")
}

func TestNegotiation(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		annID, ann := person(t, h, "ann@example.com")
		bobID, bob := person(t, h, "bob@example.com")
		audID, aud := person(t, h, "aud@example.com")
		_, stranger := person(t, h, "stranger@example.com")
		emp := func(id string) map[string]any { return map[string]any{"contentType": "Employee", "id": id} }
		r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Договор поставки", "isNegotiation": true,
			"negotiationExecutors": []any{emp(annID), emp(bobID)}, "auditors": []any{emp(audID)}}})
		if r.Status != 200 {
			t.Fatalf("task: %s", r.Body)
		}
		task := "/api/v3/task/" + r.Obj()["id"].(string)
		plain := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Обычная"}}).Obj()["id"].(string)
		r = h.Do("POST", task+"/negotiationItems", apitest.Req{Body: map[string]any{"actualVersion": map[string]any{"text": "Редакция 1"}}})
		if r.Status != 200 {
			t.Fatalf("item: %s", r.Body)
		}
		item := r.Obj()["id"].(string)
		first := r.Obj()["actualVersion"].(map[string]any)["id"].(string)
		neg := "/api/v3/negotiation/" + item
		text := map[string]any{"text": "Редакция 2"}
		h.Run(t, []apitest.Scenario{
			{Name: "listed on the task", Method: "GET", Path: task + "/negotiationItems", Status: 200, Contains: []string{`"versionsCount":1`}},
			{Name: "waiting for two visas", Method: "GET", Path: task, Status: 200,
				Contains: []string{`"negotiationItemsCount":1`, `"shouldVisasCount":2`, `"visaOkCount":0`, `"decision":null`}},
			{Name: "ann approves", Method: "POST", Path: neg + "/approve", Status: 200, Req: apitest.Req{Token: ann}},
			{Name: "one of two", Method: "GET", Path: task, Status: 200,
				Contains: []string{`"visaOkCount":1`, `"visaBadCount":0`, `"shouldVisasCount":2`, `"decision":null`}},
			{Name: "ann again replaces her visa", Method: "POST", Path: neg + "/approve", Status: 200, Req: apitest.Req{Token: ann, Body: map[string]any{"comment": "Согласна"}}},
			{Name: "still one", Method: "GET", Path: task, Status: 200, Contains: []string{`"visaOkCount":1`}},
			{Name: "bob rejects with a comment", Method: "POST", Path: neg + "/reject", Status: 200,
				Req: apitest.Req{Token: bob, Body: map[string]any{"comment": map[string]any{"contentType": "Comment", "content": "Срок оплаты не тот"}}}},
			{Name: "decided no", Method: "GET", Path: task, Status: 200, Contains: []string{`"visaOkCount":1`, `"visaBadCount":1`, `"decision":false`}},
			{Name: "the version is bad", Method: "GET", Path: "/api/v3/negotiationItemVersion/" + first, Status: 200,
				Contains: []string{`"status":"bad"`, `"visasCount":2`}},
			{Name: "visas are seen by who sees the task", Method: "GET", Path: "/api/v3/negotiationItemVersion/" + first + "/visas", Status: 200,
				Req: apitest.Req{Token: aud}, Contains: []string{`"contentType":"NegotiationVisa"`, `"status":"bad"`, `"comment":{"contentType":"Comment"`}},
			{Name: "and not by a stranger", Method: "GET", Path: "/api/v3/negotiationItemVersion/" + first + "/visas", Status: 404, Req: apitest.Req{Token: stranger}},
			{Name: "the comment is on the task", Method: "GET", Path: task + "/comments", Status: 200, Contains: []string{"Срок оплаты не тот"}},
			{Name: "a new version", Method: "POST", Path: neg + "/version", Status: 200, Req: apitest.Req{Body: text},
				Contains: []string{`"status":"not_rated"`, `"text":"Редакция 2"`}},
			{Name: "reset", Method: "GET", Path: task, Status: 200, Contains: []string{`"visaOkCount":0`, `"visaBadCount":0`, `"decision":null`}},
			{Name: "ann approves v2", Method: "POST", Path: neg + "/approve", Status: 200, Req: apitest.Req{Token: ann}},
			{Name: "bob approves v2", Method: "POST", Path: neg + "/approve", Status: 200, Req: apitest.Req{Token: bob}, Contains: []string{`"versionsCount":2`}},
			{Name: "decided yes", Method: "GET", Path: task, Status: 200, Contains: []string{`"visaOkCount":2`, `"visaBadCount":0`, `"decision":true`}},
			{Name: "an auditor sees but may not judge", Method: "POST", Path: neg + "/approve", Status: 403, Req: apitest.Req{Token: aud}},
			{Name: "a stranger does not see it", Method: "POST", Path: neg + "/reject", Status: 404, Req: apitest.Req{Token: stranger}},
			{Name: "an approver may not add versions", Method: "POST", Path: neg + "/version", Status: 403, Req: apitest.Req{Token: ann, Body: text}},
			{Name: "a version says something", Method: "POST", Path: neg + "/version", Status: 422, Req: apitest.Req{Body: map[string]any{"text": ""}},
				Contains: []string{`"required"`}},
			{Name: "attache is a File", Method: "POST", Path: neg + "/version", Status: 422, Req: apitest.Req{Body: map[string]any{"text": "x", "attache": 5}}},
			{Name: "a bad comment", Method: "POST", Path: neg + "/approve", Status: 422, Req: apitest.Req{Token: ann, Body: map[string]any{"comment": 5}}},
			{Name: "malformed json", Method: "POST", Path: neg + "/approve", Status: 400, Req: apitest.Req{Token: ann, Body: "{"}},
			{Name: "an item needs a version", Method: "POST", Path: task + "/negotiationItems", Status: 422, Req: apitest.Req{Body: map[string]any{}}},
			{Name: "not on a plain task", Method: "POST", Path: "/api/v3/task/" + plain + "/negotiationItems", Status: 422,
				Req: apitest.Req{Body: map[string]any{"actualVersion": text}}, Contains: []string{`"not_negotiation"`}},
			{Name: "counts are the rules'", Method: "POST", Path: task, Status: 200, Req: apitest.Req{Body: map[string]any{"visaOkCount": 9, "decision": false}},
				Contains: []string{`"visaOkCount":2`, `"decision":true`}},
			{Name: "fewer approvers, the tally follows", Method: "POST", Path: task, Status: 200, Req: apitest.Req{Body: map[string]any{"negotiationExecutors": []any{emp(annID)}}},
				Contains: []string{`"visaOkCount":1`, `"shouldVisasCount":1`, `"decision":true`}},
			{Name: "rated versions are not edited", Method: "POST", Path: "/api/v3/negotiationItemVersion/" + first, Status: 422,
				Req: apitest.Req{Body: text}, Contains: []string{`"version_rated"`}},
			{Name: "the generic API leaves visas alone", Method: "POST", Path: "/api/v3/negotiationVisa", Status: 403,
				Req: apitest.Req{Token: ann, Body: map[string]any{"status": "ok"}}},
			{Name: "only editors delete", Method: "DELETE", Path: "/api/v3/negotiationItem/" + item, Status: 403, Req: apitest.Req{Token: ann}},
			{Name: "delete", Method: "DELETE", Path: "/api/v3/negotiationItem/" + item, Status: 200},
			{Name: "nothing to decide", Method: "GET", Path: task, Status: 200,
				Contains: []string{`"negotiationItemsCount":0`, `"shouldVisasCount":0`, `"visaOkCount":0`, `"decision":null`}},
		})
	})
}
