package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Sign-in throttling: a login that failed FailuresPerLogin times, or an
// address that failed FailuresPerIP times, within FailureWindow is refused
// until enough of those failures are older than the window. The per-login
// limit stops guessing one user's password from many addresses; the
// per-address limit stops one address trying many logins.
const (
	FailuresPerLogin = 5
	FailuresPerIP    = 20
	FailureWindow    = 15 * time.Minute
)

// ThrottledError refuses a sign-in for RetryAfter (429 Too Many Requests).
type ThrottledError struct{ RetryAfter time.Duration }

func (e *ThrottledError) Error() string {
	return fmt.Sprintf("auth: too many failed sign-ins, retry after %s", e.RetryAfter)
}

// RetrySeconds is RetryAfter rounded up to whole seconds, at least 1, for
// the Retry-After header.
func (e *ThrottledError) RetrySeconds() int {
	s := int((e.RetryAfter + time.Second - 1) / time.Second)
	return max(s, 1)
}

func loginBucket(login string) string { return "login:" + NormalizeLogin(login) }
func ipBucket(ip string) string       { return "ip:" + ip }

// checkThrottle refuses a sign-in attempt when the login or the address
// has used up its failures in the window.
func (s *Service) checkThrottle(ctx context.Context, account int64, login, ip string) error {
	var wait time.Duration
	for _, b := range []struct {
		bucket string
		limit  int
	}{{loginBucket(login), FailuresPerLogin}, {ipBucket(ip), FailuresPerIP}} {
		if ip == "" && b.limit == FailuresPerIP {
			continue
		}
		w, err := s.throttleWait(ctx, account, b.bucket, b.limit)
		if err != nil {
			return err
		}
		wait = max(wait, w)
	}
	if wait > 0 {
		return &ThrottledError{RetryAfter: wait}
	}
	return nil
}

// throttleWait is how long until the bucket has fewer than limit failures
// in the window: the limit-th most recent failure must leave it.
func (s *Service) throttleWait(ctx context.Context, account int64, bucket string, limit int) (time.Duration, error) {
	now := s.Now()
	var at int64
	err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT at FROM login_failures
		WHERE account_id = ? AND bucket = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?`),
		account, bucket, now.Add(-FailureWindow).Unix(), limit-1).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("auth: throttle: %w", err)
	}
	wait := time.Unix(at, 0).Add(FailureWindow).Sub(now)
	return max(wait, time.Second), nil
}

// recordFailure counts a failed sign-in against the login and the address,
// and forgets failures that have left the window (of every account, so the
// table stays as small as the last quarter of an hour).
func (s *Service) recordFailure(ctx context.Context, account int64, login, ip string) error {
	now := s.Now().Unix()
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := s.DB.Exec(ctx, "DELETE FROM login_failures WHERE at <= ?",
			now-int64(FailureWindow/time.Second)); err != nil {
			return err
		}
		buckets := []string{loginBucket(login)}
		if ip != "" {
			buckets = append(buckets, ipBucket(ip))
		}
		for _, b := range buckets {
			if err := s.DB.Exec(ctx, "INSERT INTO login_failures (account_id, bucket, at) VALUES (?, ?, ?)",
				account, b, now); err != nil {
				return err
			}
		}
		return nil
	})
}

// clearFailures forgets a login's failures after it signed in. The
// address keeps its count: one success must not reset a spray of guesses
// at other logins from the same place.
func (s *Service) clearFailures(ctx context.Context, account int64, login string) error {
	return s.DB.Exec(ctx, "DELETE FROM login_failures WHERE account_id = ? AND bucket = ?", account, loginBucket(login))
}
