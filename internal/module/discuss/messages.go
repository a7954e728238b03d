package discuss

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// TypeMention is the type of the notification a mention leaves.
const TypeMention = "mention"

// mentionRe is a mention as the composer writes it into a message's
// text: @[the name shown](Employee:5). The name is for readers of the
// plain text; the link decides who is mentioned.
var mentionRe = regexp.MustCompile(`@\[[^\]\n]{0,200}\]\((Employee|ContractorHuman):(\d{1,18})\)`)

// Mentions reads the people a text mentions, each once, in order.
func Mentions(text string) []value.Link {
	var out []value.Link
	for _, m := range mentionRe.FindAllStringSubmatch(text, -1) {
		id, err := strconv.ParseInt(m[2], 10, 64)
		if err != nil {
			continue
		}
		l := value.Link{Type: m[1], ID: id}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// afterComment, for a message of a chat: the chat's newest message moves
// up the list, the people mentioned in a new message who are in the chat
// are notified, and every member hears of the message on their own live
// route once the transaction commits.
func (m *Module) afterComment(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	subject, ok := rec.Links["subject"]
	if !ok || subject.Type != "Topic" {
		return nil
	}
	account := c.Scope.Account
	db := m.e.DB
	if c.New {
		if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`INSERT INTO discuss_chats (account_id, topic_id, last_comment_id)
			VALUES (?, ?, ?) ON CONFLICT (account_id, topic_id) DO UPDATE SET last_comment_id = CASE
			WHEN excluded.last_comment_id > discuss_chats.last_comment_id THEN excluded.last_comment_id
			ELSE discuss_chats.last_comment_id END`), account, subject.ID, rec.ID); err != nil {
			return fmt.Errorf("discuss: newest of %d: %w", subject.ID, err)
		}
	}
	members, err := m.members(ctx, account, subject.ID)
	if err != nil {
		return err
	}
	author := rec.Links["owner"]
	if c.New && !c.Scope.System {
		if err := m.notifyMentions(ctx, account, subject, rec, author, members); err != nil {
			return err
		}
	}
	kind := "changed"
	if c.New {
		kind = "message"
	}
	return m.tell(ctx, account, members, Event(kind, subject, author, &rec.ID))
}

func (m *Module) notifyMentions(ctx context.Context, account int64, chat value.Link, rec *entity.Record, author value.Link, members []value.Link) error {
	if m.Notify == nil {
		return nil
	}
	text, _ := rec.Values["content"].(string)
	for _, who := range Mentions(text) {
		// Only someone who can read the chat learns they were named in it.
		if who == author || !slices.Contains(members, who) {
			continue
		}
		n := &subscribe.Notification{Recipient: who, Type: TypeMention, Subject: chat, Comment: rec.ID, Sender: author,
			Content: subscribe.Excerpt(mentionRe.ReplaceAllStringFunc(text, plainName)), Mention: true, Active: true}
		if err := m.Notify(ctx, account, n); err != nil {
			return err
		}
	}
	return nil
}

// plainName turns a mention into "@name" for a notification's excerpt.
func plainName(token string) string {
	end := 2
	for end < len(token) && token[end] != ']' {
		end++
	}
	return "@" + token[2:end]
}

// Event is a chat's live message: kind "message" (a new one), "changed"
// (edited, deleted, restored) or "typing"; comment is nil for typing.
func Event(kind string, chat, who value.Link, comment *int64) map[string]any {
	ev := map[string]any{"contentType": "ChatEvent", "type": kind, "chat": value.EncodeLink(chat),
		"user": value.EncodeLink(who)}
	if comment != nil {
		ev["comment"] = value.EncodeLink(value.Link{Type: "Comment", ID: *comment})
	}
	return ev
}

// tell puts an event on each member's own route (after commit).
func (m *Module) tell(ctx context.Context, account int64, to []value.Link, ev map[string]any) error {
	if m.Push == nil {
		return nil
	}
	for _, who := range to {
		if err := m.Push(ctx, account, who, subscribe.UserRoute(who), ev); err != nil {
			return fmt.Errorf("discuss: push to %v: %w", who, err)
		}
	}
	return nil
}
