package finance_test

import (
	"context"
	"io"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/discuss/mail"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpSink is an in-process SMTP server (go-smtp) keeping what it is sent.
type smtpSink struct {
	mu   sync.Mutex
	got  []string
	port int
}

func startSMTP(t *testing.T) *smtpSink {
	s := &smtpSink{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := smtp.NewServer(s)
	srv.Domain, srv.AllowInsecureAuth = "localhost", true
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.port = ln.Addr().(*net.TCPAddr).Port
	return s
}

func (s *smtpSink) NewSession(*smtp.Conn) (smtp.Session, error) { return &sinkSession{s: s}, nil }

type sinkSession struct{ s *smtpSink }

func (x *sinkSession) AuthMechanisms() []string { return []string{sasl.Plain} }
func (x *sinkSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, _, _ string) error { return nil }), nil
}
func (x *sinkSession) Mail(string, *smtp.MailOptions) error { return nil }
func (x *sinkSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (x *sinkSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	x.s.mu.Lock()
	x.s.got = append(x.s.got, string(raw))
	x.s.mu.Unlock()
	return err
}
func (x *sinkSession) Reset()        {}
func (x *sinkSession) Logout() error { return nil }

// An invoice goes by e-mail as a PDF attachment to its payer's client,
// through the sender's mail account; a created invoice becomes drawn.
func TestSendInvoice(t *testing.T) {
	t.Setenv("ARTEL_MAIL_INSECURE", "1")
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		s := startSMTP(t)
		b := newBooks(t, h, 1000)
		client := make1(t, h, "contractorCompany", map[string]any{"name": "Альфа",
			"contactInfo": []any{map[string]any{"contentType": "ContactInfo", "type": "email", "value": "buh@alfa.test"}}})
		payer := make1(t, h, "payer", map[string]any{"name": "ООО «Альфа-2»", "type": "Legal",
			"country": map[string]any{"contentType": "Country", "id": "1"}, "contractor": apitest.Link("ContractorCompany", client)})
		b.payer = apitest.Link("Payer", payer)
		inv := must(t, b.invoice(nil, row("Консультация", "price", rub(1200.5))))
		id := inv["id"].(string)
		send := func(body map[string]any) *apitest.Resp {
			return h.Do("POST", "/api/v3/invoice/"+id+"/send", apitest.Req{Body: body})
		}
		if r := send(map[string]any{}); r.Status != 422 || !strings.Contains(string(r.Body), `"from"`) {
			t.Fatalf("no mail account: %d %s", r.Status, r.Body)
		}
		must(t, h.Do("POST", "/api/v3/imap", apitest.Req{Body: map[string]any{"email": "sales@artel.test", "isDefault": true,
			"imapConfig": map[string]any{"host": "127.0.0.1", "port": 1, "ssl": false, "login": "sales@artel.test", "password": "x"},
			"smtpConfig": map[string]any{"host": "127.0.0.1", "port": s.port, "ssl": false}}}))
		if r := send(map[string]any{"to": "not an address"}); r.Status != 422 || !strings.Contains(string(r.Body), `"to"`) {
			t.Fatalf("a bad address: %d %s", r.Status, r.Body)
		}
		if b.get(t, "invoice/"+id)["status"] != "created" {
			t.Fatal("a refused send changed the status")
		}
		msg := must(t, send(map[string]any{"text": "Счёт во вложении."}))
		if msg["subject"] != "Счёт на оплату № "+inv["number"].(string) || msg["attachesCount"] != float64(1) {
			t.Errorf("the message: %v", msg)
		}
		if got := b.get(t, "invoice/"+id)["status"]; got != "drawn" {
			t.Errorf("a sent invoice is drawn: %v", got)
		}
		for _, tk := range h.Srv.Tickers {
			if tk.Name == mail.JobSend {
				if err := tk.Run(context.Background(), h.Srv.Engine.Now()); err != nil {
					t.Fatal(err)
				}
			}
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(s.got) != 1 || !strings.Contains(s.got[0], "buh@alfa.test") || !strings.Contains(s.got[0], "application/pdf") ||
			!strings.Contains(s.got[0], "invoice-"+inv["number"].(string)+".pdf") {
			t.Fatalf("delivered: %d %v", len(s.got), s.got)
		}

		// No client and no deal to write it to: 422 on the payer.
		bare := make1(t, h, "payer", map[string]any{"name": "ИП Петров", "type": "Legal", "country": map[string]any{"contentType": "Country", "id": "1"}})
		b.payer = apitest.Link("Payer", bare)
		other := must(t, b.invoice(nil, row("Доставка", "price", rub(10))))["id"].(string)
		if r := h.Do("POST", "/api/v3/invoice/"+other+"/send", apitest.Req{Body: map[string]any{"to": "x@y.test"}}); r.Status != 422 ||
			!strings.Contains(string(r.Body), "invoice_no_mail_subject") {
			t.Errorf("nowhere to write: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/invoice/999999/send", apitest.Req{Body: map[string]any{}}); r.Status != 404 {
			t.Errorf("a missing invoice: %d", r.Status)
		}
	})
}
