package staff_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Resending and cancelling a pending e-mail invitation, over a real SMTP
// server: a resend voids the old link and mails a new one; a cancel
// voids the link and dismisses the invitee, who keeps their card.
func TestInvitationResendAndCancel(t *testing.T) {
	t.Setenv("ARTEL_MAIL_INSECURE", "1")
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		sink := startSMTP(t)
		acc := h.Do("POST", "/api/v3/imap", apitest.Req{Body: map[string]any{"email": "hr@example.com", "isDefault": true,
			"imapConfig": map[string]any{"host": "127.0.0.1", "port": sink.port, "login": "hr@example.com", "password": "hr secret"},
			"smtpConfig": map[string]any{"host": "127.0.0.1", "port": sink.port, "ssl": false}}})
		if acc.Status != 200 {
			t.Fatalf("mail account: %s", acc.Body)
		}
		const path = "/api/v3/invitedEmployee"
		invite := func(addr string) string {
			r := h.Do("POST", path, apitest.Req{Body: map[string]any{"rawString": "Гость Гостев <" + addr + ">"}})
			if r.Status != 200 || len(r.List()) != 1 {
				t.Fatalf("invite %s: %d %s", addr, r.Status, r.Body)
			}
			return r.List()[0]["employee"].(map[string]any)["id"].(string)
		}
		olga, pavel, zoya := invite("olga@ext.test"), invite("pavel@ext.test"), invite("zoya@ext.test")
		sendMail(t, h)
		tok := func(i int) string {
			_, _, l := readInvite(t, sink.messages()[i])
			return l[strings.LastIndexByte(l, '/')+1:]
		}
		opens := func(token string) int {
			return h.Do("GET", "/api/v3/inviteLinkRegistration?uuid="+token, apitest.Req{NoAuth: true}).Status
		}
		pending := func() map[string]bool {
			out := map[string]bool{}
			for _, p := range h.Do("GET", path, apitest.Req{}).List() {
				out[p["employee"].(map[string]any)["id"].(string)] = true
			}
			return out
		}
		olgaOld, pavelTok, zoyaTok := tok(0), tok(1), tok(2)
		adminID := h.Do("GET", "/api/v3/currentUser", apitest.Req{}).Obj()["id"].(string)
		_, clerk := h.Person(t, "Клерк", "clerk@example.com", "clerk password")

		h.Run(t, []apitest.Scenario{
			{Name: "resend: not an administrator", Method: "POST", Path: path + "/" + olga + "/resend", Req: apitest.Req{Token: clerk}, Status: 403},
			{Name: "cancel: not an administrator", Method: "DELETE", Path: path + "/" + olga, Req: apitest.Req{Token: clerk}, Status: 403},
			{Name: "resend: nobody invited", Method: "POST", Path: path + "/999999/resend", Status: 404},
			{Name: "cancel: nobody invited", Method: "DELETE", Path: path + "/999999", Status: 404},
			{Name: "resend: an employee never invited", Method: "POST", Path: path + "/" + adminID + "/resend", Status: 404},
			{Name: "cancel: an employee never invited", Method: "DELETE", Path: path + "/" + adminID, Status: 404},
			{Name: "resend olga", Method: "POST", Path: path + "/" + olga + "/resend", Status: 200,
				Contains: []string{`"contentType":"InvitedEmployee"`, `"mail":"olga@ext.test"`, `"mailStatus":"queued"`,
					`"employee":{"contentType":"Employee","id":"` + olga + `"}`}},
		})
		if opens(olgaOld) != 404 {
			t.Fatal("the resent invitation's old link still opens")
		}
		sendMail(t, h)
		if to, _, _ := readInvite(t, sink.messages()[3]); to != "olga@ext.test" {
			t.Fatalf("the resend went to %s", to)
		}
		olgaNew := tok(3)
		if opens(olgaNew) != 200 || olgaNew == olgaOld {
			t.Fatal("the resent link does not open")
		}
		if p := h.Do("GET", path, apitest.Req{}).List(); len(p) != 3 || p[0]["mailStatus"] != "sent" {
			t.Fatalf("pending after the resend: %v", p)
		}

		h.Run(t, []apitest.Scenario{
			{Name: "cancel pavel", Method: "DELETE", Path: path + "/" + pavel, Status: 200,
				Contains: []string{`"id":"` + pavel + `"`, `"isWorking":false`}},
			{Name: "his link is dead", Method: "POST", Path: "/api/v3/inviteLinkRegistration", Req: apitest.Req{NoAuth: true,
				Body: map[string]any{"uuid": pavelTok, "password": "pavel password"}}, Status: 404,
				Contains: []string{`"type":"invite_link_invalid"`}},
			{Name: "cancelled twice", Method: "DELETE", Path: path + "/" + pavel, Status: 404},
			{Name: "a cancelled invitation is not resent", Method: "POST", Path: path + "/" + pavel + "/resend", Status: 404},
			{Name: "his card stays", Method: "GET", Path: "/api/v3/employee/" + pavel, Status: 200,
				Contains: []string{`"isWorking":false`}},
		})
		if p := pending(); p[pavel] || !p[olga] || !p[zoya] {
			t.Fatalf("pending after the cancel: %v", p)
		}
		if again := invite("pavel@ext.test"); again == pavel {
			t.Fatal("the cancelled invitee was invited again instead of a new employee")
		}

		// An invitee an administrator gave a password meanwhile can sign in
		// already: a cancel voids the link and leaves them working.
		if r := h.Do("POST", "/api/v3/employee/"+zoya, apitest.Req{Body: map[string]any{"password": "zoya password",
			"canLogin": true}}); r.Status != 200 {
			t.Fatalf("zoya's password: %d %s", r.Status, r.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "cancel zoya, who can sign in", Method: "DELETE", Path: path + "/" + zoya, Status: 200,
				Contains: []string{`"isWorking":true`}},
		})
		if opens(zoyaTok) != 404 {
			t.Fatal("zoya's link survived the cancel")
		}
		if g := h.PasswordGrant("zoya@ext.test", "zoya password"); g.Status != 200 {
			t.Fatalf("zoya signs in: %d %s", g.Status, g.Body)
		}

		// Taken up: nothing to resend or cancel.
		if r := h.Do("POST", "/api/v3/inviteLinkRegistration", apitest.Req{NoAuth: true,
			Body: map[string]any{"uuid": olgaNew, "password": "olga password"}}); r.Status != 200 {
			t.Fatalf("olga registers: %d %s", r.Status, r.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "resend: registered", Method: "POST", Path: path + "/" + olga + "/resend", Status: 404},
			{Name: "cancel: registered", Method: "DELETE", Path: path + "/" + olga, Status: 404},
		})

		// No mail account to send from: the resend is refused and the old
		// link keeps working.
		newPavel := h.Do("GET", path, apitest.Req{}).List()[0]["employee"].(map[string]any)["id"].(string)
		sendMail(t, h)
		all := sink.messages()
		pavelLink := tok(len(all) - 1)
		if r := h.Do("DELETE", "/api/v3/imap/"+acc.Obj()["id"].(string), apitest.Req{}); r.Status != 200 {
			t.Fatalf("remove the mail account: %d %s", r.Status, r.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "resend without a sender", Method: "POST", Path: path + "/" + newPavel + "/resend", Status: 422,
				Contains: []string{`"field":"from"`, `"type":"mail_no_smtp"`}},
		})
		if opens(pavelLink) != 200 {
			t.Fatal("a refused resend voided the link")
		}
		if p := pending(); !p[newPavel] {
			t.Fatalf("a refused resend dropped the invitation: %v", p)
		}
	})
}
