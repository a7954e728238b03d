package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"
)

// Deliver sends the queued messages that are due, each claimed first so
// any node may run it at once, and answers how many went out. A message
// is sent at least once: a node killed after the server took it but
// before recording so sends it again when the claim runs out.
func (m *Module) Deliver(ctx context.Context, at time.Time) (int, error) {
	db := m.E.DB
	ms := at.UnixMilli()
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT `+messageCols+` FROM mail_messages
		WHERE status = ? AND next_at <= ? AND lease_until <= ? ORDER BY id LIMIT ?`), Queued, ms, ms, batch)
	if err != nil {
		return 0, fmt.Errorf("mail: due: %w", err)
	}
	var due []*Message
	for rows.Next() {
		msg, err := scanMessage(rows)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("mail: due: %w", err)
		}
		due = append(due, msg)
	}
	rows.Close()
	sent := 0
	for _, msg := range due {
		if ctx.Err() != nil {
			break
		}
		ok, err := m.claimMessage(ctx, msg.ID, ms)
		if err != nil {
			return sent, err
		}
		if !ok {
			continue
		}
		sendErr := m.sendOne(ctx, msg)
		if err := m.recordSend(ctx, msg, sendErr, at); err != nil {
			return sent, err
		}
		if sendErr == nil {
			sent++
		}
	}
	return sent, nil
}

func (m *Module) claimMessage(ctx context.Context, id, ms int64) (bool, error) {
	db := m.E.DB
	res, err := db.Writer().ExecContext(ctx, db.Dialect.Rebind(`UPDATE mail_messages SET lease_until = ?
		WHERE id = ? AND status = ? AND lease_until <= ?`), ms+lease.Milliseconds(), id, Queued, ms)
	if err != nil {
		return false, fmt.Errorf("mail: claim %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// recordSend keeps the outcome: sent; failed at once on a permanent
// refusal (5xx) or a refused login, or after the last try; else queued
// again after a pause that doubles.
func (m *Module) recordSend(ctx context.Context, msg *Message, sendErr error, at time.Time) error {
	db := m.E.DB
	if sendErr == nil {
		return db.Exec(ctx, `UPDATE mail_messages SET status = ?, sent_at = ?, lease_until = 0, last_error = '',
			attempts = attempts + 1 WHERE id = ?`, Sent, at.UnixMilli(), msg.ID)
	}
	attempts := msg.Attempts + 1
	status, next := Queued, at.Add(Pause<<(attempts-1)).UnixMilli()
	var se *smtp.SMTPError
	var ce *connError
	if attempts >= Attempts || (errors.As(sendErr, &se) && se.Code >= 500) ||
		(errors.As(sendErr, &ce) && ce.code == CodeAuthFailed) {
		status = Failed
	}
	return db.Exec(ctx, `UPDATE mail_messages SET status = ?, attempts = ?, next_at = ?, lease_until = 0,
		last_error = ? WHERE id = ?`, status, attempts, next, answer(sendErr), msg.ID)
}

// answer is the server's own words where it gave any.
func answer(err error) string {
	var se *smtp.SMTPError
	if errors.As(err, &se) {
		return fmt.Sprintf("%d %s", se.Code, se.Message)
	}
	var ce *connError
	if errors.As(err, &ce) {
		return ce.detail
	}
	return err.Error()
}

func (m *Module) sendOne(ctx context.Context, msg *Message) error {
	acc, err := m.Get(ctx, system(msg.Account), msg.MailAccount)
	if err != nil {
		return fmt.Errorf("mail account %d is gone", msg.MailAccount)
	}
	body, err := m.compose(ctx, acc, msg)
	if err != nil {
		return err
	}
	c, err := m.dialSMTP(acc.SMTP, time.Now().Add(2*dialLimit))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(acc.Email, msg.To, bytes.NewReader(body)); err != nil {
		return err
	}
	_ = c.Quit()
	return nil
}

// compose writes the message as MIME: the text (and the account's
// footer) as text/plain, each attached File as an attachment.
func (m *Module) compose(ctx context.Context, acc *Account, msg *Message) ([]byte, error) {
	var h gomail.Header
	h.SetDate(time.UnixMilli(msg.Created))
	h.SetAddressList("From", []*gomail.Address{{Address: acc.Email}})
	to := make([]*gomail.Address, len(msg.To))
	for i, a := range msg.To {
		to[i] = &gomail.Address{Address: a}
	}
	h.SetAddressList("To", to)
	h.SetSubject(msg.Subject)
	h.SetMessageID(msg.MessageID)
	if msg.InReplyTo != "" {
		h.SetMsgIDList("In-Reply-To", []string{msg.InReplyTo})
		h.SetMsgIDList("References", []string{msg.InReplyTo})
	}
	var buf bytes.Buffer
	w, err := gomail.CreateWriter(&buf, h)
	if err != nil {
		return nil, err
	}
	var ih gomail.InlineHeader
	ih.Set("Content-Type", "text/plain; charset=utf-8")
	tw, err := w.CreateSingleInline(ih)
	if err != nil {
		return nil, err
	}
	text := msg.Text
	if acc.Footer != "" {
		text += "\r\n\r\n-- \r\n" + acc.Footer
	}
	if _, err := io.WriteString(tw, text); err != nil {
		return nil, err
	}
	tw.Close()
	for _, id := range msg.Attaches {
		rec, data, err := m.Files.Open(ctx, system(msg.Account), id)
		if err != nil {
			return nil, fmt.Errorf("attachment %d: %w", id, err)
		}
		var ah gomail.AttachmentHeader
		mime, _ := rec.Values["mimeType"].(string)
		if mime == "" {
			mime = "application/octet-stream"
		}
		ah.Set("Content-Type", mime)
		name, _ := rec.Values["name"].(string)
		ah.SetFilename(name)
		aw, err := w.CreateAttachment(ah)
		if err != nil {
			return nil, err
		}
		if _, err := aw.Write(data); err != nil {
			return nil, err
		}
		aw.Close()
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
