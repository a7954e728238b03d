package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// create makes a client through the API and answers its id.
func create(t *testing.T, h *apitest.Harness, path string, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/"+path, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("create %s: %d %s", path, r.Status, r.Body)
	}
	id, _ := r.Obj()["id"].(string)
	return id
}

// salesProgram makes a deal program whose three states (open, won, lost)
// all let deals in, and answers the program and the states by result.
func salesProgram(t *testing.T, h *apitest.Harness) (string, map[string]string) {
	t.Helper()
	program := create(t, h, "program", map[string]any{"name": "Продажи"})
	states := map[string]string{}
	for _, typ := range []string{"active", "positive", "negative"} {
		states[typ] = create(t, h, "programState", map[string]any{"name": typ, "type": typ, "isEntry": true,
			"program": apitest.Link("Program", program), "color": "#2196f3"})
	}
	return program, states
}

func phone(v string, main ...bool) map[string]any {
	m := map[string]any{"contentType": "ContactInfo", "type": "phone", "value": v}
	if len(main) > 0 {
		m["isMain"] = main[0]
	}
	return m
}

// mains answers isMain of each entry of a client's contactInfo.
func mains(r *apitest.Resp) []bool {
	var out []bool
	list, _ := r.Obj()["contactInfo"].([]any)
	for _, x := range list {
		m, _ := x.(map[string]any)
		b, _ := m["isMain"].(bool)
		out = append(out, b)
	}
	return out
}

func same(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestOneMainPerType(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		email := map[string]any{"contentType": "ContactInfo", "type": "email", "value": "ivan@example.ru"}
		id := create(t, h, "contractorHuman", map[string]any{"firstName": "Иван",
			"contactInfo": []any{phone("+7 912 3456789"), email, phone("8 (495) 123-45-67")}})
		path := "/api/v3/contractorHuman/" + id
		check := func(name string, want []bool) func(t *testing.T, r *apitest.Resp) {
			return func(t *testing.T, r *apitest.Resp) {
				if got := mains(r); !same(got, want) {
					t.Errorf("%s: isMain %v, want %v", name, got, want)
				}
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the first of each type is main", Method: "GET", Path: path, Status: 200,
				Check: check("first", []bool{true, true, false})},
			{Name: "setting another main unsets the previous", Method: "POST", Path: path, Status: 200,
				Req:   apitest.Req{Body: map[string]any{"contactInfo": []any{phone("+7 912 3456789", true), email, phone("8 (495) 123-45-67", true)}}},
				Check: check("moved", []bool{false, true, true})},
			{Name: "two new mains: the first wins", Method: "POST", Path: path, Status: 200,
				Req:   apitest.Req{Body: map[string]any{"contactInfo": []any{phone("111-22-33", true), phone("222-33-44", true)}}},
				Check: check("two", []bool{true, false})},
		})
	})
}

func TestContactInfoRefused(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		bad := func(name string, item any, typ string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "POST", Path: "/api/v3/contractorHuman", Status: 422,
				Req: apitest.Req{Body: map[string]any{"firstName": "Пётр", "contactInfo": []any{item}}},
				Check: func(t *testing.T, r *apitest.Resp) {
					errs := r.Errors()
					if len(errs) != 1 || errs[0]["field"] != "contactInfo" || errs[0]["type"] != typ || errs[0]["message"] == "" {
						t.Errorf("errors %v, want one %s on contactInfo", errs, typ)
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			bad("a phone without digits", phone("звоните"), "invalid_phone"),
			bad("a broken e-mail", map[string]any{"type": "email", "value": "ivan@"}, "invalid_email"),
			bad("an empty value", phone("  "), "required"),
			bad("an unknown type", map[string]any{"type": "pager", "value": "123"}, "invalid_enum"),
			{Name: "a list of anything but entries", Method: "POST", Path: "/api/v3/contractorHuman", Status: 422,
				Req: apitest.Req{Body: map[string]any{"firstName": "Пётр", "contactInfo": []any{1, "8 912"}}}, Contains: []string{`"field":"contactInfo"`, `"type":"invalid_type"`}},
			{Name: "not a list", Method: "POST", Path: "/api/v3/contractorHuman", Status: 422,
				Req: apitest.Req{Body: map[string]any{"firstName": "Пётр", "contactInfo": "8 912"}}},
			{Name: "a person without a name", Method: "POST", Path: "/api/v3/contractorHuman", Status: 422,
				Req: apitest.Req{Body: map[string]any{"position": "Директор"}}, Contains: []string{`"field":"firstName"`}},
			{Name: "nothing was written", Method: "GET", Path: "/api/v3/contractorHuman", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if n := len(r.List()); n != 0 {
						t.Errorf("%d clients written by refused requests", n)
					}
				}},
		})
	})
}
