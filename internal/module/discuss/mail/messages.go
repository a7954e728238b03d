package mail

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Message is one row of mail_messages: sent or received mail.
type Message struct {
	ID, Account, MailAccount int64
	MessageID, InReplyTo     string
	Outgoing                 bool
	FromEmail, FromName      string
	To                       []string
	Subject, Text            string
	Entity                   value.Link
	Comment                  int64
	Attaches                 []int64
	Status                   string
	Attempts                 int
	LastError                string
	Author                   int64
	Created, SentAt          int64
}

const messageCols = `id, account_id, mail_account_id, message_id, in_reply_to, is_outgoing, from_email, from_name,
	to_list, subject, body, entity_type, entity_id, COALESCE(comment_id, 0), attaches, status, attempts, last_error,
	COALESCE(author_id, 0), created_at, COALESCE(sent_at, 0)`

func scanMessage(s scanner) (*Message, error) {
	var m Message
	var out int64
	var to, files string
	err := s.Scan(&m.ID, &m.Account, &m.MailAccount, &m.MessageID, &m.InReplyTo, &out, &m.FromEmail, &m.FromName,
		&to, &m.Subject, &m.Text, &m.Entity.Type, &m.Entity.ID, &m.Comment, &files, &m.Status, &m.Attempts,
		&m.LastError, &m.Author, &m.Created, &m.SentAt)
	if err != nil {
		return nil, err
	}
	m.Outgoing = out != 0
	_ = json.Unmarshal([]byte(to), &m.To)
	_ = json.Unmarshal([]byte(files), &m.Attaches)
	return &m, nil
}

func (m *Module) insert(ctx context.Context, msg *Message) error {
	db := m.E.DB
	to, _ := json.Marshal(msg.To)
	status := msg.Status
	var author any
	if msg.Author != 0 {
		author = msg.Author
	}
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO mail_messages (account_id, mail_account_id,
		message_id, in_reply_to, is_outgoing, from_email, from_name, to_list, subject, body, entity_type, entity_id,
		comment_id, attaches, status, next_at, author_id, created_at, sent_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		msg.Account, msg.MailAccount, msg.MessageID, msg.InReplyTo, b2i(msg.Outgoing), msg.FromEmail, msg.FromName,
		string(to), msg.Subject, msg.Text, msg.Entity.Type, msg.Entity.ID, nullID(msg.Comment), idList(msg.Attaches),
		status, msg.Created, author, msg.Created, nullID(msg.SentAt)).Scan(&msg.ID)
	if err != nil {
		return fmt.Errorf("mail: insert message: %w", err)
	}
	return nil
}

// lastOf is an entity's newest mail, either way; nil when it has none.
func (m *Module) lastOf(ctx context.Context, account int64, l value.Link) (*Message, error) {
	db := m.E.DB
	msg, err := scanMessage(db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT `+messageCols+`
		FROM mail_messages WHERE account_id = ? AND entity_type = ? AND entity_id = ? ORDER BY id DESC LIMIT 1`),
		account, l.Type, l.ID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("mail: last of %v: %w", l, err)
	}
	return msg, nil
}

// thread finds the entity of the first known Message-ID among ids: the
// discussion or deal a reply belongs to.
func (m *Module) thread(ctx context.Context, account int64, ids []string) (value.Link, bool, error) {
	db := m.E.DB
	for _, id := range ids {
		var l value.Link
		err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT entity_type, entity_id FROM mail_messages
			WHERE account_id = ? AND message_id = ? ORDER BY id LIMIT 1`), account, id).Scan(&l.Type, &l.ID)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return l, false, fmt.Errorf("mail: thread of %s: %w", id, err)
		}
		return l, true, nil
	}
	return value.Link{}, false, nil
}

// known reports whether a mail account already holds a Message-ID: a
// message fetched again, or one of its own coming back, is not filed twice.
func (m *Module) known(ctx context.Context, account, mailAccount int64, id string) (bool, error) {
	db := m.E.DB
	var n int
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM mail_messages
		WHERE account_id = ? AND message_id = ? AND (mail_account_id = ? OR is_outgoing = 1)`),
		account, id, mailAccount).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("mail: known %s: %w", id, err)
	}
	return n > 0, nil
}

// Messages lists the mail of an entity the scope can read, oldest
// first.
func (m *Module) Messages(ctx context.Context, sc entity.Scope, l value.Link) ([]*Message, error) {
	if _, err := m.E.Get(ctx, sc, l.Type, l.ID); err != nil {
		return nil, err
	}
	db := m.E.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT `+messageCols+`
		FROM mail_messages WHERE account_id = ? AND entity_type = ? AND entity_id = ? ORDER BY id LIMIT 1000`),
		sc.Account, l.Type, l.ID)
	if err != nil {
		return nil, fmt.Errorf("mail: messages of %v: %w", l, err)
	}
	defer rows.Close()
	var out []*Message
	for rows.Next() {
		msg, err := scanMessage(rows)
		if err != nil {
			return nil, fmt.Errorf("mail: messages of %v: %w", l, err)
		}
		out = append(out, msg)
	}
	return out, rows.Err()
}

// Recent lists the newest mail of the accounts the scope sees, newest
// first: the mail view, across discussions, deals and clients; outgoing,
// when given, keeps only the sent (true) or the received (false) mail.
func (m *Module) Recent(ctx context.Context, sc entity.Scope, limit int, outgoing *bool) ([]*Message, error) {
	accounts, err := m.Accounts(ctx, sc)
	if err != nil || len(accounts) == 0 {
		return nil, err
	}
	ids := make([]any, 0, len(accounts)+2)
	ids = append(ids, sc.Account)
	marks := make([]string, len(accounts))
	for i, a := range accounts {
		ids, marks[i] = append(ids, a.ID), "?"
	}
	where := ""
	if outgoing != nil {
		where = " AND is_outgoing = ?"
		ids = append(ids, b2i(*outgoing))
	}
	db := m.E.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT `+messageCols+` FROM mail_messages
		WHERE account_id = ? AND mail_account_id IN (`+strings.Join(marks, ",")+`)`+where+` ORDER BY id DESC LIMIT ?`),
		append(ids, limit)...)
	if err != nil {
		return nil, fmt.Errorf("mail: recent: %w", err)
	}
	defer rows.Close()
	var out []*Message
	for rows.Next() {
		msg, err := scanMessage(rows)
		if err != nil {
			return nil, fmt.Errorf("mail: recent: %w", err)
		}
		out = append(out, msg)
	}
	return out, rows.Err()
}

// One answers a message whose entity the scope can read.
func (m *Module) One(ctx context.Context, sc entity.Scope, id int64) (*Message, error) {
	db := m.E.DB
	msg, err := scanMessage(db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT `+messageCols+`
		FROM mail_messages WHERE account_id = ? AND id = ?`), sc.Account, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("mail: message %d: %w", id, err)
	}
	if _, err := m.E.Get(ctx, sc, msg.Entity.Type, msg.Entity.ID); err != nil {
		return nil, err
	}
	return msg, nil
}

// deliveryStatus is the reference's Message.deliveryStatus of a row.
func deliveryStatus(status string) string {
	switch status {
	case Queued:
		return "initial"
	case Sent:
		return "sent"
	case Failed:
		return "not_sent"
	}
	return "delivered"
}

// Encode is a message as the API's Message; status (queued, sent,
// failed, received) is Artel's own, beside the reference's deliveryStatus.
func Encode(msg *Message) map[string]any {
	to := make([]any, len(msg.To))
	for i, a := range msg.To {
		to[i] = map[string]any{"contentType": "MessageContact", "email": a}
	}
	files := make([]any, len(msg.Attaches))
	for i, id := range msg.Attaches {
		files[i] = value.EncodeLink(value.Link{Type: "File", ID: id})
	}
	out := map[string]any{"contentType": "Message", "id": fmt.Sprint(msg.ID), "messageId": msg.MessageID,
		"from": map[string]any{"contentType": "MessageContact", "email": msg.FromEmail, "name": msg.FromName},
		"to":   to, "subject": msg.Subject, "text": msg.Text, "isOutgoing": msg.Outgoing,
		"deliveryStatus": deliveryStatus(msg.Status), "status": msg.Status, "lastErrorMessage": msg.LastError,
		"attaches": files, "attachesCount": len(files), "attempts": msg.Attempts,
		"timeCreated": value.DateTime{}.Encode(msg.Created, value.Options{}), "entity": value.EncodeLink(msg.Entity)}
	if msg.Comment != 0 {
		out["convertedTo"] = value.EncodeLink(value.Link{Type: "Comment", ID: msg.Comment})
	}
	if msg.SentAt != 0 {
		out["timeSent"] = value.DateTime{}.Encode(msg.SentAt, value.Options{})
	}
	return out
}

// lower trims and lowercases an address for comparing.
func lower(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
