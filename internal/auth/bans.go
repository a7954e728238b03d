package auth

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/value"
)

// Reasons a subject may not sign in. They are kept apart so that taking a
// fired employee back does not lift a block, and unblocking does not undo
// a dismissal.
const (
	BanFired   = "fired"
	BanBlocked = "blocked"
)

// ErrBlocked refuses the sign-in of a fired or blocked user whose password
// was right. It is also an ErrBadCredentials, so callers that know only
// that answer 401 too.
var ErrBlocked = fmt.Errorf("%w: the user is blocked or dismissed", ErrBadCredentials)

// Ban stops a subject signing in for a reason and ends all its sessions,
// in the caller's transaction when ctx carries one.
func (s *Service) Ban(ctx context.Context, account int64, subj value.Link, reason string) error {
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := s.DB.Exec(ctx, `DELETE FROM sign_in_bans WHERE account_id = ? AND subject_type = ?
			AND subject_id = ? AND reason = ?`, account, subj.Type, subj.ID, reason); err != nil {
			return err
		}
		if err := s.DB.Exec(ctx, `INSERT INTO sign_in_bans (account_id, subject_type, subject_id, reason, since)
			VALUES (?, ?, ?, ?, ?)`, account, subj.Type, subj.ID, reason, s.Now().Unix()); err != nil {
			return err
		}
		return s.EndAll(ctx, account, subj)
	})
}

// Unban lifts one reason; the subject signs in again once none is left.
func (s *Service) Unban(ctx context.Context, account int64, subj value.Link, reason string) error {
	return s.DB.Exec(ctx, `DELETE FROM sign_in_bans WHERE account_id = ? AND subject_type = ?
		AND subject_id = ? AND reason = ?`, account, subj.Type, subj.ID, reason)
}

// Bans lists the reasons a subject may not sign in (none: it may).
func (s *Service) Bans(ctx context.Context, account int64, subj value.Link) (map[string]bool, error) {
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT reason FROM sign_in_bans
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`), account, subj.Type, subj.ID)
	if err != nil {
		return nil, fmt.Errorf("auth: bans: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return nil, err
		}
		out[r] = true
	}
	return out, rows.Err()
}

// HasCredentials reports whether a subject has a login and password.
func (s *Service) HasCredentials(ctx context.Context, account int64, subj value.Link) (bool, error) {
	var n int64
	err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT COUNT(*) FROM credentials
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`), account, subj.Type, subj.ID).Scan(&n)
	return n > 0, err
}

// EndAll closes every session of a subject: on dismissal, block, or when
// an administrator resets the password.
func (s *Service) EndAll(ctx context.Context, account int64, subj value.Link) error {
	_, err := s.endSessions(ctx, account, "subject_type = ? AND subject_id = ?", subj.Type, subj.ID)
	return err
}
