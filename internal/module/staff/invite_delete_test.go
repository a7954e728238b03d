package staff_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The reference's InviteLink deletions: taking an employee off a link's
// list and deleting the link leave the employees as they were; a deleted
// link's address is dead at once and the account's next link is a new one.
func TestInviteLinkDeletion(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		link := h.Do("GET", "/api/v3/employee/inviteLink", apitest.Req{}).Obj()
		id, uuid := link["id"].(string), link["uuid"].(string)
		register := func(email string) string {
			r := h.Do("POST", "/api/v3/inviteLinkRegistration", apitest.Req{NoAuth: true, Body: map[string]any{
				"uuid": uuid, "firstName": "Нина", "lastName": email, "email": email, "password": "long password"}})
			if r.Status != 200 {
				t.Fatalf("register %s: %d %s", email, r.Status, r.Body)
			}
			return r.Obj()["employee"].(map[string]any)["id"].(string)
		}
		nina, oleg := register("nina@example.com"), register("oleg@example.com")
		adminID := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		_, clerk := h.Person(t, "Клерк", "clerk@example.com", "clerk password")
		base := "/api/v3/inviteLink/" + id
		h.Run(t, []apitest.Scenario{
			{Name: "not an administrator: the link", Method: "DELETE", Path: base, Req: apitest.Req{Token: clerk}, Status: 403,
				Contains: []string{`"type":"access_denied"`}},
			{Name: "not an administrator: an employee", Method: "DELETE", Path: base + "/employees/" + nina,
				Req: apitest.Req{Token: clerk}, Status: 403},
			{Name: "unknown link", Method: "DELETE", Path: "/api/v3/inviteLink/999999", Status: 404},
			{Name: "unknown link's employee", Method: "DELETE", Path: "/api/v3/inviteLink/999999/employees/" + nina, Status: 404},
			{Name: "someone not on the list", Method: "DELETE", Path: base + "/employees/" + adminID, Status: 404},
			{Name: "take nina off the list", Method: "DELETE", Path: base + "/employees/" + nina, Status: 200,
				Contains:    []string{`"contentType":"InviteLink"`, `"employeesCount":1`, `"id":"` + oleg + `"`},
				NotContains: []string{`"id":"` + nina + `"`}},
			{Name: "she is off it already", Method: "DELETE", Path: base + "/employees/" + nina, Status: 404},
			{Name: "the link still registers", Method: "GET", Path: "/api/v3/inviteLinkRegistration?uuid=" + uuid,
				Req: apitest.Req{NoAuth: true}, Status: 200},
		})
		if g := h.PasswordGrant("nina@example.com", "long password"); g.Status != 200 {
			t.Fatalf("nina, off the list, signs in: %d %s", g.Status, g.Body)
		}

		h.Run(t, []apitest.Scenario{
			{Name: "delete the link", Method: "DELETE", Path: base, Status: 200},
			{Name: "it is gone", Method: "GET", Path: base, Status: 404},
			{Name: "its list is gone", Method: "GET", Path: base + "/employees", Status: 404},
			{Name: "deleted twice", Method: "DELETE", Path: base, Status: 404},
			{Name: "its address is dead", Method: "POST", Path: "/api/v3/inviteLinkRegistration", Req: apitest.Req{NoAuth: true,
				Body: map[string]any{"uuid": uuid, "firstName": "Вера", "lastName": "Волкова", "email": "vera@example.com",
					"password": "long password"}}, Status: 404, Contains: []string{`"type":"invite_link_invalid"`}},
			{Name: "the check says so", Method: "GET", Path: "/api/v3/inviteLinkRegistration?uuid=" + uuid,
				Req: apitest.Req{NoAuth: true}, Status: 404},
			{Name: "its employee stays", Method: "GET", Path: "/api/v3/employee/" + oleg, Status: 200,
				Contains: []string{`"isWorking":true`}},
		})
		if g := h.PasswordGrant("oleg@example.com", "long password"); g.Status != 200 {
			t.Fatalf("oleg signs in after the link's deletion: %d %s", g.Status, g.Body)
		}
		if g := h.PasswordGrant("vera@example.com", "long password"); g.Status == 200 {
			t.Fatal("a dead link registered someone")
		}

		fresh := h.Do("GET", "/api/v3/employee/inviteLink", apitest.Req{}).Obj()
		// On SQLite the new link may take the deleted one's id; its
		// address is what is new, and it starts with nobody on its list.
		if fresh["uuid"] == uuid || fresh["enabled"] != true || fresh["employeesCount"] != float64(0) {
			t.Fatalf("the account's next link: %v", fresh)
		}
		if l := h.Do("GET", "/api/v3/inviteLink", apitest.Req{}).List(); len(l) != 1 || l[0]["id"] != fresh["id"] {
			t.Fatalf("links after the deletion: %v", l)
		}
	})
}
