package staff_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Depends on the harness administrator being an administrator (rights) and
// on POST /api/v3/inviteLinkRegistration being reachable without a token.
func TestInviteLinkRegistration(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		link := h.Do("GET", "/api/v3/employee/inviteLink", apitest.Req{})
		if link.Status != 200 {
			t.Fatalf("invite link: %s", link.Body)
		}
		uuid, _ := link.Obj()["uuid"].(string)
		id, _ := link.Obj()["id"].(string)
		if len(uuid) < 32 || link.Obj()["url"] != "/inviteForm/"+uuid || link.Obj()["enabled"] != true {
			t.Fatalf("invite link: %s", link.Body)
		}
		if again := h.Do("GET", "/api/v3/employee/inviteLink", apitest.Req{}); again.Obj()["uuid"] != uuid {
			t.Fatalf("a second GET made a new link: %s", again.Body)
		}
		reg := func(body map[string]any) apitest.Req {
			b := map[string]any{"uuid": uuid, "firstName": "Нина", "lastName": "Новикова", "email": "nina@example.com", "password": "nina-password"}
			for k, v := range body {
				b[k] = v
			}
			return apitest.Req{NoAuth: true, Body: b}
		}
		const path = "/api/v3/inviteLinkRegistration"
		h.Run(t, []apitest.Scenario{
			{Name: "unknown link", Method: "POST", Path: path, Req: reg(map[string]any{"uuid": "nope"}), Status: 404,
				Contains: []string{`"type":"invite_link_invalid"`}},
			{Name: "empty e-mail", Method: "POST", Path: path, Req: reg(map[string]any{"email": ""}), Status: 422,
				Contains: []string{`"type":"email_required"`, `"message":"Необходимо ввести e-mail"`}},
			{Name: "not an e-mail", Method: "POST", Path: path, Req: reg(map[string]any{"email": "nina at example"}), Status: 422,
				Contains: []string{`"type":"email_wrong_format"`}},
			{Name: "unreachable e-mail", Method: "POST", Path: path, Req: reg(map[string]any{"email": "nina@localhost"}), Status: 422,
				Contains: []string{`"type":"broken_email"`}},
			{Name: "weak password and no name", Method: "POST", Path: path, Req: reg(map[string]any{"password": "short", "firstName": ""}),
				Status: 422, Contains: []string{`"type":"password_not_secure"`, `"field":"firstName"`}},
			{Name: "registers", Method: "POST", Path: path, Req: reg(nil), Status: 200,
				Contains: []string{`"employee":{"contentType":"Employee"`, `"login":"nina@example.com"`}},
			{Name: "the e-mail is taken now", Method: "POST", Path: path, Req: reg(map[string]any{"email": "NINA@example.com"}), Status: 422,
				Contains: []string{`"field":"email"`, `"type":"email_in_use"`}},
		})
		h.T = t
		nina := h.SignIn("nina@example.com", "nina-password")
		me := h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: nina})
		if me.Obj()["lastName"] != "Новикова" || me.Obj()["isWorking"] != true {
			t.Fatalf("registered user: %s", me.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the link lists who registered", Method: "GET", Path: "/api/v3/inviteLink/" + id + "/employees", Status: 200,
				Contains: []string{`"employeesCount":1`, `"id":"` + me.Obj()["id"].(string) + `"`}},
			{Name: "regenerate", Method: "POST", Path: "/api/v3/employee/inviteLink", Req: apitest.Req{Body: map[string]any{"refreshUuid": true}},
				Status: 200, NotContains: []string{uuid}},
			{Name: "the old address is dead", Method: "POST", Path: path, Req: reg(map[string]any{"email": "other@example.com"}), Status: 404},
		})
		fresh := h.Do("GET", "/api/v3/inviteLink", apitest.Req{}).List()[0]["uuid"].(string)
		uuid = fresh
		h.Run(t, []apitest.Scenario{
			{Name: "disable", Method: "POST", Path: "/api/v3/inviteLink/" + id, Req: apitest.Req{Body: map[string]any{"enabled": false}},
				Status: 200, Contains: []string{`"enabled":false`}},
			{Name: "a disabled link registers nobody", Method: "POST", Path: path, Req: reg(map[string]any{"email": "other@example.com"}), Status: 404},
			{Name: "enable", Method: "POST", Path: "/api/v3/inviteLink/" + id + "/refreshUuid", Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if strings.Contains(string(r.Body), fresh) {
						t.Fatal("refreshUuid kept the address")
					}
				}},
		})
	})
}
