package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/discuss/mail"
)

const (
	sales     = "sales@artel.test"
	salesPass = "sales secret"
	deals     = "deals@artel.test"
	client    = "client@ext.test"
)

// run runs one of the server's mail jobs at a moment.
func run(t *testing.T, h *apitest.Harness, name string, at time.Time) {
	t.Helper()
	for _, tk := range h.Srv.Tickers {
		if tk.Name == name {
			if err := tk.Run(context.Background(), at); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return
		}
	}
	t.Fatalf("no job %s", name)
}

func account(s *servers, email, pass string, extra map[string]any) map[string]any {
	body := map[string]any{"email": email,
		"imapConfig": map[string]any{"host": "127.0.0.1", "port": s.imapPort, "ssl": false, "login": email, "password": pass},
		"smtpConfig": map[string]any{"host": "127.0.0.1", "port": s.smtpPort, "ssl": false}}
	for k, v := range extra {
		body[k] = v
	}
	return body
}

func mustOK(t *testing.T, r *apitest.Resp, what string) map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("%s: %d %s", what, r.Status, r.Body)
	}
	return r.Obj()
}

func mailOf(t *testing.T, h *apitest.Harness, token, typ, id string) []map[string]any {
	t.Helper()
	r := h.Do("GET", "/api/v3/message"+apitest.Q(`{"entity":{"contentType":"`+typ+`","id":"`+id+`"}}`), apitest.Req{Token: token})
	if r.Status != 200 {
		t.Fatalf("mail of %s %s: %d %s", typ, id, r.Status, r.Body)
	}
	return r.List()
}

// chatNamed finds the administrator's chat of a name.
func chatNamed(t *testing.T, h *apitest.Harness, name string) string {
	t.Helper()
	r := h.Do("GET", "/api/v3/topic/attachedFirst", apitest.Req{})
	for _, c := range r.List() {
		if c["name"] == name {
			return c["id"].(string)
		}
	}
	t.Fatalf("no chat %q in %s", name, r.Body)
	return ""
}

// A client writes with a file; the mail lands in a new discussion with
// the file as a File; the answer sent from the discussion goes out by
// SMTP as a reply; the client's answer to it comes back to the same
// discussion; a deal-mode account opens a deal instead.
func TestMailRoundTrip(t *testing.T) {
	t.Setenv("ARTEL_MAIL_INSECURE", "1")
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		s := startServers(t, map[string]string{sales: salesPass, deals: "deals secret", client: "client secret"})
		acc := mustOK(t, h.Do("POST", "/api/v3/imap", apitest.Req{Body: account(s, sales, salesPass, nil)}), "create")
		id := acc["id"].(string)
		checked := mustOK(t, h.Do("POST", "/api/v3/imap/"+id+"/check", apitest.Req{}), "check")
		if checked["imapStatus"] != "enabled" || checked["smtpStatus"] != "enabled" {
			t.Fatalf("statuses: %v", checked)
		}

		s.deliver(t, sales, `From: Client <client@ext.test>
To: sales@artel.test
Subject: Quote please
Message-ID: <first@ext.test>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary=XX

--XX
Content-Type: text/plain; charset=utf-8

Please send prices.
--XX
Content-Type: text/plain
Content-Disposition: attachment; filename="list.txt"

ten chairs
--XX--
`)
		at := h.Srv.Engine.Now()
		run(t, h, mail.JobFetch, at)
		run(t, h, mail.JobFetch, at) // nothing new: nothing filed twice
		chat := chatNamed(t, h, "Quote please")
		got := mailOf(t, h, h.Token, "Topic", chat)
		if len(got) != 1 {
			t.Fatalf("mail in the chat: %v", got)
		}
		in := got[0]
		if in["from"].(map[string]any)["email"] != client || in["isOutgoing"] != false || in["status"] != "received" {
			t.Fatalf("received: %v", in)
		}
		files := in["attaches"].([]any)
		if len(files) != 1 {
			t.Fatalf("attachments: %v", in)
		}
		fileID := files[0].(map[string]any)["id"].(string)
		if r := h.Do("GET", "/api/v3/file/"+fileID+"/download", apitest.Req{}); r.Status != 200 || !strings.Contains(string(r.Body), "ten chairs") {
			t.Fatalf("file: %d %s", r.Status, r.Body)
		}
		comments := h.Do("GET", "/api/v3/topic/"+chat+"/comments", apitest.Req{}).List()
		if len(comments) != 1 || !strings.Contains(comments[0]["content"].(string), "Please send prices.") {
			t.Fatalf("comments: %v", comments)
		}

		// The answer from the discussion: to the client, as a reply.
		sent := mustOK(t, h.Do("POST", "/api/v3/message/send", apitest.Req{Body: map[string]any{
			"entity": apitest.Link("Topic", chat), "text": "Chairs are 10 each."}}), "send")
		if sent["status"] != "queued" || sent["to"].([]any)[0].(map[string]any)["email"] != client {
			t.Fatalf("queued: %v", sent)
		}
		run(t, h, mail.JobSend, h.Srv.Engine.Now())
		out := s.sent()
		if len(out) != 1 || !strings.Contains(string(out[0]), "In-Reply-To: <first@ext.test>") ||
			!strings.Contains(string(out[0]), "Subject: Re: Quote please") || !strings.Contains(string(out[0]), "Chairs are 10 each.") {
			t.Fatalf("sent: %q", out)
		}
		got = mailOf(t, h, h.Token, "Topic", chat)
		if len(got) != 2 || got[1]["status"] != "sent" || got[1]["deliveryStatus"] != "sent" {
			t.Fatalf("after send: %v", got)
		}
		ours := got[1]["messageId"].(string)

		// The client answers the answer: the same discussion.
		s.deliver(t, sales, `From: client@ext.test
To: sales@artel.test
Subject: Re: Re: Quote please
Message-ID: <second@ext.test>
In-Reply-To: <`+ours+`>
References: <first@ext.test> <`+ours+`>
Content-Type: text/plain

Deal, send the invoice.
`)
		run(t, h, mail.JobFetch, h.Srv.Engine.Now())
		got = mailOf(t, h, h.Token, "Topic", chat)
		if len(got) != 3 || got[2]["text"] != "Deal, send the invoice." {
			t.Fatalf("thread: %v", got)
		}

		// A deal-mode account opens a deal for new mail.
		prog := mustOK(t, h.Do("POST", "/api/v3/program", apitest.Req{Body: map[string]any{"name": "Sales"}}), "program")["id"].(string)
		mustOK(t, h.Do("POST", "/api/v3/programState", apitest.Req{Body: map[string]any{"name": "New", "type": "active",
			"isEntry": true, "program": apitest.Link("Program", prog), "color": "#2196f3"}}), "state")
		bad := h.Do("POST", "/api/v3/imap", apitest.Req{Body: account(s, deals, "deals secret", map[string]any{"incomingEmailMode": "deal"})})
		if bad.Status != 422 || bad.Errors()[0]["field"] != "program" {
			t.Fatalf("deal mode without a program: %d %s", bad.Status, bad.Body)
		}
		mustOK(t, h.Do("POST", "/api/v3/imap", apitest.Req{Body: account(s, deals, "deals secret",
			map[string]any{"incomingEmailMode": "deal", "program": apitest.Link("Program", prog)})}), "deal account")
		s.deliver(t, deals, "From: buyer@ext.test\nTo: deals@artel.test\nSubject: 40 desks\nMessage-ID: <desks@ext.test>\n\nWe need 40 desks.\n")
		run(t, h, mail.JobFetch, h.Srv.Engine.Now())
		found := h.Do("GET", "/api/v3/deal", apitest.Req{}).List()
		var deal string
		for _, d := range found {
			if d["name"] == "40 desks" {
				deal = d["id"].(string)
			}
		}
		if deal == "" {
			t.Fatalf("no deal in %v", found)
		}
		if got := mailOf(t, h, h.Token, "Deal", deal); len(got) != 1 || got[0]["from"].(map[string]any)["email"] != "buyer@ext.test" {
			t.Fatalf("deal mail: %v", got)
		}

		// The mail view: the newest first across the reader's accounts.
		recent := h.Do("GET", "/api/v3/message", apitest.Req{}).List()
		if len(recent) != 4 || recent[0]["subject"] != "40 desks" {
			t.Fatalf("recent: %v", recent)
		}
		if r := h.Do("GET", "/api/v3/message/"+recent[0]["id"].(string), apitest.Req{}); r.Status != 200 || r.Obj()["text"] != "We need 40 desks." {
			t.Fatalf("one: %d %s", r.Status, r.Body)
		}
		// Its folders: the sent and the received, each newest first.
		sentBox := h.Do("GET", "/api/v3/message"+apitest.Q(`{"isOutgoing":true}`), apitest.Req{}).List()
		if len(sentBox) != 1 || sentBox[0]["isOutgoing"] != true || sentBox[0]["text"] != "Chairs are 10 each." {
			t.Fatalf("sent folder: %v", sentBox)
		}
		inbox := h.Do("GET", "/api/v3/message"+apitest.Q(`{"isOutgoing":false}`), apitest.Req{}).List()
		if len(inbox) != 3 || inbox[0]["subject"] != "40 desks" {
			t.Fatalf("incoming folder: %v", inbox)
		}
		for _, m := range inbox {
			if m["isOutgoing"] != false {
				t.Fatalf("sent mail in the incoming folder: %v", m)
			}
		}
		if r := h.Do("GET", "/api/v3/message"+apitest.Q(`{"isOutgoing":"yes"}`), apitest.Req{}); r.Status != 422 || r.Errors()[0]["field"] != "isOutgoing" {
			t.Fatalf("a folder that is not a boolean: %d %s", r.Status, r.Body)
		}
		_, other := h.Person(t, "Олег", "oleg@example.com", "long enough pass")
		if n := len(h.Do("GET", "/api/v3/message", apitest.Req{Token: other}).List()); n != 0 {
			t.Fatalf("another employee sees %d", n)
		}
		if n := len(h.Do("GET", "/api/v3/message"+apitest.Q(`{"isOutgoing":false}`), apitest.Req{Token: other}).List()); n != 0 {
			t.Fatalf("another employee's incoming folder has %d", n)
		}
		if r := h.Do("GET", "/api/v3/message"+apitest.Q(`{"entity":{"contentType":"Topic","id":"`+chat+`"}}`), apitest.Req{Token: other}); r.Status != 404 {
			t.Fatalf("another employee reads the chat's mail: %d", r.Status)
		}
	})
}
