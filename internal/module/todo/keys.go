package todo

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// keys are users' calendar keys (calendar_feeds, migration 20): one per
// user, the secret part of their iCal feed's address and their CalDAV
// password, kept only as a SHA-256 hash. Making a new one revokes the
// old; a key is random enough that a fast hash is safe.
type keys struct {
	db *store.DB
}

func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// issue makes the user a new key, revoking the one they had.
func (k keys) issue(ctx context.Context, account int64, who value.Link, now int64) (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	key := base64.RawURLEncoding.EncodeToString(b)
	err := k.db.WithTx(ctx, func(ctx context.Context) error {
		if err := k.revoke(ctx, account, who); err != nil {
			return err
		}
		return k.db.Exec(ctx, `INSERT INTO calendar_feeds (account_id, subject_type, subject_id, token_hash, created_at) VALUES (?, ?, ?, ?, ?)`,
			account, who.Type, who.ID, hashKey(key), now)
	})
	if err != nil {
		return "", fmt.Errorf("todo: calendar key: %w", err)
	}
	return key, nil
}

// revoke removes the user's key; their feed and CalDAV stop at once.
func (k keys) revoke(ctx context.Context, account int64, who value.Link) error {
	return k.db.Exec(ctx, `DELETE FROM calendar_feeds WHERE account_id = ? AND subject_type = ? AND subject_id = ?`,
		account, who.Type, who.ID)
}

// since is when the user's key was made; ok false when they have none.
func (k keys) since(ctx context.Context, account int64, who value.Link) (int64, bool, error) {
	var at int64
	err := k.db.Q(ctx).QueryRowContext(ctx, k.db.Dialect.Rebind(`SELECT created_at FROM calendar_feeds
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`), account, who.Type, who.ID).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return at, err == nil, err
}

// owner is whose key this is; ok false for none.
func (k keys) owner(ctx context.Context, account int64, key string) (value.Link, bool, error) {
	var who value.Link
	err := k.db.Q(ctx).QueryRowContext(ctx, k.db.Dialect.Rebind(`SELECT subject_type, subject_id FROM calendar_feeds
		WHERE account_id = ? AND token_hash = ?`), account, hashKey(key)).Scan(&who.Type, &who.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return who, false, nil
	}
	return who, err == nil, err
}

// check tells whether key is the user's.
func (k keys) check(ctx context.Context, account int64, who value.Link, key string) (bool, error) {
	var h string
	err := k.db.Q(ctx).QueryRowContext(ctx, k.db.Dialect.Rebind(`SELECT token_hash FROM calendar_feeds
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`), account, who.Type, who.ID).Scan(&h)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare([]byte(h), []byte(hashKey(key))) == 1, nil
}
