package mail_test

import (
	"bytes"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// servers are a real IMAP server (go-imap's, mailboxes in memory) and a
// real SMTP server (go-smtp's) that delivers into those mailboxes, both
// on loopback ports for one test. Nothing here imitates a protocol.
type servers struct {
	imapPort, smtpPort int
	mem                *imapmemserver.Server

	mu        sync.Mutex
	users     map[string]*imapmemserver.User // by address
	passwords map[string]string
	delivered [][]byte // every message the SMTP server accepted
	tempFail  bool     // answer DATA with 451 while set
}

func startServers(t testing.TB, users map[string]string) *servers {
	t.Helper()
	s := &servers{mem: imapmemserver.New(), users: map[string]*imapmemserver.User{}, passwords: users}
	for addr, pass := range users {
		u := imapmemserver.NewUser(addr, pass)
		if err := u.Create("INBOX", nil); err != nil {
			t.Fatal(err)
		}
		s.mem.AddUser(u)
		s.users[addr] = u
	}
	imapLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	is := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return s.mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true,
		Logger:       quiet{},
	})
	go is.Serve(imapLn)
	smtpLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ss := smtp.NewServer(s)
	ss.Domain, ss.AllowInsecureAuth, ss.ErrorLog = "localhost", true, quiet{}
	go ss.Serve(smtpLn)
	t.Cleanup(func() { is.Close(); ss.Close() })
	s.imapPort = imapLn.Addr().(*net.TCPAddr).Port
	s.smtpPort = smtpLn.Addr().(*net.TCPAddr).Port
	return s
}

type quiet struct{}

func (quiet) Printf(string, ...any) {}
func (quiet) Println(...any)        {}

// deliver puts a message straight into a mailbox, as if another server
// had delivered it.
func (s *servers) deliver(t testing.TB, to string, raw string) {
	t.Helper()
	s.mu.Lock()
	u := s.users[to]
	s.mu.Unlock()
	r := strings.NewReader(strings.ReplaceAll(raw, "\n", "\r\n"))
	if _, err := u.Append("INBOX", r, &imap.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
}

func (s *servers) sent() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.delivered...)
}

func (s *servers) setTempFail(on bool) { s.mu.Lock(); s.tempFail = on; s.mu.Unlock() }

// NewSession makes the servers an SMTP backend.
func (s *servers) NewSession(*smtp.Conn) (smtp.Session, error) { return &smtpSession{s: s}, nil }

type smtpSession struct {
	s      *servers
	authed bool
	rcpts  []string
}

func (x *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (x *smtpSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		x.s.mu.Lock()
		defer x.s.mu.Unlock()
		if want, ok := x.s.passwords[user]; !ok || want != pass {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "Authentication credentials invalid"}
		}
		x.authed = true
		return nil
	}), nil
}

func (x *smtpSession) Mail(string, *smtp.MailOptions) error {
	if !x.authed {
		return smtp.ErrAuthRequired
	}
	return nil
}

func (x *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	_, ok := x.s.users[to]
	x.s.mu.Unlock()
	if !ok {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user here"}
	}
	x.rcpts = append(x.rcpts, to)
	return nil
}

func (x *smtpSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	fail := x.s.tempFail
	if !fail {
		x.s.delivered = append(x.s.delivered, raw)
	}
	x.s.mu.Unlock()
	if fail {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	for _, to := range x.rcpts {
		x.s.mu.Lock()
		u := x.s.users[to]
		x.s.mu.Unlock()
		if _, err := u.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{}); err != nil {
			return errors.New("store: " + err.Error())
		}
	}
	return nil
}

func (x *smtpSession) Reset()        { x.rcpts = nil }
func (x *smtpSession) Logout() error { return nil }

func port(p int) string { return strconv.Itoa(p) }
