package auth

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Session lifetimes.
const (
	AccessTTL  = 24 * time.Hour
	RefreshTTL = 30 * 24 * time.Hour
	CookieTTL  = 14 * 24 * time.Hour
)

// Kinds of session: a token pair for API clients, a cookie for browsers.
const (
	KindToken  = "token"
	KindCookie = "cookie"
)

var (
	// ErrBadCredentials is a wrong login or password.
	ErrBadCredentials = errors.New("auth: invalid login or password")
	// ErrBadToken is an unknown, expired or ended session.
	ErrBadToken = errors.New("auth: invalid or expired token")
)

// Session is a signed-in user's proof.
type Session struct {
	ID      int64
	Account int64
	Subject value.Link
	Kind    string
	CSRF    string
	Token   string // only right after it was issued
	Refresh string // only right after it was issued, token sessions
	Expires time.Time
}

// Service checks passwords and issues and verifies sessions.
type Service struct {
	DB  *store.DB
	Now func() time.Time
	// SessionsEnded, when set, is told after each commit that ended
	// sessions which ones of a subject ended (the live socket signs those
	// connections out).
	SessionsEnded func(account int64, subj value.Link, ids []int64)
}

// NewService makes an auth service over the database.
func NewService(db *store.DB) *Service { return &Service{DB: db, Now: time.Now} }

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// NormalizeLogin is how logins compare: trimmed and case-insensitive.
func NormalizeLogin(login string) string { return strings.ToLower(strings.TrimSpace(login)) }

// SetPassword stores the login and password of a subject, replacing any
// earlier pair. It fails with ErrLoginTaken if another subject has the login.
func (s *Service) SetPassword(ctx context.Context, account int64, subject value.Link, login, password string) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		q := s.DB.Q(ctx)
		if _, err := q.ExecContext(ctx, s.DB.Dialect.Rebind(`DELETE FROM credentials WHERE account_id = ?
			AND subject_type = ? AND subject_id = ?`), account, subject.Type, subject.ID); err != nil {
			return err
		}
		_, err := q.ExecContext(ctx, s.DB.Dialect.Rebind(`INSERT INTO credentials (account_id, subject_type,
			subject_id, login, password_hash, updated_at) VALUES (?, ?, ?, ?, ?, ?)`),
			account, subject.Type, subject.ID, NormalizeLogin(login), hash, s.Now().Unix())
		if store.IsUniqueViolation(err) {
			return ErrLoginTaken
		}
		return err
	})
}

// ErrLoginTaken means another user of the account has the login.
var ErrLoginTaken = errors.New("auth: login in use")

// Login checks a login and password and opens a session of the kind. It
// refuses, before looking at the password, an address outside the
// account's allow-list (ErrIPNotAllowed) and a login or address with too
// many recent failures (*ThrottledError); after it, a fired or blocked
// user (ErrBlocked).
func (s *Service) Login(ctx context.Context, account int64, login, password, kind, ip, ua string) (*Session, error) {
	if err := s.CheckIP(ctx, account, ip); err != nil {
		return nil, err
	}
	if err := s.checkThrottle(ctx, account, login, ip); err != nil {
		return nil, err
	}
	var subj value.Link
	var hash string
	err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT subject_type, subject_id, password_hash
		FROM credentials WHERE account_id = ? AND login = ?`), account, NormalizeLogin(login)).Scan(&subj.Type, &subj.ID, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		// Spend the same time as a real check, so a missing login cannot
		// be told from a wrong password by timing.
		CheckPassword(dummyHash, password)
		return nil, s.failed(ctx, account, login, ip)
	}
	if err != nil {
		return nil, fmt.Errorf("auth: login: %w", err)
	}
	if !CheckPassword(hash, password) {
		return nil, s.failed(ctx, account, login, ip)
	}
	if bans, err := s.Bans(ctx, account, subj); err != nil {
		return nil, err
	} else if len(bans) > 0 {
		return nil, ErrBlocked
	}
	if ok, err := s.mayLogin(ctx, account, subj); err != nil {
		return nil, err
	} else if !ok {
		return nil, ErrBlocked
	}
	if err := s.clearFailures(ctx, account, login); err != nil {
		return nil, fmt.Errorf("auth: login: %w", err)
	}
	return s.open(ctx, account, subj, kind, ip, ua)
}

var dummyHash, _ = HashPassword("artel-timing-equaliser")

// failed counts a failed sign-in and answers ErrBadCredentials.
func (s *Service) failed(ctx context.Context, account int64, login, ip string) error {
	if err := s.recordFailure(ctx, account, login, ip); err != nil {
		return fmt.Errorf("auth: login: %w", err)
	}
	return ErrBadCredentials
}

func (s *Service) open(ctx context.Context, account int64, subj value.Link, kind, ip, ua string) (*Session, error) {
	now := s.Now()
	ses := &Session{Account: account, Subject: subj, Kind: kind, CSRF: randomToken(), Token: randomToken()}
	ttl, refreshExp := CookieTTL, now
	var refreshHash any
	if kind == KindToken {
		ttl = AccessTTL
		ses.Refresh = randomToken()
		refreshHash = hashToken(ses.Refresh)
		refreshExp = now.Add(RefreshTTL)
	}
	ses.Expires = now.Add(ttl)
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		return s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`INSERT INTO sessions (account_id, subject_type,
			subject_id, kind, token_hash, refresh_hash, csrf, created_at, expires_at, refresh_expires_at, ip, user_agent)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			account, subj.Type, subj.ID, kind, hashToken(ses.Token), refreshHash, ses.CSRF, now.Unix(),
			ses.Expires.Unix(), refreshExp.Unix(), truncate(ip, 64), truncate(ua, 512)).Scan(&ses.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("auth: open session: %w", err)
	}
	return ses, nil
}

// Refresh trades a refresh token for a new token pair; the old pair ends.
func (s *Service) Refresh(ctx context.Context, account int64, refresh, ip, ua string) (*Session, error) {
	if err := s.CheckIP(ctx, account, ip); err != nil {
		return nil, err
	}
	var ses *Session
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		var id int64
		var subj value.Link
		err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT id, subject_type, subject_id FROM sessions
			WHERE account_id = ? AND refresh_hash = ? AND refresh_expires_at > ?`),
			account, hashToken(refresh), s.Now().Unix()).Scan(&id, &subj.Type, &subj.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrBadToken
		}
		if err != nil {
			return err
		}
		// The old pair is replaced, not signed out: no SessionsEnded.
		if err := s.DB.Exec(ctx, "DELETE FROM sessions WHERE account_id = ? AND id = ?", account, id); err != nil {
			return err
		}
		ses, err = s.open(ctx, account, subj, KindToken, ip, ua)
		return err
	})
	return ses, err
}

// Authenticate finds the live session of a token or cookie value.
func (s *Service) Authenticate(ctx context.Context, account int64, token string) (*Session, error) {
	if token == "" {
		return nil, ErrBadToken
	}
	ses := &Session{Account: account}
	var exp int64
	err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT id, subject_type, subject_id, kind, csrf, expires_at
		FROM sessions WHERE account_id = ? AND token_hash = ?`), account, hashToken(token)).
		Scan(&ses.ID, &ses.Subject.Type, &ses.Subject.ID, &ses.Kind, &ses.CSRF, &exp)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrBadToken
	}
	if err != nil {
		return nil, fmt.Errorf("auth: session: %w", err)
	}
	ses.Expires = time.Unix(exp, 0)
	if !s.Now().Before(ses.Expires) {
		return nil, ErrBadToken
	}
	return ses, nil
}

// End closes a session.
func (s *Service) End(ctx context.Context, account, id int64) error {
	_, err := s.endSessions(ctx, account, "id = ?", id)
	return err
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// MayAct reports whether a subject may still act in the account (it may
// sign in): an installed app's token acts as its installer, and stops
// with them (dismissed, or signing in switched off).
func (s *Service) MayAct(ctx context.Context, account int64, subj value.Link) (bool, error) {
	return s.mayLogin(ctx, account, subj)
}

// mayLogin checks the subject's own switches: canLogin for everyone (so a
// user who holds no licence cannot sign in), and guest access for clients.
func (s *Service) mayLogin(ctx context.Context, account int64, subj value.Link) (bool, error) {
	q := "SELECT c_canlogin, 1 FROM e_employee WHERE account_id = ? AND id = ?"
	if subj.Type == "ContractorHuman" {
		q = "SELECT c_canlogin, c_isguestaccessenabled FROM e_contractorhuman WHERE account_id = ? AND id = ?"
	}
	var can, guest sql.NullInt64
	err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(q), account, subj.ID).Scan(&can, &guest)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("auth: login: %w", err)
	}
	return can.Int64 == 1 && guest.Int64 == 1, nil
}
