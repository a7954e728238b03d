package subscribe

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// beforeSubjectSave subscribes the people an update adds as participants.
// It runs before the write because only then do the links table's
// collections still hold the old members; the rows it writes share the
// save's transaction, so a refused save leaves none. Someone who stays a
// participant is not subscribed again: they may have unsubscribed.
func (s *Subscriptions) beforeSubjectSave(ctx context.Context, c *entity.Change) error {
	if c.New {
		return nil
	}
	var added []value.Link
	for _, f := range participantsOf(c.Type) {
		if f.Role == catalog.RoleLink {
			if l, given := c.Links[f.Name]; given && l != nil && *l != c.Old.Links[f.Name] {
				added = append(added, *l)
			}
			continue
		}
		next, given := c.Many[f.Name]
		if !given {
			continue
		}
		before, err := s.members(ctx, c.Scope.Account, value.Link{Type: c.Type.Name, ID: c.ID}, []string{f.Name})
		if err != nil {
			return err
		}
		for _, l := range next {
			if !slices.Contains(before, l) {
				added = append(added, l)
			}
		}
	}
	return s.subscribe(ctx, c.Scope.Account, value.Link{Type: c.Type.Name, ID: c.ID}, added...)
}

// afterSubjectSave subscribes the participants of a new subject, and when
// an update changed who takes part, unsubscribes whoever no longer sees
// the subject (a removed auditor with no other way in).
func (s *Subscriptions) afterSubjectSave(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	fields := participantsOf(c.Type)
	subject := rec.Link()
	if c.New {
		who, err := s.participants(ctx, c.Scope.Account, rec, fields)
		if err != nil {
			return err
		}
		return s.subscribe(ctx, c.Scope.Account, subject, who...)
	}
	touched := false
	for _, f := range fields {
		_, single := c.Links[f.Name]
		_, many := c.Many[f.Name]
		touched = touched || single || many
	}
	if !touched {
		return nil
	}
	subs, err := s.Subscribers(ctx, c.Scope.Account, subject)
	if err != nil {
		return err
	}
	v := s.seer(c.Scope.Account)
	for _, who := range subs {
		seen, err := v.sees(ctx, who, c.Type, []int64{c.ID})
		if err != nil {
			return err
		}
		if !seen[c.ID] {
			if err := s.unsubscribe(ctx, c.Scope.Account, subject, who); err != nil {
				return err
			}
		}
	}
	return nil
}

// beforeSubjectDelete forgets a deleted subject's subscriptions and the
// notifications that would open it.
func (s *Subscriptions) beforeSubjectDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	for _, table := range []string{"subscriptions", "notifications"} {
		err := s.e.DB.Exec(ctx, `DELETE FROM `+table+` WHERE account_id = ? AND subject_type = ? AND subject_id = ?`,
			sc.Account, rec.Type.Name, rec.ID)
		if err != nil {
			return fmt.Errorf("subscribe: forget %s %d: %w", rec.Type.Name, rec.ID, err)
		}
	}
	return nil
}

// participants are the people a record's participant fields name: single
// links from the record, collections from the links table.
func (s *Subscriptions) participants(ctx context.Context, account int64, rec *entity.Record, fields []*catalog.Field) ([]value.Link, error) {
	var many []string
	var who []value.Link
	for _, f := range fields {
		if f.Role == catalog.RoleLink {
			if l, ok := rec.Links[f.Name]; ok && isSubscriber(l) && !slices.Contains(who, l) {
				who = append(who, l)
			}
			continue
		}
		many = append(many, f.Name)
	}
	if len(many) > 0 {
		got, err := s.members(ctx, account, rec.Link(), many)
		if err != nil {
			return nil, err
		}
		for _, l := range got {
			if isSubscriber(l) && !slices.Contains(who, l) {
				who = append(who, l)
			}
		}
	}
	return who, nil
}

// members reads the links of a subject's collection fields.
func (s *Subscriptions) members(ctx context.Context, account int64, subject value.Link, fields []string) ([]value.Link, error) {
	args := append([]any{account, subject.Type, subject.ID}, store.Args(fields)...)
	db := s.e.DB
	// "+account_id": with field IN (…) SQLite (no statistics) takes the
	// account's whole index of link targets (links_dst) instead of the
	// subject's few rows by primary key; at a million tasks that made a
	// create read every link of the account (a second of CPU).
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT dst_type, dst_id FROM links WHERE +account_id = ?
		AND src_type = ? AND src_id = ? AND field IN (`+store.Marks(len(fields))+`) ORDER BY pos`), args...)
	if err != nil {
		return nil, fmt.Errorf("subscribe: members of %s %d: %w", subject.Type, subject.ID, err)
	}
	return store.Links(rows)
}
