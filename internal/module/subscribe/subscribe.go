// Package subscribe keeps who follows the comments of a subject (task,
// project, deal, client, ...) and what a new comment tells them.
// Participants are subscribed when they join a subject, whoever writes a
// comment is subscribed to its subject, and anyone who sees a subject may
// subscribe or unsubscribe themselves (never someone else). A new comment
// leaves one notification for every other subscriber who still sees the
// subject, in the comment's transaction, and each is pushed to its reader's
// own live channel once that transaction commits.
package subscribe

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/comment"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Subscriptions reads and writes subscriptions and notifications.
type Subscriptions struct {
	e *entity.Engine
	// Scope completes a person's scope (rights groups, guest access) so the
	// rules can ask whether they see a subject: rights.Service.Fill.
	Scope func(ctx context.Context, sc *entity.Scope) error
	// Push puts a message on one user's own live route once ctx's
	// transaction commits: realtime.Hub.Send. Nil sends nothing.
	Push func(ctx context.Context, account int64, user value.Link, route string, msg any) error
}

// participantFields are the links naming a subject's participants, per
// type: they are subscribed when they join, and they are who may be
// offered as subscribers (possibleSubscribers).
var participantFields = map[string][]string{
	"Task":              {"owner", "responsible", "executors", "auditors"},
	"Project":           {"owner", "responsible", "executors", "auditors"},
	"Deal":              {"manager", "auditors"},
	"ContractorCompany": {"responsibles"},
	"ContractorHuman":   {"responsibles"},
	"Todo":              {"userCreated", "responsible", "participants"},
	"Topic":             {"owner", "participants", "visavis"},
}

// subscriberTypes are who can follow comments: employees and guests.
var subscriberTypes = []string{"Employee", "ContractorHuman"}

// subjectFields are the figures a subject shows its reader.
var subjectFields = []string{"subscribed", "subscribers", "subscribersCount", "possibleSubscribers", "possibleSubscribersCount"}

// Register installs the subscription rules: the subject figures, the
// hooks that subscribe participants and commenters, and the unread count
// of notifications on the reader's own Employee card.
func Register(e *entity.Engine) *Subscriptions {
	s := &Subscriptions{e: e}
	for _, name := range Subjects(e) {
		t := e.Cat.Type(name)
		var fields []string
		for _, f := range subjectFields {
			if t.Has(f) {
				fields = append(fields, f)
			}
		}
		// Not InLists: a list pays for these only when it names them.
		e.Compute(name, entity.Computer{Fields: fields, Fill: s.fillSubject})
		e.Hook(name, entity.Hooks{BeforeSave: s.beforeSubjectSave, AfterSave: s.afterSubjectSave, BeforeDelete: s.beforeSubjectDelete})
	}
	e.Hook("Comment", entity.Hooks{AfterSave: s.afterComment})
	if e.Cat.Type("Employee").Has("notificationsUnreadCount") {
		e.Compute("Employee", entity.Computer{Fields: []string{"notificationsUnreadCount"}, Fill: s.fillUnread})
	}
	return s
}

// Subjects are the comment subjects that have subscribers.
func Subjects(e *entity.Engine) []string {
	var out []string
	for _, name := range comment.Subjects(e) {
		if t := e.Cat.Type(name); t != nil && t.Has("subscribed") {
			out = append(out, name)
		}
	}
	return out
}

// IsSubject reports whether a type has subscribers.
func IsSubject(e *entity.Engine, typeName string) bool {
	return slices.Contains(Subjects(e), typeName)
}

// Set subscribes (on) or unsubscribes the reader, who must see the
// subject; it answers the subject.
func (s *Subscriptions) Set(ctx context.Context, sc entity.Scope, subject value.Link, on bool) (*entity.Record, error) {
	if !IsSubject(s.e, subject.Type) || !isSubscriber(sc.Actor) {
		return nil, entity.ErrNotFound
	}
	var rec *entity.Record
	err := s.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = s.e.Get(ctx, sc, subject.Type, subject.ID); err != nil {
			return err
		}
		if on {
			return s.subscribe(ctx, sc.Account, subject, sc.Actor)
		}
		return s.unsubscribe(ctx, sc.Account, subject, sc.Actor)
	})
	return rec, err
}

func (s *Subscriptions) subscribe(ctx context.Context, account int64, subject value.Link, who ...value.Link) error {
	for _, w := range who {
		if !isSubscriber(w) {
			continue
		}
		err := s.e.DB.Exec(ctx, `INSERT INTO subscriptions (account_id, subject_type, subject_id, user_type, user_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, account, subject.Type, subject.ID, w.Type, w.ID, s.e.Now().UnixMilli())
		if err != nil {
			return fmt.Errorf("subscribe: %w", err)
		}
	}
	return nil
}

func (s *Subscriptions) unsubscribe(ctx context.Context, account int64, subject value.Link, who value.Link) error {
	err := s.e.DB.Exec(ctx, `DELETE FROM subscriptions WHERE account_id = ? AND subject_type = ? AND subject_id = ?
		AND user_type = ? AND user_id = ?`, account, subject.Type, subject.ID, who.Type, who.ID)
	if err != nil {
		return fmt.Errorf("subscribe: unsubscribe: %w", err)
	}
	return nil
}

// Subscribers lists a subject's subscribers in the order they subscribed.
func (s *Subscriptions) Subscribers(ctx context.Context, account int64, subject value.Link) ([]value.Link, error) {
	got, err := s.subscribersOf(ctx, account, subject.Type, []int64{subject.ID})
	return got[subject.ID], err
}

func (s *Subscriptions) subscribersOf(ctx context.Context, account int64, typ string, ids []int64) (map[int64][]value.Link, error) {
	db := s.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT subject_id, user_type, user_id FROM subscriptions
		WHERE account_id = ? AND subject_type = ? AND subject_id IN (`+store.Marks(len(ids))+`) ORDER BY created_at, user_type, user_id`),
		append([]any{account, typ}, store.Args(ids)...)...)
	if err != nil {
		return nil, fmt.Errorf("subscribe: subscribers: %w", err)
	}
	defer rows.Close()
	out := map[int64][]value.Link{}
	for rows.Next() {
		var id int64
		var l value.Link
		if err := rows.Scan(&id, &l.Type, &l.ID); err != nil {
			return nil, err
		}
		out[id] = append(out[id], l)
	}
	return out, rows.Err()
}

func isSubscriber(l value.Link) bool {
	return l.ID != 0 && slices.Contains(subscriberTypes, l.Type)
}

func participantsOf(t *catalog.Type) []*catalog.Field {
	var out []*catalog.Field
	for _, name := range participantFields[t.Name] {
		if f := t.Field(name); f != nil && (f.Role == catalog.RoleLink || f.Role == catalog.RoleLinks) {
			out = append(out, f)
		}
	}
	return out
}
