package leadform_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A form not saved is shown as its page would be, by the rules of a
// save, and nothing of it is kept.
func TestLeadFormPreview(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		_, emp := h.Person(t, "Ольга", "olga@example.com", "long enough pass")
		forms := func() int { return len(h.Do("GET", "/api/v3/customLeadForm", apitest.Req{}).List()) }
		before := forms()
		body := map[string]any{"name": "Расчёт стоимости", "afterSubmitText": "Спасибо!", "isCaptchaEnabled": true,
			"elements": []any{
				map[string]any{"name": "phone", "caption": "Телефон", "required": true, "type": "text", "sort": 2},
				map[string]any{"name": "firstName", "caption": "Имя", "type": "text", "sort": 1},
			}}
		path := "/api/v3/customLeadForm/preview"
		h.Run(t, []apitest.Scenario{
			{Name: "shown in order, with a captcha", Method: "POST", Path: path, Status: 200, Req: apitest.Req{Body: body},
				Contains: []string{`"name":"Расчёт стоимости"`, `"id":null`, `"isCaptchaEnabled":true`, `"captcha":{"id":"`,
					`"elements":[{"caption":"Имя"`, `"caption":"Телефон","contentType":"CustomLeadFormElement","name":"phone","placeholder":"","required":true`}},
			{Name: "a field that fills nothing", Method: "POST", Path: path, Status: 422,
				Req:      apitest.Req{Body: map[string]any{"name": "Форма", "elements": []any{map[string]any{"name": "firstName"}, map[string]any{"name": "password"}}}},
				Contains: []string{`"field":"elements[1].name"`}},
			{Name: "a field not an object", Method: "POST", Path: path, Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "Форма", "elements": []any{"phone"}}}, Contains: []string{`"field":"elements[0]"`}},
			{Name: "fields not a list", Method: "POST", Path: path, Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "Форма", "elements": "phone"}}, Contains: []string{`"field":"elements"`}},
			{Name: "a deal form needs a process", Method: "POST", Path: path, Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "Сделка", "type": "deal"}}, Contains: []string{`"field":"program"`}},
			{Name: "not JSON", Method: "POST", Path: path, Status: 400, Req: apitest.Req{Body: "{"}},
			{Name: "an employee may not make forms", Method: "POST", Path: path, Status: 403, Req: apitest.Req{Token: emp, Body: body}},
			{Name: "not without sign-in", Method: "POST", Path: path, Status: 401, Req: apitest.Req{NoAuth: true, Body: body}},
		})
		if n := forms(); n != before {
			t.Fatalf("a preview kept a form: %d forms, were %d", n, before)
		}
		if r := h.Do("GET", "/api/v3/customLeadFormElement", apitest.Req{}); r.Status != 200 || len(r.List()) != 0 {
			t.Fatalf("a preview kept fields: %d %s", r.Status, r.Body)
		}
	})
}
