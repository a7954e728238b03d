package staff_test

import (
	"context"
	"io"
	"net"
	"regexp"
	"strings"
	"sync"
	"testing"

	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/discuss/mail"
)

// smtpSink is a real SMTP server (go-smtp's) on a loopback port that
// keeps every message it accepts; it takes any login.
type smtpSink struct {
	port int
	mu   sync.Mutex
	got  [][]byte
}

func startSMTP(t *testing.T) *smtpSink {
	t.Helper()
	s := &smtpSink{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := smtp.NewServer(s)
	srv.Domain, srv.AllowInsecureAuth, srv.ErrorLog = "localhost", true, quietLog{}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.port = ln.Addr().(*net.TCPAddr).Port
	return s
}

type quietLog struct{}

func (quietLog) Printf(string, ...any) {}
func (quietLog) Println(...any)        {}

func (s *smtpSink) NewSession(*smtp.Conn) (smtp.Session, error) { return &sinkSession{s: s}, nil }

func (s *smtpSink) messages() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.got...)
}

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
	x.s.got = append(x.s.got, raw)
	x.s.mu.Unlock()
	return err
}
func (x *sinkSession) Reset()        {}
func (x *sinkSession) Logout() error { return nil }

// readInvite parses a delivered message: its recipient, subject and the
// link it carries.
func readInvite(t *testing.T, raw []byte) (to, subject, link string) {
	t.Helper()
	mr, err := gomail.CreateReader(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	addrs, _ := mr.Header.AddressList("To")
	subject, _ = mr.Header.Subject()
	p, err := mr.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(p.Body)
	link = regexp.MustCompile(`http://\S+/inviteForm/[A-Za-z0-9_-]+`).FindString(string(body))
	if len(addrs) != 1 || link == "" {
		t.Fatalf("invitation: to %v, body %s", addrs, body)
	}
	return addrs[0].Address, subject, link
}

func sendMail(t *testing.T, h *apitest.Harness) {
	t.Helper()
	for _, tk := range h.Srv.Tickers {
		if tk.Name == mail.JobSend {
			if err := tk.Run(context.Background(), h.Srv.Engine.Now()); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatal("no mail job")
}

// An administrator invites people by e-mail; the invitation goes out
// through their mail account to a real SMTP server; the person follows
// the link, sets a password and signs in; the link works once, and a
// new invitation voids the old link.
func TestInviteByEmail(t *testing.T) {
	t.Setenv("ARTEL_MAIL_INSECURE", "1")
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		sink := startSMTP(t)
		const path = "/api/v3/invitedEmployee"
		pending := func() []map[string]any {
			r := h.Do("GET", path, apitest.Req{})
			if r.Status != 200 {
				t.Fatalf("pending: %d %s", r.Status, r.Body)
			}
			return r.List()
		}
		_, clerk := h.Person(t, "Клерк", "clerk@example.com", "clerk password")
		h.Run(t, []apitest.Scenario{
			{Name: "not an administrator", Method: "POST", Path: path, Req: apitest.Req{Token: clerk,
				Body: []any{map[string]any{"mail": "olga@ext.test"}}}, Status: 403},
			{Name: "malformed", Method: "POST", Path: path, Req: apitest.Req{Body: "nope"}, Status: 400},
			{Name: "no mail account", Method: "POST", Path: path, Req: apitest.Req{Body: []any{map[string]any{"mail": "olga@ext.test"}}},
				Status: 422, Contains: []string{`"field":"from"`, `"type":"mail_no_smtp"`}},
			{Name: "one bad address stops all", Method: "POST", Path: path, Req: apitest.Req{Body: []any{
				map[string]any{"mail": "olga@ext.test"}, map[string]any{"mail": "pavel@localhost"}}},
				Status: 422, Contains: []string{`"field":"[1].mail"`, `"type":"broken_email"`}},
		})
		if p := pending(); len(p) != 0 {
			t.Fatalf("refused invitations left something: %v", p)
		}
		acc := h.Do("POST", "/api/v3/imap", apitest.Req{Body: map[string]any{"email": "hr@example.com", "isDefault": true,
			"imapConfig": map[string]any{"host": "127.0.0.1", "port": sink.port, "login": "hr@example.com", "password": "hr secret"},
			"smtpConfig": map[string]any{"host": "127.0.0.1", "port": sink.port, "ssl": false}}})
		if acc.Status != 200 {
			t.Fatalf("mail account: %s", acc.Body)
		}

		r := h.Do("POST", path, apitest.Req{Headers: map[string]string{"Accept-Language": "ru"}, Body: []any{
			map[string]any{"rawString": "Ольга Орлова <olga@ext.test>"},
			map[string]any{"mail": apitest.AdminLogin}}})
		if r.Status != 200 || len(r.List()) != 2 {
			t.Fatalf("invite: %d %s", r.Status, r.Body)
		}
		olga, admin := r.List()[0], r.List()[1]
		if olga["exists"] != false || olga["firstName"] != "Ольга" || olga["lastName"] != "Орлова" || olga["employee"] == nil {
			t.Fatalf("olga: %v", olga)
		}
		if admin["exists"] != true || admin["employee"] != nil {
			t.Fatalf("a user who signs in already is only reported: %v", admin)
		}
		if p := pending(); len(p) != 1 || p[0]["mail"] != "olga@ext.test" || p[0]["mailStatus"] != "queued" {
			t.Fatalf("pending before sending: %v", p)
		}
		if g := h.PasswordGrant("olga@ext.test", "olga password"); g.Status == 200 {
			t.Fatal("an invitee signs in before setting a password")
		}

		sendMail(t, h)
		got := sink.messages()
		if len(got) != 1 {
			t.Fatalf("%d messages delivered", len(got))
		}
		to, subject, link := readInvite(t, got[0])
		if to != "olga@ext.test" || subject != "Приглашение в Артель" || !strings.HasPrefix(link, h.URL+"/inviteForm/") {
			t.Fatalf("delivered: to %s, subject %q, link %s", to, subject, link)
		}
		if p := pending(); p[0]["mailStatus"] != "sent" {
			t.Fatalf("pending after sending: %v", p)
		}

		// Follow the link as the web form does: it asks what the link opens.
		token := link[strings.LastIndexByte(link, '/')+1:]
		check := h.Do("GET", "/api/v3/inviteLinkRegistration?uuid="+token, apitest.Req{NoAuth: true})
		if check.Status != 200 || check.Obj()["personal"] != true || check.Obj()["email"] != "olga@ext.test" ||
			check.Obj()["firstName"] != "Ольга" {
			t.Fatalf("check: %d %s", check.Status, check.Body)
		}
		reg := "/api/v3/inviteLinkRegistration"
		h.Run(t, []apitest.Scenario{
			{Name: "short password", Method: "POST", Path: reg, Req: apitest.Req{NoAuth: true,
				Body: map[string]any{"uuid": token, "password": "short"}}, Status: 422,
				Contains: []string{`"type":"password_not_secure"`}},
			{Name: "set a password", Method: "POST", Path: reg, Req: apitest.Req{NoAuth: true,
				Body: map[string]any{"uuid": token, "password": "olga password", "email": "other@ext.test"}}, Status: 200,
				Contains: []string{`"login":"olga@ext.test"`}},
			{Name: "the link works once", Method: "POST", Path: reg, Req: apitest.Req{NoAuth: true,
				Body: map[string]any{"uuid": token, "password": "another password"}}, Status: 404,
				Contains: []string{`"type":"invite_link_invalid"`}},
		})
		if g := h.PasswordGrant("olga@ext.test", "olga password"); g.Status != 200 {
			t.Fatalf("olga signs in: %d %s", g.Status, g.Body)
		}
		if p := pending(); len(p) != 0 {
			t.Fatalf("a registered invitee is still pending: %v", p)
		}

		// Invited twice: only the newest link works, for the same employee.
		first := h.Do("POST", path, apitest.Req{Body: map[string]any{"mail": "pavel@ext.test"}}).List()
		second := h.Do("POST", path, apitest.Req{Body: map[string]any{"mail": "pavel@ext.test"}}).List()
		if len(first) != 1 || len(second) != 1 || first[0]["employee"].(map[string]any)["id"] != second[0]["employee"].(map[string]any)["id"] {
			t.Fatalf("re-invited: %v then %v", first, second)
		}
		sendMail(t, h)
		got = sink.messages()
		if len(got) != 3 {
			t.Fatalf("%d messages delivered", len(got))
		}
		_, _, old := readInvite(t, got[1])
		_, _, fresh := readInvite(t, got[2])
		tok := func(l string) string { return l[strings.LastIndexByte(l, '/')+1:] }
		if r := h.Do("GET", "/api/v3/inviteLinkRegistration?uuid="+tok(old), apitest.Req{NoAuth: true}); r.Status != 404 {
			t.Fatalf("the voided link: %d %s", r.Status, r.Body)
		}
		// Named by the address alone: the form must ask for a name.
		if r := h.Do("POST", reg, apitest.Req{NoAuth: true, Body: map[string]any{"uuid": tok(fresh), "password": "pavel password"}}); r.Status != 422 ||
			!strings.Contains(string(r.Body), `"field":"firstName"`) {
			t.Fatalf("no name: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", reg, apitest.Req{NoAuth: true, Body: map[string]any{"uuid": tok(fresh), "password": "pavel password",
			"firstName": "Павел", "lastName": "Панов"}}); r.Status != 200 {
			t.Fatalf("pavel: %d %s", r.Status, r.Body)
		}
		if g := h.PasswordGrant("pavel@ext.test", "pavel password"); g.Status != 200 {
			t.Fatalf("pavel signs in: %d %s", g.Status, g.Body)
		}

		// Dismissed before registering: the link dies, and a new invitation
		// of the address makes a new employee.
		zoya := h.Do("POST", path, apitest.Req{Body: map[string]any{"mail": "zoya@ext.test"}}).List()[0]["employee"].(map[string]any)["id"].(string)
		if r := h.Do("POST", "/api/v3/employee/"+zoya+"/fire", apitest.Req{}); r.Status != 200 {
			t.Fatalf("fire zoya: %s", r.Body)
		}
		sendMail(t, h)
		_, _, zoyaLink := readInvite(t, sink.messages()[3])
		if r := h.Do("GET", "/api/v3/inviteLinkRegistration?uuid="+tok(zoyaLink), apitest.Req{NoAuth: true}); r.Status != 404 {
			t.Fatalf("a dismissed invitee's link: %d %s", r.Status, r.Body)
		}
		again := h.Do("POST", path, apitest.Req{Body: map[string]any{"mail": "zoya@ext.test"}}).List()[0]["employee"].(map[string]any)["id"].(string)
		if again == zoya {
			t.Fatal("a dismissed invitee was invited again instead of a new employee")
		}
	})
}
