package mail_test

import (
	"net"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func fields(r *apitest.Resp) map[string]string {
	out := map[string]string{}
	for _, e := range r.Errors() {
		f, _ := e["field"].(string)
		typ, _ := e["type"].(string)
		out[f] = typ
	}
	return out
}

// Settings are checked before they are kept; the passwords are never
// answered; a check that fails says which server and why, as a 422, and
// keeps the status; others cannot see or use a personal account.
func TestMailAccounts(t *testing.T) {
	t.Setenv("ARTEL_MAIL_INSECURE", "1")
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		s := startServers(t, map[string]string{sales: salesPass})
		r := h.Do("POST", "/api/v3/imap", apitest.Req{Body: map[string]any{"email": "not an address",
			"imapConfig": map[string]any{"host": "", "port": 70000}, "incomingEmailMode": "fax"}})
		if r.Status != 422 {
			t.Fatalf("bad settings: %d %s", r.Status, r.Body)
		}
		got := fields(r)
		for _, f := range []string{"email", "imapConfig.host", "imapConfig.port", "imapConfig.login", "imapConfig.password",
			"smtpConfig.host", "incomingEmailMode"} {
			if got[f] == "" {
				t.Errorf("no error on %s: %s", f, r.Body)
			}
		}
		if r := h.Do("POST", "/api/v3/imap", apitest.Req{Body: `{"email":`, ContentType: "application/json"}); r.Status != 400 {
			t.Errorf("malformed: %d", r.Status)
		}
		if n := len(h.Do("GET", "/api/v3/imap", apitest.Req{}).List()); n != 0 {
			t.Fatalf("a refused account was kept: %d", n)
		}

		acc := mustOK(t, h.Do("POST", "/api/v3/imap", apitest.Req{Body: account(s, sales, salesPass, nil)}), "create")
		id := acc["id"].(string)
		for _, path := range []string{"/api/v3/imap", "/api/v3/imap/" + id} {
			if body := string(h.Do("GET", path, apitest.Req{}).Body); strings.Contains(body, salesPass) || strings.Contains(body, "password") {
				t.Fatalf("%s shows a password: %s", path, body)
			}
		}
		if acc["imapStatus"] != "unknown" || acc["imapConfig"].(map[string]any)["port"] != float64(s.imapPort) {
			t.Fatalf("created: %v", acc)
		}

		// A wrong password: 422 naming both servers, statuses kept as error.
		mustOK(t, h.Do("POST", "/api/v3/imap/"+id, apitest.Req{Body: map[string]any{
			"imapConfig": map[string]any{"password": "wrong"}, "smtpConfig": map[string]any{"password": "wrong"}}}), "update")
		r = h.Do("POST", "/api/v3/imap/"+id+"/check", apitest.Req{})
		if r.Status != 422 || fields(r)["imapConfig"] != "mail_auth_failed" || fields(r)["smtpConfig"] != "mail_auth_failed" {
			t.Fatalf("wrong password: %d %s", r.Status, r.Body)
		}
		if msg := r.Errors()[0]["message"].(string); !strings.Contains(msg, "login or password") && !strings.Contains(msg, "логин или пароль") {
			t.Errorf("words: %s", msg)
		}
		after := h.Do("GET", "/api/v3/imap/"+id, apitest.Req{}).Obj()
		if after["imapStatus"] != "error" || after["smtpStatus"] != "error" || after["imapError"] == "" {
			t.Fatalf("status after a failed check: %v", after)
		}

		// An empty password keeps the stored one; the right one checks.
		mustOK(t, h.Do("POST", "/api/v3/imap/"+id, apitest.Req{Body: map[string]any{
			"imapConfig": map[string]any{"password": salesPass}, "smtpConfig": map[string]any{"password": salesPass}}}), "fix")
		mustOK(t, h.Do("POST", "/api/v3/imap/"+id, apitest.Req{Body: map[string]any{
			"footer": "Sales team", "imapConfig": map[string]any{"password": ""}}}), "keep password")
		if c := mustOK(t, h.Do("POST", "/api/v3/imap/"+id+"/check", apitest.Req{}), "check"); c["imapStatus"] != "enabled" || c["smtpStatus"] != "enabled" {
			t.Fatalf("checked: %v", c)
		}

		// TLS asked of a server that speaks plain text.
		mustOK(t, h.Do("POST", "/api/v3/imap/"+id, apitest.Req{Body: map[string]any{"imapConfig": map[string]any{"ssl": true}}}), "ssl")
		r = h.Do("POST", "/api/v3/imap/"+id+"/check", apitest.Req{})
		if r.Status != 422 || fields(r)["imapConfig"] != "mail_tls" {
			t.Fatalf("tls: %d %s", r.Status, r.Body)
		}
		mustOK(t, h.Do("POST", "/api/v3/imap/"+id, apitest.Req{Body: map[string]any{"imapConfig": map[string]any{"ssl": false}}}), "no ssl")

		// A server nobody listens on.
		ln, _ := net.Listen("tcp", "127.0.0.1:0")
		closed := ln.Addr().(*net.TCPAddr).Port
		ln.Close()
		mustOK(t, h.Do("POST", "/api/v3/imap/"+id, apitest.Req{Body: map[string]any{"imapConfig": map[string]any{"port": closed}}}), "port")
		r = h.Do("POST", "/api/v3/imap/"+id+"/check", apitest.Req{})
		if r.Status != 422 || fields(r)["imapConfig"] != "mail_unreachable" || fields(r)["smtpConfig"] != "" {
			t.Fatalf("unreachable: %d %s", r.Status, r.Body)
		}

		// Another employee sees neither the account nor can use it.
		_, other := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		if r := h.Do("GET", "/api/v3/imap/"+id, apitest.Req{Token: other}); r.Status != 404 {
			t.Errorf("other reads: %d", r.Status)
		}
		if n := len(h.Do("GET", "/api/v3/imap", apitest.Req{Token: other}).List()); n != 0 {
			t.Errorf("other lists %d", n)
		}
		if r := h.Do("POST", "/api/v3/imap", apitest.Req{Token: other, Body: account(s, "o@artel.test", "x", map[string]any{"isShared": true})}); r.Status != 422 || fields(r)["isShared"] == "" {
			t.Errorf("an employee made a shared account: %d %s", r.Status, r.Body)
		}
		// A shared account is everyone's to send from, the administrator's to change.
		mustOK(t, h.Do("POST", "/api/v3/imap/"+id, apitest.Req{Body: map[string]any{"isShared": true}}), "share")
		if r := h.Do("GET", "/api/v3/imap/"+id, apitest.Req{Token: other}); r.Status != 200 {
			t.Errorf("shared, other reads: %d", r.Status)
		}
		if r := h.Do("POST", "/api/v3/imap/"+id, apitest.Req{Token: other, Body: map[string]any{"footer": "mine"}}); r.Status != 403 {
			t.Errorf("shared, other edits: %d", r.Status)
		}
		if r := h.Do("DELETE", "/api/v3/imap/"+id, apitest.Req{Token: other}); r.Status != 403 {
			t.Errorf("shared, other deletes: %d", r.Status)
		}
		if r := h.Do("DELETE", "/api/v3/imap/"+id, apitest.Req{}); r.Status != 200 {
			t.Errorf("delete: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/imap/"+id, apitest.Req{}); r.Status != 404 {
			t.Errorf("deleted: %d", r.Status)
		}
	})
}
