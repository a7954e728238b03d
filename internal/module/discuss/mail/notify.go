package mail

import (
	"context"
	"net/mail"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Notice is mail Artel sends on someone's behalf that belongs to no
// conversation (an invitation to the account): it is queued and
// delivered like any other outgoing message, but writes no comment.
type Notice struct {
	To      string
	Subject string
	Text    string
	About   value.Link // the entity it is about, so GET /message?entity finds it
}

// Notify queues a notice from the sender's own mail account (their
// default, else their first), else from a shared one, in the caller's
// transaction. With no such account it fails with 422 mail_no_smtp on
// "from"; administrators do not send from other people's personal
// accounts even though they see them.
func (m *Module) Notify(ctx context.Context, sc entity.Scope, n Notice) (*Message, error) {
	acc, err := m.NoticeSender(ctx, sc)
	if err != nil {
		return nil, err
	}
	to, err := mail.ParseAddress(strings.TrimSpace(n.To))
	if err != nil {
		return nil, entity.Invalidf("to", CodeInvalidEmail, "")
	}
	msg := &Message{Account: sc.Account, MailAccount: acc.ID, MessageID: newMessageID(acc.Email), Outgoing: true,
		FromEmail: acc.Email, To: []string{to.Address}, Subject: n.Subject, Text: n.Text, Entity: n.About,
		Status: Queued, Author: sc.Actor.ID, Created: now(m)}
	if err := m.insert(ctx, msg); err != nil {
		return nil, err
	}
	return msg, nil
}

// NoticeSender is the account Notify would send from.
func (m *Module) NoticeSender(ctx context.Context, sc entity.Scope) (*Account, error) {
	list, err := m.Accounts(ctx, sc)
	if err != nil {
		return nil, err
	}
	var own, shared *Account
	for _, a := range list {
		switch {
		case a.Owner == sc.Actor.ID && a.Default:
			return a, nil
		case a.Owner == sc.Actor.ID && own == nil:
			own = a
		case a.Shared && shared == nil:
			shared = a
		}
	}
	if own != nil {
		return own, nil
	}
	if shared != nil {
		return shared, nil
	}
	return nil, entity.Invalidf("from", CodeNoSMTP, "")
}

// Status answers a message's delivery status and last error, for those
// who follow a notice they queued; entity.ErrNotFound if it is gone.
func (m *Module) Status(ctx context.Context, account, id int64) (status, lastError string, err error) {
	msg, err := m.One(ctx, entity.Scope{Account: account, System: true}, id)
	if err != nil {
		return "", "", err
	}
	return msg.Status, msg.LastError, nil
}
