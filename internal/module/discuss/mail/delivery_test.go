package mail_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/discuss/mail"
)

// A refusal for good fails a message at once with the server's answer; a
// temporary one keeps it queued until a later try gets it through; mail
// from a client card goes to the client's e-mail.
func TestMailDelivery(t *testing.T) {
	t.Setenv("ARTEL_MAIL_INSECURE", "1")
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		s := startServers(t, map[string]string{sales: salesPass, client: "client secret"})
		chatID := mustOK(t, h.Do("POST", "/api/v3/topic", apitest.Req{Body: map[string]any{"name": "Orders", "isDiscussable": true}}), "chat")["id"].(string)
		topic := apitest.Link("Topic", chatID)
		if r := h.Do("POST", "/api/v3/message/send", apitest.Req{Body: map[string]any{"entity": topic, "to": []string{client}, "text": "hi"}}); r.Status != 422 || fields(r)["from"] != "mail_no_smtp" {
			t.Fatalf("no account: %d %s", r.Status, r.Body)
		}
		mustOK(t, h.Do("POST", "/api/v3/imap", apitest.Req{Body: account(s, sales, salesPass, map[string]any{"isDefault": true})}), "create")
		if r := h.Do("POST", "/api/v3/message/send", apitest.Req{Body: map[string]any{"entity": topic, "text": "hi"}}); r.Status != 422 || fields(r)["to"] != "mail_no_recipient" {
			t.Fatalf("no recipient: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/message/send", apitest.Req{Body: map[string]any{"entity": apitest.Link("Task", "1"), "to": client, "text": "hi"}}); r.Status != 422 {
			t.Fatalf("from a task: %d %s", r.Status, r.Body)
		}

		nobody := mustOK(t, h.Do("POST", "/api/v3/message/send", apitest.Req{Body: map[string]any{"entity": topic,
			"to": []string{"nobody@ext.test"}, "subject": "Hello", "text": "hi"}}), "send to nobody")
		now := h.Srv.Engine.Now()
		run(t, h, mail.JobSend, now)
		got := mailOf(t, h, h.Token, "Topic", chatID)
		if got[0]["status"] != "failed" || got[0]["deliveryStatus"] != "not_sent" || !strings.Contains(got[0]["lastErrorMessage"].(string), "550") {
			t.Fatalf("refused for good: %v (%v)", got[0], nobody)
		}

		s.setTempFail(true)
		mustOK(t, h.Do("POST", "/api/v3/message/send", apitest.Req{Body: map[string]any{"entity": topic, "to": []string{client}, "text": "second"}}), "send")
		now = h.Srv.Engine.Now()
		run(t, h, mail.JobSend, now)
		got = mailOf(t, h, h.Token, "Topic", chatID)
		if got[1]["status"] != "queued" || got[1]["attempts"] != float64(1) || !strings.Contains(got[1]["lastErrorMessage"].(string), "451") {
			t.Fatalf("refused for now: %v", got[1])
		}
		s.setTempFail(false)
		run(t, h, mail.JobSend, now) // not due yet
		if len(s.sent()) != 0 {
			t.Fatal("retried before its pause")
		}
		run(t, h, mail.JobSend, now.Add(mail.Pause+time.Second))
		got = mailOf(t, h, h.Token, "Topic", chatID)
		if got[1]["status"] != "sent" || len(s.sent()) != 1 {
			t.Fatalf("retried: %v, %d sent", got[1], len(s.sent()))
		}

		// A client card: to the client's own address.
		person := mustOK(t, h.Do("POST", "/api/v3/contractorHuman", apitest.Req{Body: map[string]any{"firstName": "Client",
			"contactInfo": []any{map[string]any{"contentType": "ContactInfo", "type": "email", "value": client}}}}), "client")
		sent := mustOK(t, h.Do("POST", "/api/v3/message/send", apitest.Req{Body: map[string]any{
			"entity": apitest.Link("ContractorHuman", person["id"].(string)), "subject": "Offer", "text": "Our offer"}}), "card")
		if sent["to"].([]any)[0].(map[string]any)["email"] != client {
			t.Fatalf("card recipient: %v", sent)
		}
		run(t, h, mail.JobSend, now.Add(mail.Pause+time.Second))
		if len(s.sent()) != 2 {
			t.Fatalf("card mail not sent: %d", len(s.sent()))
		}
	})
}

// Fetch run by several nodes at once files each message once.
func TestMailFetchOnce(t *testing.T) {
	t.Setenv("ARTEL_MAIL_INSECURE", "1")
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		s := startServers(t, map[string]string{sales: salesPass})
		mustOK(t, h.Do("POST", "/api/v3/imap", apitest.Req{Body: account(s, sales, salesPass, nil)}), "create")
		for i := range 20 {
			s.deliver(t, sales, "From: a@ext.test\nTo: sales@artel.test\nSubject: Thread\nMessage-ID: <m"+
				string(rune('a'+i))+"@ext.test>\nReferences: <ma@ext.test>\n\nbody\n")
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, tk := range h.Srv.Tickers {
					if tk.Name == mail.JobFetch {
						_ = tk.Run(context.Background(), h.Srv.Engine.Now())
					}
				}
			}()
		}
		wg.Wait()
		run(t, h, mail.JobFetch, h.Srv.Engine.Now())
		chat := chatNamed(t, h, "Thread")
		if got := mailOf(t, h, h.Token, "Topic", chat); len(got) != 20 {
			t.Fatalf("filed %d of 20", len(got))
		}
		if c := h.Do("GET", "/api/v3/topic/"+chat+"/comments"+apitest.Q(`{"limit":100}`), apitest.Req{}).List(); len(c) != 20 {
			t.Fatalf("comments %d", len(c))
		}
	})
}
