package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/artel/artel/internal/entity"
)

// connError is a server conversation that failed, with the code that
// words it for people and the server's own answer.
type connError struct {
	code, detail string
}

func (e *connError) Error() string { return e.code + ": " + e.detail }

// classify turns a dial, TLS or protocol failure into a connError.
func classify(err error, auth bool) *connError {
	var ce *connError
	if errors.As(err, &ce) {
		return ce
	}
	var (
		netErr  net.Error
		opErr   *net.OpError
		dnsErr  *net.DNSError
		certErr *tls.CertificateVerificationError
		recErr  tls.RecordHeaderError
		smtpErr *smtp.SMTPError
		imapErr *imap.Error
	)
	msg := err.Error()
	switch {
	case errors.As(err, &certErr), errors.As(err, &recErr), strings.Contains(msg, "tls:"):
		return &connError{CodeTLS, msg}
	case errors.As(err, &dnsErr), errors.As(err, &opErr), errors.As(err, &netErr):
		return &connError{CodeUnreachable, msg}
	case auth && errors.As(err, &smtpErr) && (smtpErr.Code == 535 || smtpErr.Code == 534 || smtpErr.Code == 530):
		return &connError{CodeAuthFailed, smtpErr.Message}
	case auth && errors.As(err, &imapErr):
		return &connError{CodeAuthFailed, imapErr.Text}
	}
	return &connError{CodeProtocol, msg}
}

func addr(s Server) string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// dialIMAP connects and logs in: TLS from the start with ssl, else
// STARTTLS, or plain only when the module allows it (tests). The whole
// conversation must end by deadline: a server that accepts and then
// says nothing cannot hold a check or a fetch.
func (m *Module) dialIMAP(s Server, deadline time.Time) (*imapclient.Client, error) {
	conf := &tls.Config{ServerName: s.Host, NextProtos: []string{"imap"}}
	opts := &imapclient.Options{TLSConfig: conf}
	conn, err := net.DialTimeout("tcp", addr(s), dialLimit)
	if err != nil {
		return nil, classify(err, false)
	}
	_ = conn.SetDeadline(deadline)
	var c *imapclient.Client
	switch {
	case s.SSL:
		c = imapclient.New(tls.Client(conn, conf), opts)
	case m.Insecure:
		c = imapclient.New(conn, opts)
	default:
		if c, err = imapclient.NewStartTLS(conn, opts); err != nil {
			return nil, classify(err, false)
		}
	}
	if err := c.Login(s.Login, s.Password).Wait(); err != nil {
		c.Close()
		return nil, classify(err, true)
	}
	return c, nil
}

// dialSMTP connects and authenticates.
func (m *Module) dialSMTP(s Server, deadline time.Time) (*smtp.Client, error) {
	conf := &tls.Config{ServerName: s.Host}
	conn, err := net.DialTimeout("tcp", addr(s), dialLimit)
	if err != nil {
		return nil, classify(err, false)
	}
	_ = conn.SetDeadline(deadline)
	var c *smtp.Client
	switch {
	case s.SSL:
		c = smtp.NewClient(tls.Client(conn, conf))
	case m.Insecure:
		c = smtp.NewClient(conn)
	default:
		if c, err = smtp.NewClientStartTLS(conn, conf); err != nil {
			conn.Close()
			return nil, classify(err, false)
		}
	}
	c.CommandTimeout, c.SubmissionTimeout = dialLimit, 2*dialLimit
	if err := c.Auth(sasl.NewPlainClient("", s.Login, s.Password)); err != nil {
		c.Close()
		return nil, classify(err, true)
	}
	return c, nil
}

// Check logs in to both servers and records each one's status; a failure
// answers 422 naming the server, in words and with the server's answer,
// its status kept as error.
func (m *Module) Check(ctx context.Context, sc entity.Scope, id int64) (*Account, error) {
	a, err := m.Get(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	if !editable(sc, a) {
		return nil, entity.ErrForbidden
	}
	var errs []entity.FieldError
	a.IMAPStatus, a.IMAPError = StatusEnabled, ""
	if c, err := m.dialIMAP(a.IMAP, time.Now().Add(2*dialLimit)); err != nil {
		ce := classify(err, true)
		a.IMAPStatus, a.IMAPError = StatusError, ce.detail
		errs = append(errs, entity.FieldError{Field: "imapConfig", Code: ce.code, Param: ce.detail})
	} else {
		if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
			a.IMAPStatus, a.IMAPError = StatusError, err.Error()
			errs = append(errs, entity.FieldError{Field: "imapConfig", Code: CodeProtocol, Param: err.Error()})
		}
		c.Logout().Wait()
		c.Close()
	}
	a.SMTPStatus, a.SMTPError = StatusEnabled, ""
	if c, err := m.dialSMTP(a.SMTP, time.Now().Add(2*dialLimit)); err != nil {
		ce := classify(err, true)
		a.SMTPStatus, a.SMTPError = StatusError, ce.detail
		errs = append(errs, entity.FieldError{Field: "smtpConfig", Code: ce.code, Param: ce.detail})
	} else {
		c.Quit()
	}
	a.CheckedAt = now(m)
	if err := m.setStatus(ctx, a); err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return a, &entity.Invalid{Errors: errs}
	}
	return a, nil
}
