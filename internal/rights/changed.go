package rights

import (
	"context"

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
