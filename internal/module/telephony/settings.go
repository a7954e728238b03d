package telephony

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"

	"github.com/artel/artel/internal/store"
)

// Settings are an account's telephony: the webhook's secret, which
// provider places calls, and who hears of a missed call of nobody's client.
type Settings struct {
	Secret         string
	Provider       string // webhook or simulated
	MissedEmployee int64
}

// Providers an account may choose.
var Providers = []string{"webhook", "simulated"}

// loadSettings answers the account's settings, ok false when it has none
// (then no webhook is accepted: there is no secret to check).
func loadSettings(ctx context.Context, db *store.DB, account int64) (Settings, bool, error) {
	var s Settings
	var emp sql.NullInt64
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT secret, provider, missed_employee_id FROM telephony_settings
		WHERE account_id = ?`), account).Scan(&s.Secret, &s.Provider, &emp)
	if errors.Is(err, sql.ErrNoRows) {
		return Settings{Provider: "webhook"}, false, nil
	}
	s.MissedEmployee = emp.Int64
	return s, err == nil, err
}

// ensureSettings makes the account's settings with a fresh secret when
// it has none, and answers them.
func ensureSettings(ctx context.Context, db *store.DB, account int64) (Settings, error) {
	if err := db.Exec(ctx, `INSERT INTO telephony_settings (account_id, secret) VALUES (?, ?) ON CONFLICT (account_id) DO NOTHING`,
		account, newSecret()); err != nil {
		return Settings{}, err
	}
	s, _, err := loadSettings(ctx, db, account)
	return s, err
}

func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// employeeByNumber finds the employee whose internal number a PBX names.
func employeeByNumber(ctx context.Context, db *store.DB, account int64, number string) (int64, error) {
	if number == "" {
		return 0, nil
	}
	var id int64
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT employee_id FROM call_user_configs
		WHERE account_id = ? AND internal_number = ? ORDER BY employee_id LIMIT 1`), account, number).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// UseSimulated puts an account on the simulated provider (the demo).
func UseSimulated(ctx context.Context, db *store.DB, account int64) error {
	if _, err := ensureSettings(ctx, db, account); err != nil {
		return err
	}
	return db.Exec(ctx, `UPDATE telephony_settings SET provider = 'simulated' WHERE account_id = ?`, account)
}
