package doc

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Share is a public link to a document: whoever holds its address reads
// the document's actual version, and nothing else, until it expires or
// is revoked. Only the hash of its token (and of its password) is kept,
// so the address is shown once, when the link is made.
type Share struct {
	ID          int64
	Doc         int64
	Token       string // only when just made
	HasPassword bool
	Expires     int64 // unix milliseconds; 0: never
	User        value.Link
	Created     int64
}

// SharePrefix is where share links are served, outside /api.
const SharePrefix = "/share/"

// Encode is a share in the API's shape (not a catalogue type: shares are
// read only through their document).
func (s Share) Encode(opt value.Options) map[string]any {
	out := map[string]any{"contentType": "DocShare", "id": strconv.FormatInt(s.ID, 10),
		"doc": value.EncodeLink(value.Link{Type: "Doc", ID: s.Doc}), "hasPassword": s.HasPassword,
		"user": value.EncodeLink(s.User), "timeCreated": value.DateTime{}.Encode(s.Created, opt), "expires": nil}
	if s.Expires != 0 {
		out["expires"] = value.DateTime{}.Encode(s.Expires, opt)
	}
	if s.Token != "" {
		out["url"] = SharePrefix + s.Token
	}
	return out
}

func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CreateShare makes a share link of a document; its editors only. An
// expiry in the past is refused.
func (m *Module) CreateShare(ctx context.Context, sc entity.Scope, doc int64, password string, expires int64) (Share, error) {
	if err := m.need(ctx, sc, Document(doc), Editor); err != nil {
		return Share{}, err
	}
	now := m.e.Now().UnixMilli()
	if expires != 0 && expires <= now {
		return Share{}, entity.Invalidf("expires", CodeExpired, "")
	}
	raw := make([]byte, 24)
	if _, err := rand.Read(raw); err != nil {
		return Share{}, fmt.Errorf("doc: share token: %w", err)
	}
	s := Share{Doc: doc, Token: base64.RawURLEncoding.EncodeToString(raw), HasPassword: password != "",
		Expires: expires, User: sc.Actor, Created: now}
	var pw, exp any
	if password != "" {
		h, err := auth.HashPassword(password)
		if err != nil {
			return Share{}, err
		}
		pw = h
	}
	if expires != 0 {
		exp = expires
	}
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		return m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO doc_shares
			(account_id, doc_id, token_hash, password_hash, expires_at, user_type, user_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), sc.Account, doc, tokenHash(s.Token), pw, exp,
			s.User.Type, s.User.ID, now).Scan(&s.ID)
	})
	if err != nil {
		return Share{}, fmt.Errorf("doc: share %d: %w", doc, err)
	}
	return s, nil
}

// Shares lists a document's share links; its editors only.
func (m *Module) Shares(ctx context.Context, sc entity.Scope, doc int64) ([]Share, error) {
	if err := m.need(ctx, sc, Document(doc), Editor); err != nil {
		return nil, err
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, password_hash IS NOT NULL,
		COALESCE(expires_at, 0), user_type, user_id, created_at FROM doc_shares WHERE account_id = ? AND doc_id = ? ORDER BY id`),
		sc.Account, doc)
	if err != nil {
		return nil, fmt.Errorf("doc: shares of %d: %w", doc, err)
	}
	defer rows.Close()
	out := []Share{}
	for rows.Next() {
		s := Share{Doc: doc}
		if err := rows.Scan(&s.ID, &s.HasPassword, &s.Expires, &s.User.Type, &s.User.ID, &s.Created); err != nil {
			return nil, fmt.Errorf("doc: shares of %d: %w", doc, err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// RevokeShare removes a share link; the document's editors only.
func (m *Module) RevokeShare(ctx context.Context, sc entity.Scope, doc, share int64) error {
	if err := m.need(ctx, sc, Document(doc), Editor); err != nil {
		return err
	}
	return m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM doc_shares
			WHERE account_id = ? AND doc_id = ? AND id = ?`), sc.Account, doc, share)
		if err != nil {
			return fmt.Errorf("doc: revoke share %d: %w", share, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return entity.ErrNotFound
		}
		return nil
	})
}

// Shared is what a share link opens: the document's actual version.
type Shared struct {
	Account  int64
	Name     string
	Version  *entity.Record
	File     *entity.Record // a file version's File
	Text     *string
	Password bool // a password is asked and was not given rightly
}

// errNoShare is a token that names no live link: unknown, expired,
// revoked, or of a document since dropped; all answer alike.
var errNoShare = errors.New("doc: no such share")

// Open resolves a share token in an account, checking its password.
func (m *Module) Open(ctx context.Context, account int64, token, password string) (*Shared, error) {
	var doc, expires int64
	var pw sql.NullString
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT doc_id, password_hash, COALESCE(expires_at, 0)
		FROM doc_shares WHERE account_id = ? AND token_hash = ?`), account, tokenHash(token)).Scan(&doc, &pw, &expires)
	if errors.Is(err, sql.ErrNoRows) || err == nil && expires != 0 && expires <= m.e.Now().UnixMilli() {
		return nil, errNoShare
	}
	if err != nil {
		return nil, fmt.Errorf("doc: open share: %w", err)
	}
	if pw.Valid && (password == "" || !auth.CheckPassword(pw.String, password)) {
		return &Shared{Password: true}, nil
	}
	sys := entity.Scope{Account: account, System: true}
	rec, err := m.e.Get(ctx, sys, "Doc", doc)
	if errors.Is(err, entity.ErrNotFound) {
		return nil, errNoShare
	}
	if err != nil {
		return nil, err
	}
	out := &Shared{Account: account, Name: rec.String("name")}
	if v := rec.Links["actualVersion"].ID; v != 0 {
		if out.Version, err = m.e.Get(ctx, sys, "DocVersion", v); err != nil {
			return nil, err
		}
		if f := out.Version.Links["content"].ID; f != 0 {
			if out.File, err = m.e.Get(ctx, sys, "File", f); err != nil {
				return nil, err
			}
		}
		texts, err := m.Texts(ctx, account, []int64{v})
		if err != nil {
			return nil, err
		}
		if t, ok := texts[v]; ok {
			out.Text = &t
		}
	}
	return out, nil
}

// forgetShares drops a dropped document's share links.
func (m *Module) forgetShares(ctx context.Context, account, doc int64) error {
	if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM doc_shares WHERE account_id = ? AND doc_id = ?`),
		account, doc); err != nil {
		return fmt.Errorf("doc: forget shares of %d: %w", doc, err)
	}
	return nil
}
