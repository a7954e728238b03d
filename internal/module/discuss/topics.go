package discuss

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// beforeTopic: whoever starts a chat owns it and is in it; a private
// dialogue is between its owner and its visavis, exactly those two, and
// stays between them.
func (m *Module) beforeTopic(ctx context.Context, c *entity.Change) error {
	sc := c.Scope
	if c.New && !sc.System && sc.Actor.ID != 0 {
		a := sc.Actor
		c.Links["owner"] = &a
		if parts, given := c.Many["participants"]; !given || !slices.Contains(parts, a) {
			c.Many["participants"] = append(c.Many["participants"], a)
		}
	}
	if !c.New {
		if isDialogue(c.Old) {
			if _, ok := c.Many["participants"]; ok && !sc.System {
				return entity.Invalidf("participants", entity.CodeReadOnly, "")
			}
			if _, ok := c.Links["visavis"]; ok && !sc.System {
				return entity.Invalidf("visavis", entity.CodeReadOnly, "")
			}
		}
		return nil
	}
	if !value.True(c.Values["isPrivate"]) || value.True(c.Values["isDiscussable"]) {
		return nil
	}
	owner, visavis := c.Links["owner"], c.Links["visavis"]
	if visavis == nil || visavis.ID == 0 {
		return entity.Invalidf("visavis", entity.CodeRequired, "")
	}
	if owner == nil || !person(*visavis) {
		return entity.Invalidf("visavis", entity.CodeRequired, "")
	}
	if *owner == *visavis {
		return entity.Invalidf("visavis", CodeDialogueSelf, "")
	}
	c.Many["participants"] = []value.Link{*owner, *visavis}
	return nil
}

// afterTopic keeps the members' rows in step with the owner, visavis and
// participants, and claims the pair of a new dialogue: a second dialogue
// of the same two people is refused, whole.
func (m *Module) afterTopic(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	db := m.e.DB
	q := db.Q(ctx)
	account := c.Scope.Account
	if c.New {
		if _, err := q.ExecContext(ctx, db.Dialect.Rebind(`INSERT INTO discuss_chats (account_id, topic_id)
			VALUES (?, ?) ON CONFLICT DO NOTHING`), account, rec.ID); err != nil {
			return fmt.Errorf("discuss: chat %d: %w", rec.ID, err)
		}
		if isDialogue(rec) {
			if err := m.claimPair(ctx, account, rec); err != nil {
				return err
			}
		}
	}
	_, parts := c.Many["participants"]
	_, owner := c.Links["owner"]
	_, visavis := c.Links["visavis"]
	if c.New || parts || owner || visavis {
		return m.syncMembers(ctx, account, rec)
	}
	return nil
}

// claimPair records the dialogue under its two people, in a fixed order
// so (a, b) and (b, a) are one key.
func (m *Module) claimPair(ctx context.Context, account int64, rec *entity.Record) error {
	a, b := pair(rec.Links["owner"], rec.Links["visavis"])
	db := m.e.DB
	res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`INSERT INTO discuss_dialogues
		(account_id, a_type, a_id, b_type, b_id, topic_id) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
		account, a.Type, a.ID, b.Type, b.ID, rec.ID)
	if err != nil {
		return fmt.Errorf("discuss: dialogue %d: %w", rec.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return entity.Invalidf("visavis", CodeDialogueExists, "")
	}
	return nil
}

func pair(x, y value.Link) (value.Link, value.Link) {
	if x.Type > y.Type || x.Type == y.Type && x.ID > y.ID {
		return y, x
	}
	return x, y
}

// dialogueOf finds the dialogue of two people; 0 when there is none.
func (m *Module) dialogueOf(ctx context.Context, account int64, x, y value.Link) (int64, error) {
	a, b := pair(x, y)
	db := m.e.DB
	var id int64
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COALESCE(MAX(topic_id), 0) FROM discuss_dialogues
		WHERE account_id = ? AND a_type = ? AND a_id = ? AND b_type = ? AND b_id = ?`),
		account, a.Type, a.ID, b.Type, b.ID).Scan(&id)
	return id, err
}

// syncMembers makes the members' rows those of the topic's people now,
// keeping the pin and sound of whoever stays.
func (m *Module) syncMembers(ctx context.Context, account int64, rec *entity.Record) error {
	db := m.e.DB
	q := db.Q(ctx)
	want := map[value.Link]bool{}
	for _, f := range []string{"owner", "visavis"} {
		if l, ok := rec.Links[f]; ok && person(l) {
			want[l] = true
		}
	}
	rows, err := q.QueryContext(ctx, db.Dialect.Rebind(`SELECT dst_type, dst_id FROM links
		WHERE account_id = ? AND src_type = 'Topic' AND src_id = ? AND field = 'participants'`), account, rec.ID)
	if err != nil {
		return fmt.Errorf("discuss: participants of %d: %w", rec.ID, err)
	}
	for rows.Next() {
		var l value.Link
		if err := rows.Scan(&l.Type, &l.ID); err != nil {
			rows.Close()
			return err
		}
		if person(l) {
			want[l] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	have, err := m.members(ctx, account, rec.ID)
	if err != nil {
		return err
	}
	for _, l := range have {
		if want[l] {
			delete(want, l)
			continue
		}
		if _, err := q.ExecContext(ctx, db.Dialect.Rebind(`DELETE FROM discuss_members WHERE account_id = ?
			AND member_type = ? AND member_id = ? AND topic_id = ?`), account, l.Type, l.ID, rec.ID); err != nil {
			return err
		}
	}
	for l := range want {
		if _, err := q.ExecContext(ctx, db.Dialect.Rebind(`INSERT INTO discuss_members (account_id, topic_id,
			member_type, member_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`), account, rec.ID, l.Type, l.ID); err != nil {
			return fmt.Errorf("discuss: member of %d: %w", rec.ID, err)
		}
	}
	return nil
}

// members are the people of a chat.
func (m *Module) members(ctx context.Context, account, topic int64) ([]value.Link, error) {
	db := m.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT member_type, member_id FROM discuss_members
		WHERE account_id = ? AND topic_id = ?`), account, topic)
	if err != nil {
		return nil, fmt.Errorf("discuss: members of %d: %w", topic, err)
	}
	defer rows.Close()
	var out []value.Link
	for rows.Next() {
		var l value.Link
		if err := rows.Scan(&l.Type, &l.ID); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// beforeDelete drops the chat's own rows with it.
func (m *Module) beforeDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	db := m.e.DB
	for _, table := range []string{"discuss_members", "discuss_chats", "discuss_dialogues"} {
		if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`DELETE FROM `+table+` WHERE account_id = ? AND topic_id = ?`),
			sc.Account, rec.ID); err != nil {
			return fmt.Errorf("discuss: drop %s of %d: %w", table, rec.ID, err)
		}
	}
	return nil
}
