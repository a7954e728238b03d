package rights

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// changed schedules Changed for after the commit.
func (s *Service) changed(ctx context.Context, account int64, who []value.Link) {
	if s.Changed != nil {
		store.AfterCommit(ctx, func() { s.Changed(account, who) })
	}
}

// members lists a group's members and whether it is everyone's, for
// telling Changed whom an edit touched.
func (s *Service) members(ctx context.Context, account, id int64) (everyone bool, who []value.Link, err error) {
	var every int64
	if err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(
		"SELECT everyone FROM rights_groups WHERE account_id = ? AND id = ?"), account, id).Scan(&every); err != nil {
		return false, nil, err
	}
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(
		"SELECT subject_type, subject_id FROM rights_members WHERE account_id = ? AND group_id = ?"), account, id)
	if err != nil {
		return false, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var l value.Link
		if err := rows.Scan(&l.Type, &l.ID); err != nil {
			return false, nil, err
		}
		who = append(who, l)
	}
	return every == 1, who, rows.Err()
}

// touched is whom a group edit concerns: nil (everyone) when the group is
// or was everyone's, else its old and new members.
func touched(everyone bool, lists ...[]value.Link) []value.Link {
	if everyone {
		return nil
	}
	out := []value.Link{}
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// Watch tells Changed whom a Group edit adds to it or takes from it: a
// group in a task's roles shows the task to its members, so the live
// socket re-reads their scope (Scope.Groups) at once.
func (s *Service) Watch(e *entity.Engine) {
	e.Hook("Group", entity.Hooks{
		BeforeSave: func(ctx context.Context, c *entity.Change) error {
			now, given := c.Many["children"]
			if !given {
				return nil
			}
			var old []value.Link
			if !c.New {
				var err error
				if old, err = s.children(ctx, c.Scope.Account, c.ID); err != nil {
					return err
				}
			}
			if who := moved(old, now); len(who) > 0 {
				s.changed(ctx, c.Scope.Account, who)
			}
			return nil
		},
		BeforeDelete: func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
			old, err := s.children(ctx, sc.Account, rec.ID)
			if err == nil && len(old) > 0 {
				s.changed(ctx, sc.Account, old)
			}
			return err
		},
	})
}

// children are a Group's members as stored.
func (s *Service) children(ctx context.Context, account, id int64) ([]value.Link, error) {
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT dst_type, dst_id FROM links
		WHERE account_id = ? AND src_type = 'Group' AND src_id = ? AND field = 'children'`), account, id)
	if err != nil {
		return nil, fmt.Errorf("rights: group children: %w", err)
	}
	return store.Links(rows)
}

// moved is who is in one list and not the other.
func moved(a, b []value.Link) []value.Link {
	var out []value.Link
	for _, pair := range [][2][]value.Link{{a, b}, {b, a}} {
		for _, l := range pair[0] {
			if !slices.Contains(pair[1], l) && !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	return out
}
