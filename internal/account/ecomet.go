package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// EcometTokenTTL is how long a live-socket token from AccountInfo stays
// valid. The web app reads AccountInfo at every start, so a week covers a
// tab left open over a weekend without making a leaked token eternal.
const EcometTokenTTL = 7 * 24 * time.Hour

// ErrBadEcometToken is a token that is malformed, forged, of another
// account or too old.
var ErrBadEcometToken = errors.New("account: bad live-socket token")

// The token is derived, not stored: HMAC-SHA256 over the account, the user
// and the issue time with a random per-account secret. Nothing has to be
// written per user, every node of a cluster can check it, and rotating the
// secret (deleting the account_secrets row, then restarting the nodes,
// which cache it) revokes every token at once.
const ecometSecret = "ecomet"

// EcometToken issues the live-socket token of a user, shaped
// "<Type>.<id>.<unix seconds>.<mac>".
func EcometToken(ctx context.Context, db *store.DB, account int64, user value.Link, now time.Time) (string, error) {
	key, err := Secret(ctx, db, account, ecometSecret)
	if err != nil {
		return "", err
	}
	payload := user.Type + "." + strconv.FormatInt(user.ID, 10) + "." + strconv.FormatInt(now.Unix(), 10)
	return payload + "." + ecometMAC(key, account, payload), nil
}

// VerifyEcometToken returns the user a token was issued to. The realtime
// socket calls it with the account the connection's host resolves to; it
// still has to check that the user may sign in at all (fired, banned).
func VerifyEcometToken(ctx context.Context, db *store.DB, account int64, token string, now time.Time) (value.Link, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 4 || parts[0] == "" {
		return value.Link{}, ErrBadEcometToken
	}
	id, err1 := strconv.ParseInt(parts[1], 10, 64)
	issued, err2 := strconv.ParseInt(parts[2], 10, 64)
	if err1 != nil || err2 != nil || id <= 0 {
		return value.Link{}, ErrBadEcometToken
	}
	key, err := Secret(ctx, db, account, ecometSecret)
	if err != nil {
		return value.Link{}, err
	}
	want := ecometMAC(key, account, strings.Join(parts[:3], "."))
	if !hmac.Equal([]byte(want), []byte(parts[3])) {
		return value.Link{}, ErrBadEcometToken
	}
	// A minute of clock skew between nodes is tolerated.
	age := now.Sub(time.Unix(issued, 0))
	if age > EcometTokenTTL || age < -time.Minute {
		return value.Link{}, ErrBadEcometToken
	}
	return value.Link{Type: parts[0], ID: id}, nil
}

func ecometMAC(key []byte, account int64, payload string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(strconv.FormatInt(account, 10) + ":" + payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

var secrets sync.Map // cacheKey+name -> []byte; secrets never change once made

type secretKey struct {
	cacheKey
	name string
}

// Secret returns an account's named random secret, creating it on first
// use. Concurrent first uses agree: the insert ignores a conflict and
// everyone reads back the one row that won.
func Secret(ctx context.Context, db *store.DB, account int64, name string) ([]byte, error) {
	k := secretKey{cacheKey{db, account}, name}
	if v, ok := secrets.Load(k); ok {
		return v.([]byte), nil
	}
	read := func() (string, error) {
		var s string
		err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(
			"SELECT secret FROM account_secrets WHERE account_id = ? AND name = ?"), account, name).Scan(&s)
		return s, err
	}
	s, err := read()
	if errors.Is(err, sql.ErrNoRows) {
		b := make([]byte, 32)
		_, _ = rand.Read(b)
		if err = db.Exec(ctx, `INSERT INTO account_secrets (account_id, name, secret) VALUES (?, ?, ?)
			ON CONFLICT (account_id, name) DO NOTHING`, account, name, hex.EncodeToString(b)); err == nil {
			s, err = read()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("account: secret: %w", err)
	}
	key, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("account: secret %s is not hex", name)
	}
	if !store.InTx(ctx) { // a rolled-back insert must not stay cached
		secrets.Store(k, key)
	}
	return key, nil
}
