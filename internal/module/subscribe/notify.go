package subscribe

import (
	"context"
	"fmt"
	"html"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// TypeComment is the type of a notification about a new comment.
const TypeComment = "comment"

// excerptRunes bounds the text a notification carries: enough to read in
// the bell's list, small enough for the live channel.
const excerptRunes = 200

// afterComment runs in a new comment's transaction: the author follows
// the subject from now on, and every other subscriber who sees the subject
// gets a notification, pushed to them after commit. A comment the rules
// refuse rolls all of it back. System saves (first start, demo data) have
// no author and notify no one.
func (s *Subscriptions) afterComment(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if !c.New || c.Scope.System || c.Scope.Actor.ID == 0 {
		return nil
	}
	subject, ok := rec.Links["subject"]
	if !ok || !IsSubject(s.e, subject.Type) {
		return nil
	}
	author := c.Scope.Actor
	if err := s.subscribe(ctx, c.Scope.Account, subject, author); err != nil {
		return err
	}
	subs, err := s.Subscribers(ctx, c.Scope.Account, subject)
	if err != nil {
		return err
	}
	text, _ := rec.Values["content"].(string)
	n := Notification{Type: TypeComment, Subject: subject, Comment: rec.ID, Sender: author,
		Content: Excerpt(text), Time: s.e.Now().UnixMilli(), Active: true}
	t := s.e.Cat.Type(subject.Type)
	v := s.seer(c.Scope.Account)
	for _, who := range subs {
		if who == author {
			continue
		}
		seen, err := v.sees(ctx, who, t, []int64{subject.ID})
		if err != nil {
			return err
		}
		if !seen[subject.ID] {
			continue // a former participant who lost sight of it
		}
		one := n
		one.Recipient = who
		if err := s.insert(ctx, c.Scope.Account, &one); err != nil {
			return err
		}
		if s.Push != nil {
			if err := s.Push(ctx, c.Scope.Account, who, UserRoute(who), one.Encode(value.Options{})); err != nil {
				return err
			}
		}
	}
	return nil
}

// Send stores a notification another module raises (a to-do's reminder
// or invitation) and puts it on the recipient's live route, in ctx's
// transaction when there is one.
func (s *Subscriptions) Send(ctx context.Context, account int64, n *Notification) error {
	if n.Time == 0 {
		n.Time = s.e.Now().UnixMilli()
	}
	if err := s.insert(ctx, account, n); err != nil {
		return err
	}
	if s.Push == nil {
		return nil
	}
	return s.Push(ctx, account, n.Recipient, UserRoute(n.Recipient), n.Encode(value.Options{}))
}

func (s *Subscriptions) insert(ctx context.Context, account int64, n *Notification) error {
	db := s.e.DB
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO notifications (account_id, recipient_type,
		recipient_id, type, subject_type, subject_id, comment_id, sender_type, sender_id, content, is_mention,
		is_active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) RETURNING id`),
		account, n.Recipient.Type, n.Recipient.ID, n.Type, n.Subject.Type, n.Subject.ID, n.Comment,
		n.Sender.Type, n.Sender.ID, n.Content, boolInt(n.Mention), n.Time).Scan(&n.ID)
	if err != nil {
		return fmt.Errorf("subscribe: notify %s %d: %w", n.Recipient.Type, n.Recipient.ID, err)
	}
	return nil
}

// UserRoute is a user's own live route (docs/realtime.md): the employee's
// id, or "c" and the id for a guest.
func UserRoute(u value.Link) string {
	id := strconv.FormatInt(u.ID, 10)
	if u.Type == "ContractorHuman" {
		id = "c" + id
	}
	return "user:" + id
}

// Excerpt is a comment's text without markup, whitespace folded, cut to
// excerptRunes.
func Excerpt(content string) string {
	var b strings.Builder
	in := false
	for _, r := range content {
		switch {
		case r == '<':
			in = true
			b.WriteRune(' ') // a tag separates words (<p>a</p><p>b</p>)
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	text := strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
	if utf8.RuneCountInString(text) <= excerptRunes {
		return text
	}
	r := []rune(text)
	return strings.TrimSpace(string(r[:excerptRunes-1])) + "…"
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
