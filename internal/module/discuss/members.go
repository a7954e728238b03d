package discuss

import (
	"context"
	"fmt"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// setting is one member's own view of a chat.
type setting struct {
	soundOff, forever, corporate bool
	till                         int64 // ms; 0 when not pinned till a date
}

// pinned: spec 001 §3.10, a corporate discussion, one attached forever,
// or one attached until a future date.
func (s setting) pinned(now int64) bool { return s.corporate || s.forever || s.till > now }

// settings reads the reader's rows for the chats given.
func (m *Module) settings(ctx context.Context, sc entity.Scope, ids []int64) (map[int64]setting, error) {
	out := map[int64]setting{}
	if len(ids) == 0 {
		return out, nil
	}
	db := m.e.DB
	q := `SELECT c.topic_id, COALESCE(m.sound_off, 0), COALESCE(m.attached_forever, 0), COALESCE(m.attached_till, 0), c.corporate
		FROM discuss_chats c LEFT JOIN discuss_members m ON m.account_id = c.account_id AND m.topic_id = c.topic_id
			AND m.member_type = ? AND m.member_id = ?
		WHERE c.account_id = ? AND c.topic_id IN (` + store.Marks(len(ids)) + `)`
	args := append([]any{sc.Actor.Type, sc.Actor.ID, sc.Account}, store.Args(ids)...)
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("discuss: settings: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, sound, forever, till, corp int64
		if err := rows.Scan(&id, &sound, &forever, &till, &corp); err != nil {
			return nil, err
		}
		out[id] = setting{soundOff: sound == 1, forever: forever == 1, till: till, corporate: corp == 1}
	}
	return out, rows.Err()
}

// fill answers the reader's own fields of each Topic.
func (m *Module) fill(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	set, err := m.settings(ctx, sc, ids)
	if err != nil {
		return err
	}
	now := m.e.Now().UnixMilli()
	for _, rec := range recs {
		s := set[rec.ID]
		if want["isAttached"] {
			rec.SetComputed("isAttached", s.pinned(now))
		}
		if want["isAttachedForever"] {
			rec.SetComputed("isAttachedForever", s.forever || s.corporate)
		}
		if want["attachedTill"] {
			var till any
			if s.till > now && !s.forever {
				till = value.DateTime{}.Encode(s.till, value.Options{})
			}
			rec.SetComputed("attachedTill", till)
		}
		if want["soundDisable"] {
			rec.SetComputed("soundDisable", s.soundOff)
		}
	}
	return nil
}

// member checks the reader sees the chat (404 otherwise) and is in it
// (403 otherwise: an administrator sees chats they have no place in).
func (m *Module) member(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, error) {
	rec, err := m.e.Get(ctx, sc, "Topic", id)
	if err != nil {
		return nil, err
	}
	db := m.e.DB
	var n int64
	if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM discuss_members WHERE account_id = ?
		AND member_type = ? AND member_id = ? AND topic_id = ?`), sc.Account, sc.Actor.Type, sc.Actor.ID, id).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, entity.ErrForbidden
	}
	return rec, nil
}

// Attach pins a chat for the reader: till a time, or forever when till is
// zero. Unattach unpins it (a corporate chat stays pinned for everyone).
func (m *Module) Attach(ctx context.Context, sc entity.Scope, id int64, till time.Time, on bool) (*entity.Record, error) {
	var forever, at any = 0, nil
	if on && till.IsZero() {
		forever = 1
	} else if on {
		at = till.UnixMilli()
	}
	return m.update(ctx, sc, id, `attached_forever = ?, attached_till = ?`, forever, at)
}

// Sound turns a chat's sound on or off for the reader.
func (m *Module) Sound(ctx context.Context, sc entity.Scope, id int64, on bool) (*entity.Record, error) {
	off := 1
	if on {
		off = 0
	}
	return m.update(ctx, sc, id, `sound_off = ?`, off)
}

func (m *Module) update(ctx context.Context, sc entity.Scope, id int64, set string, args ...any) (*entity.Record, error) {
	var rec *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = m.member(ctx, sc, id); err != nil {
			return err
		}
		db := m.e.DB
		args = append(args, sc.Account, sc.Actor.Type, sc.Actor.ID, id)
		_, err = db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE discuss_members SET `+set+`
			WHERE account_id = ? AND member_type = ? AND member_id = ? AND topic_id = ?`), args...)
		return err
	})
	return rec, err
}

// Corporate marks a discussion as the company's (pinned for all its
// members) or not; administrators only.
func (m *Module) Corporate(ctx context.Context, sc entity.Scope, id int64, on bool) (*entity.Record, error) {
	if !sc.Admin && !sc.System {
		return nil, entity.ErrForbidden
	}
	flag := 0
	if on {
		flag = 1
	}
	var rec *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = m.e.Get(ctx, sc, "Topic", id); err != nil {
			return err
		}
		db := m.e.DB
		_, err = db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE discuss_chats SET corporate = ? WHERE account_id = ? AND topic_id = ?`),
			flag, sc.Account, id)
		return err
	})
	return rec, err
}
