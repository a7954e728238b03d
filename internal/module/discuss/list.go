package discuss

import (
	"context"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// ChatPage is one page of the reader's chat list.
type ChatPage struct {
	Records     []*entity.Record
	HasMoreNext bool
}

// chatOrder is the list's key per chat of the reader: pinned first, then
// the newest message, then the newest chat.
const chatOrder = `SELECT m.topic_id AS id,
		CASE WHEN c.corporate = 1 OR m.attached_forever = 1 OR COALESCE(m.attached_till, 0) > ? THEN 1 ELSE 0 END AS pin,
		c.last_comment_id AS last
	FROM discuss_members m JOIN discuss_chats c ON c.account_id = m.account_id AND c.topic_id = m.topic_id
	WHERE m.account_id = ? AND m.member_type = ? AND m.member_id = ?`

// Chats lists the chats the reader is in (GET /topic/attachedFirst),
// keyset-paged after a chat of the list: its (pin, last, id) is read
// again, so a page follows on however the list moved since.
func (m *Module) Chats(ctx context.Context, sc entity.Scope, limit int, after int64) (*ChatPage, error) {
	db := m.e.DB
	now := m.e.Now().UnixMilli()
	args := []any{now, sc.Account, sc.Actor.Type, sc.Actor.ID}
	q := `SELECT id FROM (` + chatOrder + `) k`
	if after > 0 {
		var pin, last int64
		err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT pin, last FROM (`+chatOrder+`) k WHERE id = ?`),
			append(args, after)...).Scan(&pin, &last)
		if err != nil {
			return nil, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
		}
		q += ` WHERE (pin < ? OR pin = ? AND (last < ? OR last = ? AND id < ?))`
		args = append(args, pin, pin, last, last, after)
	}
	q += ` ORDER BY pin DESC, last DESC, id DESC LIMIT ?`
	args = append(args, limit+1)
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("discuss: chat list: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	page := &ChatPage{HasMoreNext: len(ids) > limit}
	if page.HasMoreNext {
		ids = ids[:limit]
	}
	recs, err := m.e.GetMany(ctx, sc, "Topic", ids)
	if err != nil {
		return nil, err
	}
	byID := map[int64]*entity.Record{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	for _, id := range ids {
		if r := byID[id]; r != nil {
			page.Records = append(page.Records, r)
		}
	}
	return page, nil
}

// TotalUnread counts the messages of others past the reader's marker in
// every chat the reader is in (GET /chat/totalUnreadCommentsCount), the
// same rule as each chat's unreadCommentsCount.
func (m *Module) TotalUnread(ctx context.Context, sc entity.Scope) (int64, error) {
	t := m.e.Cat.Type("Comment")
	subj, owner, dropped := t.Field("subject").Column, t.Field("owner").Column, t.Field("isDropped").Column
	q := fmt.Sprintf(`SELECT COUNT(*) FROM discuss_members m
		JOIN %[1]s c ON c.account_id = m.account_id AND c.%[2]s_t = 'Topic' AND c.%[2]s_i = m.topic_id
		LEFT JOIN comment_reads r ON r.account_id = m.account_id AND r.subject_type = 'Topic' AND r.subject_id = m.topic_id
			AND r.reader_type = m.member_type AND r.reader_id = m.member_id
		WHERE m.account_id = ? AND m.member_type = ? AND m.member_id = ? AND c.id > COALESCE(r.last_read_id, 0)
			AND COALESCE(c.%[4]s, 0) = 0 AND NOT (c.%[3]s_t = ? AND c.%[3]s_i = ?)`, t.Table, subj, owner, dropped)
	var n int64
	db := m.e.DB
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(q), sc.Account, sc.Actor.Type, sc.Actor.ID,
		sc.Actor.Type, sc.Actor.ID).Scan(&n)
	return n, err
}

// Dialogue finds the reader's private dialogue with someone, or starts
// it: asking twice, or both people at once, gives the one dialogue.
func (m *Module) Dialogue(ctx context.Context, sc entity.Scope, with value.Link) (*entity.Record, error) {
	if sc.Actor.ID == 0 || !person(with) || with.ID == 0 {
		return nil, entity.Invalidf("visavis", entity.CodeRequired, "")
	}
	if with == sc.Actor {
		return nil, entity.Invalidf("visavis", CodeDialogueSelf, "")
	}
	for try := 0; try < 2; try++ {
		id, err := m.dialogueOf(ctx, sc.Account, sc.Actor, with)
		if err != nil {
			return nil, err
		}
		if id != 0 {
			return m.e.Get(ctx, sc, "Topic", id)
		}
		rec, err := m.e.Create(ctx, sc, "Topic", entity.Input{
			"isPrivate": []byte("true"), "isDiscussable": []byte("false"),
			"visavis":      mustLink(with),
			"participants": []byte(`[` + string(mustLink(sc.Actor)) + `,` + string(mustLink(with)) + `]`),
		})
		var inv *entity.Invalid
		if errors.As(err, &inv) && len(inv.Errors) == 1 && inv.Errors[0].Code == CodeDialogueExists {
			continue // the other person started it a moment ago
		}
		return rec, err
	}
	return nil, entity.Invalidf("visavis", CodeDialogueExists, "")
}

func mustLink(l value.Link) []byte {
	return []byte(fmt.Sprintf(`{"contentType":%q,"id":"%d"}`, l.Type, l.ID))
}
