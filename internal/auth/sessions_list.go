package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/artel/artel/internal/value"
)

// SessionInfo is one live session as its owner sees it in a list.
type SessionInfo struct {
	ID        int64
	Kind      string
	Created   time.Time
	Expires   time.Time
	IP        string
	UserAgent string
}

// Sessions lists a subject's live sessions, newest first. A token session
// counts as live while its refresh token is, since it can still be renewed.
func (s *Service) Sessions(ctx context.Context, account int64, subj value.Link) ([]SessionInfo, error) {
	now := s.Now().Unix()
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT id, kind, created_at, expires_at,
		refresh_expires_at, ip, user_agent FROM sessions WHERE account_id = ? AND subject_type = ? AND subject_id = ?
		AND (expires_at > ? OR (kind = ? AND refresh_expires_at > ?)) ORDER BY created_at DESC, id DESC`),
		account, subj.Type, subj.ID, now, KindToken, now)
	if err != nil {
		return nil, fmt.Errorf("auth: sessions: %w", err)
	}
	defer rows.Close()
	out := []SessionInfo{}
	for rows.Next() {
		var si SessionInfo
		var created, exp, refreshExp int64
		if err := rows.Scan(&si.ID, &si.Kind, &created, &exp, &refreshExp, &si.IP, &si.UserAgent); err != nil {
			return nil, err
		}
		if si.Kind == KindToken {
			exp = max(exp, refreshExp)
		}
		si.Created, si.Expires = time.Unix(created, 0), time.Unix(exp, 0)
		out = append(out, si)
	}
	return out, rows.Err()
}

// EndOwn closes one of the subject's sessions; ErrBadToken when it has no
// such session, so nobody can end another user's session by its id.
func (s *Service) EndOwn(ctx context.Context, account int64, subj value.Link, id int64) error {
	n, err := s.endSessions(ctx, account, "id = ? AND subject_type = ? AND subject_id = ?", id, subj.Type, subj.ID)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrBadToken
	}
	return nil
}

// ErrWrongPassword is a wrong current password in a password change.
var ErrWrongPassword = errors.New("auth: wrong current password")

// ErrWeakPassword is a new password shorter than MinPasswordLen.
var ErrWeakPassword = errors.New("auth: password not secure")

// ChangePassword replaces a subject's password after checking the old one,
// and ends every other session of the subject: whoever signed in with the
// old password is out, the caller (keep) stays. Wrong old passwords count
// as failed sign-ins of the login, so a stolen session cannot be used to
// guess the password at full speed.
func (s *Service) ChangePassword(ctx context.Context, account int64, subj value.Link, oldPw, newPw string, keep int64, ip string) error {
	var login, hash string
	err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT login, password_hash FROM credentials
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`), account, subj.Type, subj.ID).Scan(&login, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrWrongPassword
	}
	if err != nil {
		return fmt.Errorf("auth: change password: %w", err)
	}
	if err := s.checkThrottle(ctx, account, login, ip); err != nil {
		return err
	}
	if !CheckPassword(hash, oldPw) {
		_ = s.recordFailure(ctx, account, login, ip)
		return ErrWrongPassword
	}
	if len([]rune(newPw)) < MinPasswordLen {
		return ErrWeakPassword
	}
	newHash, err := HashPassword(newPw)
	if err != nil {
		return err
	}
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := s.DB.Exec(ctx, `UPDATE credentials SET password_hash = ?, updated_at = ? WHERE account_id = ?
			AND subject_type = ? AND subject_id = ?`, newHash, s.Now().Unix(), account, subj.Type, subj.ID); err != nil {
			return err
		}
		_, err := s.endSessions(ctx, account, "subject_type = ? AND subject_id = ? AND id <> ?", subj.Type, subj.ID, keep)
		return err
	})
}
