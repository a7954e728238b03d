package subscribe

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Notification is one thing a user was told.
type Notification struct {
	ID        int64
	Recipient value.Link
	Type      string
	Subject   value.Link
	Comment   int64 // the comment it tells of
	Sender    value.Link
	Content   string
	Mention   bool
	Active    bool  // not yet dismissed by its reader
	Time      int64 // unix milliseconds
}

// Encode is the reference's Notification object. size is how many events
// it stands for: one, as notifications are not grouped.
func (n Notification) Encode(opt value.Options) map[string]any {
	var sender any
	if n.Sender.ID != 0 {
		sender = value.EncodeLink(n.Sender)
	}
	return map[string]any{
		"contentType": "Notification", "id": strconv.FormatInt(n.ID, 10), "type": n.Type,
		"time": value.DateTime{}.Encode(n.Time, opt), "content": n.Content, "sender": sender, "size": 1,
		"subject": value.EncodeLink(n.Subject), "isActive": n.Active, "isMention": n.Mention, "isHistoryLog": false,
	}
}

// ListQuery is a page of the reader's notifications: newest first, ids
// below Before (0 for the newest), Active nil for all.
type ListQuery struct {
	Active *bool
	Before int64
	Limit  int
}

const columns = `id, recipient_type, recipient_id, type, subject_type, subject_id, COALESCE(comment_id, 0),
	COALESCE(sender_type, ''), COALESCE(sender_id, 0), content, is_mention, is_active, created_at`

// List answers a page of the reader's own notifications, whether more
// follow, and how many match the filter in all.
func (s *Subscriptions) List(ctx context.Context, sc entity.Scope, q ListQuery) ([]Notification, bool, int64, error) {
	where := ` WHERE account_id = ? AND recipient_type = ? AND recipient_id = ?`
	args := []any{sc.Account, sc.Actor.Type, sc.Actor.ID}
	if q.Active != nil {
		where += ` AND is_active = ?`
		args = append(args, boolInt(*q.Active))
	}
	db := s.e.DB
	var count int64
	if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM notifications`+where), args...).Scan(&count); err != nil {
		return nil, false, 0, fmt.Errorf("subscribe: count notifications: %w", err)
	}
	if q.Before > 0 {
		where += ` AND id < ?`
		args = append(args, q.Before)
	}
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT `+columns+` FROM notifications`+where+
		` ORDER BY id DESC LIMIT ?`), append(args, q.Limit+1)...)
	if err != nil {
		return nil, false, 0, fmt.Errorf("subscribe: notifications: %w", err)
	}
	defer rows.Close()
	var out []Notification
	for rows.Next() {
		n, err := scan(rows)
		if err != nil {
			return nil, false, 0, err
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, false, 0, err
	}
	more := len(out) > q.Limit
	if more {
		out = out[:q.Limit]
	}
	return out, more, count, nil
}

// Get answers one of the reader's own notifications; anyone else's is
// ErrNotFound, as if it did not exist.
func (s *Subscriptions) Get(ctx context.Context, sc entity.Scope, id int64) (Notification, error) {
	db := s.e.DB
	n, err := scan(db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT `+columns+` FROM notifications
		WHERE account_id = ? AND recipient_type = ? AND recipient_id = ? AND id = ?`), sc.Account, sc.Actor.Type, sc.Actor.ID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return n, entity.ErrNotFound
	}
	return n, err
}

// Unread counts the reader's active notifications (the bell's number).
func (s *Subscriptions) Unread(ctx context.Context, sc entity.Scope) (int64, error) {
	var n int64
	db := s.e.DB
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM notifications WHERE account_id = ?
		AND recipient_type = ? AND recipient_id = ? AND is_active = 1`), sc.Account, sc.Actor.Type, sc.Actor.ID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("subscribe: unread: %w", err)
	}
	return n, nil
}

// Dismiss makes one of the reader's notifications inactive (read): it
// leaves the bell and stays in the full list. Anyone else's is
// ErrNotFound.
func (s *Subscriptions) Dismiss(ctx context.Context, sc entity.Scope, id int64) error {
	return s.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.Get(ctx, sc, id); err != nil {
			return err
		}
		if err := s.e.DB.Exec(ctx, `UPDATE notifications SET is_active = 0 WHERE account_id = ? AND id = ?`, sc.Account, id); err != nil {
			return fmt.Errorf("subscribe: dismiss %d: %w", id, err)
		}
		return s.pushCounter(ctx, sc)
	})
}

// DismissAll makes every notification of the reader inactive.
func (s *Subscriptions) DismissAll(ctx context.Context, sc entity.Scope) error {
	return s.e.DB.WithTx(ctx, func(ctx context.Context) error {
		err := s.e.DB.Exec(ctx, `UPDATE notifications SET is_active = 0 WHERE account_id = ? AND recipient_type = ?
			AND recipient_id = ? AND is_active = 1`, sc.Account, sc.Actor.Type, sc.Actor.ID)
		if err != nil {
			return fmt.Errorf("subscribe: dismiss all: %w", err)
		}
		return s.pushCounter(ctx, sc)
	})
}

// Counter is the reference's Counter of active notifications.
func Counter(n int64) map[string]any {
	return map[string]any{"contentType": "Counter", "id": "notification", "count": n, "attributes": []string{}}
}

// pushCounter tells the reader's other tabs the bell's new number.
func (s *Subscriptions) pushCounter(ctx context.Context, sc entity.Scope) error {
	if s.Push == nil {
		return nil
	}
	n, err := s.Unread(ctx, sc)
	if err != nil {
		return err
	}
	return s.Push(ctx, sc.Account, sc.Actor, UserRoute(sc.Actor), Counter(n))
}

type scanner interface{ Scan(dest ...any) error }

func scan(r scanner) (Notification, error) {
	var n Notification
	var mention, active int64
	err := r.Scan(&n.ID, &n.Recipient.Type, &n.Recipient.ID, &n.Type, &n.Subject.Type, &n.Subject.ID, &n.Comment,
		&n.Sender.Type, &n.Sender.ID, &n.Content, &mention, &active, &n.Time)
	n.Mention, n.Active = mention == 1, active == 1
	return n, err
}
