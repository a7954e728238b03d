package account

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Setting kinds: a user's own key/values (UserSetting), the account's
// (SystemSetting, named "scope/id") and card layouts (UserInterfaceLayout,
// per user, with the account's default under AccountSubject).
const (
	KindUser   = "user"
	KindSystem = "system"
	KindLayout = "layout"
)

// MaxSettingValue bounds one value's JSON: settings hold preferences and
// drafts, not files.
const MaxSettingValue = 64 << 10

// AccountSubject is the subject of account-wide settings.
func AccountSubject(account int64) value.Link { return value.Link{Type: "Account", ID: account} }

// Setting errors.
var (
	ErrSettingName  = errors.New("account: setting names are 1-100 of A-Z a-z 0-9 _ . - and / between parts")
	ErrSettingValue = errors.New("account: setting value too large or not JSON")
)

var settingName = regexp.MustCompile(`^[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)?$`)

// ValidSettingName reports whether a name can be stored and routed.
func ValidSettingName(name string) bool { return len(name) <= 100 && settingName.MatchString(name) }

// Setting is one stored name and JSON value.
type Setting struct {
	Name  string
	Value json.RawMessage
}

// Settings reads a subject's settings of a kind: the named ones that exist,
// or every one when names is empty, ordered by name.
func Settings(ctx context.Context, db *store.DB, account int64, kind string, subj value.Link, names ...string) ([]Setting, error) {
	q := `SELECT name, value FROM settings WHERE account_id = ? AND kind = ? AND subject_type = ? AND subject_id = ?`
	args := []any{account, kind, subj.Type, subj.ID}
	if len(names) > 0 {
		q += " AND name IN (?" + strings.Repeat(", ?", len(names)-1) + ")"
		for _, n := range names {
			args = append(args, n)
		}
	}
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q+" ORDER BY name"), args...)
	if err != nil {
		return nil, fmt.Errorf("account: settings: %w", err)
	}
	defer rows.Close()
	var out []Setting
	for rows.Next() {
		var s Setting
		var v string
		if err := rows.Scan(&s.Name, &v); err != nil {
			return nil, err
		}
		s.Value = json.RawMessage(v)
		out = append(out, s)
	}
	return out, rows.Err()
}

// SettingValue is one setting's value, nil when it is not set.
func SettingValue(ctx context.Context, db *store.DB, account int64, kind string, subj value.Link, name string) (json.RawMessage, error) {
	list, err := Settings(ctx, db, account, kind, subj, name)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return list[0].Value, nil
}

// PutSetting stores a value; JSON null deletes the setting, so a client
// clearing a draft leaves no row behind.
func PutSetting(ctx context.Context, db *store.DB, account int64, kind string, subj value.Link, name string, v json.RawMessage, now time.Time) error {
	if !ValidSettingName(name) {
		return ErrSettingName
	}
	v = json.RawMessage(strings.TrimSpace(string(v)))
	if len(v) > MaxSettingValue || !json.Valid(v) {
		return ErrSettingValue
	}
	if len(v) == 0 || string(v) == "null" {
		return DeleteSetting(ctx, db, account, kind, subj, name)
	}
	return db.Exec(ctx, `INSERT INTO settings (account_id, kind, subject_type, subject_id, name, value, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, kind, subject_type, subject_id, name)
		DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
		account, kind, subj.Type, subj.ID, name, string(v), now.Unix())
}

// DeleteSetting removes one setting; a missing one is not an error.
func DeleteSetting(ctx context.Context, db *store.DB, account int64, kind string, subj value.Link, name string) error {
	return db.Exec(ctx, `DELETE FROM settings WHERE account_id = ? AND kind = ? AND subject_type = ?
		AND subject_id = ? AND name = ?`, account, kind, subj.Type, subj.ID, name)
}

// DeleteUsersSetting removes a setting of a kind from every user of the
// account (the account's own stays): "apply this layout to everyone".
func DeleteUsersSetting(ctx context.Context, db *store.DB, account int64, kind, name string) error {
	return db.Exec(ctx, `DELETE FROM settings WHERE account_id = ? AND kind = ? AND subject_type <> ? AND name = ?`,
		account, kind, AccountSubject(account).Type, name)
}
