// Package mail owns the discussions' e-mail: mail accounts with their
// IMAP and SMTP settings (the API's Imap, passwords write-only), the
// check that logs in to both servers, outgoing mail sent from a
// discussion, a deal or a client card through SMTP by a job that keeps
// each message's delivery status and retries, and incoming mail fetched
// over IMAP by a job that files each message into a discussion or a deal
// by the account's incomingEmailMode, keeping threads and storing
// attachments as Files. See docs/discuss.md, "Mail".
package mail

import (
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/file"
)

// Jobs of this package (internal/app registers them as tickers).
const (
	JobSend  = "mail-send"
	JobFetch = "mail-fetch"
)

// Incoming modes (Imap.incomingEmailMode) and statuses (imapStatus,
// smtpStatus) of the reference.
const (
	ModeEmail = "email"
	ModeDeal  = "deal"

	StatusUnknown = "unknown"
	StatusEnabled = "enabled"
	StatusError   = "error"
)

// Delivery statuses in mail_messages: an outgoing message is queued until
// the server takes it (sent) or refuses it for good (failed); a received
// one is received.
const (
	Queued   = "queued"
	Sent     = "sent"
	Failed   = "failed"
	Received = "received"
)

// Sending: a pause that doubles after each temporary failure, from
// Pause, up to Attempts tries; a permanent refusal (5xx) fails at once.
// A claim holds a message or a mailbox for lease, so two nodes never
// send one message or fetch one mailbox at once.
const (
	Attempts  = 5
	Pause     = 30 * time.Second
	lease     = 2 * time.Minute
	dialLimit = 15 * time.Second
	batch     = 50
	// fetchBatch bounds the messages filed per mailbox per run; the rest
	// wait for the next run, the last UID remembering where it stopped.
	fetchBatch = 200
)

// Error codes (words in http.go).
const (
	CodeInvalidEmail  = "mail_invalid_email"
	CodeAuthFailed    = "mail_auth_failed"
	CodeUnreachable   = "mail_unreachable"
	CodeTLS           = "mail_tls"
	CodeProtocol      = "mail_protocol"
	CodeNoSMTP        = "mail_no_smtp"
	CodeNoRecipient   = "mail_no_recipient"
	CodeNotMailSource = "mail_not_mail_subject"
)

// Module is the mail rules as the wiring holds them.
type Module struct {
	E     *entity.Engine
	Files *file.Files
	// Insecure lets the servers be reached without TLS when ssl is off
	// and no STARTTLS is offered (the tests' in-process servers); the
	// binary never sets it.
	Insecure bool
}

func system(account int64) entity.Scope { return entity.Scope{Account: account, System: true} }

func now(m *Module) int64 { return m.E.Now().UnixMilli() }
