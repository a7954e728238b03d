package leadform

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"io"
	"time"

	"github.com/dchest/captcha"

	"github.com/artel/artel/internal/store"
)

// A captcha is six digits drawn by github.com/dchest/captcha, kept in
// lead_captchas (not the library's memory store) so any node checks what
// another drew, and answered once: a check deletes it, right or wrong.

const (
	captchaLen = 6
	captchaTTL = 10 * time.Minute
)

// captchas keeps the drawn captchas.
type captchas struct{ db *store.DB }

// issue draws a new captcha and answers its id; old ones are swept.
func (cs captchas) issue(ctx context.Context, now time.Time) (string, error) {
	var b [12]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	digits := captcha.RandomDigits(captchaLen)
	for i := range digits {
		digits[i] += '0' // kept as text: PostgreSQL's TEXT takes no NUL
	}
	// The page's GET draws it: writes go to the writer (Exec), not the
	// read-only connections a GET reads through.
	if err := cs.db.Exec(ctx, `DELETE FROM lead_captchas WHERE created_at < ?`, now.Add(-captchaTTL).UnixMilli()); err != nil {
		return "", err
	}
	return id, cs.db.Exec(ctx, `INSERT INTO lead_captchas (id, digits, created_at) VALUES (?, ?, ?)`, id, string(digits), now.UnixMilli())
}

// draw writes a captcha's picture as PNG; false when there is none.
func (cs captchas) draw(ctx context.Context, w io.Writer, id string) (bool, error) {
	var digits string
	err := cs.db.Q(ctx).QueryRowContext(ctx, cs.db.Dialect.Rebind(`SELECT digits FROM lead_captchas WHERE id = ?`), id).Scan(&digits)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	raw := []byte(digits)
	for i := range raw {
		raw[i] -= '0' // the library draws 0-9 bytes
	}
	_, err = captcha.NewImage(id, raw, 240, 80).WriteTo(w)
	return true, err
}

// check answers whether answer is the captcha's digits, using it up.
func (cs captchas) check(ctx context.Context, id, answer string, now time.Time) (bool, error) {
	var digits string
	var created int64
	err := cs.db.Q(ctx).QueryRowContext(ctx, cs.db.Dialect.Rebind(`SELECT digits, created_at FROM lead_captchas WHERE id = ?`), id).
		Scan(&digits, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := cs.db.Exec(ctx, `DELETE FROM lead_captchas WHERE id = ?`, id); err != nil {
		return false, err
	}
	if now.Sub(time.UnixMilli(created)) > captchaTTL || len(answer) != len(digits) {
		return false, nil
	}
	return subtle.ConstantTimeCompare([]byte(answer), []byte(digits)) == 1, nil
}
