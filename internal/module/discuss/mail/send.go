package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/mail"
	"slices"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Subjects mail can be sent from and filed into: a discussion, a deal,
// a client card.
var subjects = []string{"Topic", "Deal", "ContractorHuman", "ContractorCompany"}

// Outgoing is a message to send (the reference's EmailTransportConfig,
// with the text and the entity it belongs to).
type Outgoing struct {
	From     int64 // mail account; 0 sends from the sender's default
	To       []string
	Subject  string
	Text     string
	Entity   value.Link
	Attaches []int64
}

// Send writes the message as a comment of its entity and queues it for
// the send job, in one transaction; the answer is the queued message.
// With no recipient, a reply goes to whoever wrote last into the thread,
// or to a client card's e-mail.
func (m *Module) Send(ctx context.Context, sc entity.Scope, out Outgoing) (*Message, error) {
	if sc.Actor.Type != "Employee" {
		return nil, entity.ErrForbidden
	}
	if !slices.Contains(subjects, out.Entity.Type) {
		return nil, entity.Invalidf("entity", CodeNotMailSource, "")
	}
	acc, err := m.sender(ctx, sc, out.From)
	if err != nil {
		return nil, err
	}
	rec, err := m.E.Get(ctx, sc, out.Entity.Type, out.Entity.ID)
	if err != nil {
		return nil, err
	}
	last, err := m.lastOf(ctx, sc.Account, out.Entity)
	if err != nil {
		return nil, err
	}
	to, err := recipients(out.To, last, rec)
	if err != nil {
		return nil, err
	}
	subject := strings.TrimSpace(out.Subject)
	if subject == "" {
		subject = replySubject(last, rec)
	}
	if strings.TrimSpace(out.Text) == "" && len(out.Attaches) == 0 {
		return nil, entity.Invalidf("text", entity.CodeRequired, "")
	}
	msg := &Message{Account: sc.Account, MailAccount: acc.ID, MessageID: newMessageID(acc.Email), Outgoing: true,
		FromEmail: acc.Email, To: to, Subject: subject, Text: out.Text, Entity: out.Entity, Attaches: out.Attaches,
		Status: Queued, Author: sc.Actor.ID, Created: now(m)}
	if last != nil {
		msg.InReplyTo = last.MessageID
	}
	err = m.E.DB.WithTx(ctx, func(ctx context.Context) error {
		in := entity.Input{"content": jsonOf(out.Text), "subject": jsonOf(value.EncodeLink(out.Entity))}
		if len(out.Attaches) > 0 {
			files := make([]any, len(out.Attaches))
			for i, id := range out.Attaches {
				files[i] = value.EncodeLink(value.Link{Type: "File", ID: id})
			}
			in["attaches"] = jsonOf(files)
		}
		c, err := m.E.Create(ctx, sc, "Comment", in)
		if err != nil {
			return err
		}
		msg.Comment = c.ID
		return m.insert(ctx, msg)
	})
	if err != nil {
		return nil, err
	}
	return msg, nil
}

// sender is the account a message goes out from: the one named, which
// the sender must see, or their default (else their first).
func (m *Module) sender(ctx context.Context, sc entity.Scope, id int64) (*Account, error) {
	if id != 0 {
		a, err := m.Get(ctx, sc, id)
		if err != nil {
			return nil, entity.Invalidf("from", entity.CodeLinkNotFound, "Imap")
		}
		return a, nil
	}
	list, err := m.Accounts(ctx, sc)
	if err != nil {
		return nil, err
	}
	var pick *Account
	for _, a := range list {
		if a.Owner == sc.Actor.ID && a.Default {
			return a, nil
		}
		if pick == nil || (a.Owner == sc.Actor.ID && pick.Owner != sc.Actor.ID) {
			pick = a
		}
	}
	if pick == nil {
		return nil, entity.Invalidf("from", CodeNoSMTP, "")
	}
	return pick, nil
}

// recipients: the addresses given, each checked; else the last
// incoming message's sender; else a client card's first e-mail.
func recipients(given []string, last *Message, rec *entity.Record) ([]string, error) {
	var out []string
	for _, s := range given {
		p, err := mail.ParseAddress(strings.TrimSpace(s))
		if err != nil {
			return nil, entity.Invalidf("to", CodeInvalidEmail, "")
		}
		out = append(out, p.Address)
	}
	if len(out) > 0 {
		return out, nil
	}
	if last != nil && !last.Outgoing {
		return []string{last.FromEmail}, nil
	}
	if last != nil && len(last.To) > 0 {
		return last.To, nil
	}
	if raw, ok := rec.Values["contactInfo"].(string); ok {
		var contacts []struct{ Type, Value string }
		if json.Unmarshal([]byte(raw), &contacts) == nil {
			for _, c := range contacts {
				if c.Type == "email" {
					if p, err := mail.ParseAddress(c.Value); err == nil {
						return []string{p.Address}, nil
					}
				}
			}
		}
	}
	return nil, entity.Invalidf("to", CodeNoRecipient, "")
}

func replySubject(last *Message, rec *entity.Record) string {
	if last != nil && last.Subject != "" {
		if strings.HasPrefix(strings.ToLower(last.Subject), "re:") {
			return last.Subject
		}
		return "Re: " + last.Subject
	}
	name, _ := rec.Values["name"].(string)
	return name
}

// newMessageID makes a Message-ID under the sender's domain, which is
// how a reply's In-Reply-To finds the thread again.
func newMessageID(email string) string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	domain := "artel.local"
	if i := strings.LastIndexByte(email, '@'); i >= 0 {
		domain = email[i+1:]
	}
	return "artel." + hex.EncodeToString(b) + "@" + domain
}

func jsonOf(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

func idList(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return "[" + strings.Join(parts, ",") + "]"
}
