// Package account holds what belongs to an account as a whole rather than
// to one entity: its licence, feature switches, the live-socket token
// secret and the user, system and layout settings. Storage is plain SQL
// over the tables of migration 6; the API layer words and routes it.
package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/artel/artel/internal/store"
)

// TrialDays is the length of a trial started without an end date.
const TrialDays = 14

// Licence is an account's licence. The zero value is the self-hosted
// default: perpetual (no end date) and unlimited (Quantity 0).
type Licence struct {
	Quantity      int64  // employees who may sign in; 0 = unlimited
	EndDate       string // last licensed day "YYYY-MM-DD"; "" = perpetual
	MobileEndDate string // last day of the mobile licence; "" = none bought
	Trial         bool   // a trial: expiry words the trial message
	Locked        bool   // set by the operator: administrators cannot change it
	UpdatedAt     int64  // Unix seconds; 0 when never set
}

// day parses a stored date; ok is false for "" (no date).
func day(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// today is the calendar day of now in the server's zone: a licence runs to
// the end of its last day where the server stands.
func today(now time.Time) time.Time {
	y, m, d := now.In(time.Local).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Expired reports whether the last licensed day is behind us.
func (l Licence) Expired(now time.Time) bool {
	end, ok := day(l.EndDate)
	return ok && today(now).After(end)
}

// DaysRemaining counts the licensed days left, today included (0 once
// expired); ok is false for a perpetual licence.
func (l Licence) DaysRemaining(now time.Time) (days int64, ok bool) {
	end, ok := day(l.EndDate)
	if !ok {
		return 0, false
	}
	n := int64(end.Sub(today(now)).Hours()/24) + 1
	return max(n, 0), true
}

// MobileAvailable follows the spec: the mobile licence holds while its end
// date plus one day is not past.
func (l Licence) MobileAvailable(now time.Time) bool {
	end, ok := day(l.MobileEndDate)
	return ok && !today(now).After(end.AddDate(0, 0, 1))
}

// LicencePatch changes the fields that are not nil. A pointer to "" clears
// a date.
type LicencePatch struct {
	Quantity      *int64
	EndDate       *string
	MobileEndDate *string
	Trial         *bool
	Locked        *bool
}

// ErrBadLicence is a patch with a negative quantity or a malformed date.
var ErrBadLicence = errors.New("account: quantity must be >= 0 and dates YYYY-MM-DD")

// GetLicence reads the licence inside ctx's transaction, or fresh.
func GetLicence(ctx context.Context, db *store.DB, account int64) (Licence, error) {
	var l Licence
	var end, mobile sql.NullString
	var trial, locked int64
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT quantity, end_date, mobile_end_date,
		is_trial, locked, updated_at FROM account_licences WHERE account_id = ?`), account).
		Scan(&l.Quantity, &end, &mobile, &trial, &locked, &l.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Licence{}, nil
	}
	if err != nil {
		return Licence{}, fmt.Errorf("account: licence: %w", err)
	}
	l.EndDate, l.MobileEndDate, l.Trial, l.Locked = end.String, mobile.String, trial == 1, locked == 1
	return l, nil
}

// SetLicence applies a patch and returns the licence as stored. Turning a
// trial on without an end date gives it TrialDays from today.
func SetLicence(ctx context.Context, db *store.DB, account int64, p LicencePatch, now time.Time) (Licence, error) {
	var l Licence
	err := db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if l, err = GetLicence(ctx, db, account); err != nil {
			return err
		}
		if p.Quantity != nil {
			l.Quantity = *p.Quantity
		}
		if p.EndDate != nil {
			l.EndDate = *p.EndDate
		}
		if p.MobileEndDate != nil {
			l.MobileEndDate = *p.MobileEndDate
		}
		if p.Trial != nil {
			l.Trial = *p.Trial
		}
		if p.Locked != nil {
			l.Locked = *p.Locked
		}
		if l.Trial && l.EndDate == "" {
			l.EndDate = today(now).AddDate(0, 0, TrialDays-1).Format(time.DateOnly)
		}
		if !l.valid() {
			return ErrBadLicence
		}
		l.UpdatedAt = now.Unix()
		return db.Exec(ctx, `INSERT INTO account_licences (account_id, quantity, end_date, mobile_end_date,
			is_trial, locked, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (account_id) DO UPDATE SET quantity = excluded.quantity, end_date = excluded.end_date,
			mobile_end_date = excluded.mobile_end_date, is_trial = excluded.is_trial,
			locked = excluded.locked, updated_at = excluded.updated_at`,
			account, l.Quantity, nullable(l.EndDate), nullable(l.MobileEndDate), b2i(l.Trial), b2i(l.Locked), l.UpdatedAt)
	})
	if err == nil {
		store.AfterCommit(ctx, func() { licences.Delete(cacheKey{db, account}) })
		licences.Delete(cacheKey{db, account})
	}
	return l, err
}

func (l Licence) valid() bool {
	for _, d := range []string{l.EndDate, l.MobileEndDate} {
		if _, ok := day(d); d != "" && !ok {
			return false
		}
	}
	return l.Quantity >= 0
}

// licenceTTL bounds how stale the licence gate may be. Writes through
// SetLicence drop the entry at once; a change made by another process (the
// CLI, another node) is seen within the TTL.
const licenceTTL = 3 * time.Second

type cacheKey struct {
	db      *store.DB
	account int64
}

type cached struct {
	l  Licence
	at time.Time
}

var licences sync.Map // cacheKey -> cached

// CachedLicence is GetLicence for the per-request licence gate, which
// would otherwise read the table on every API call.
func CachedLicence(ctx context.Context, db *store.DB, account int64) (Licence, error) {
	k := cacheKey{db, account}
	if v, ok := licences.Load(k); ok && time.Since(v.(cached).at) < licenceTTL {
		return v.(cached).l, nil
	}
	l, err := GetLicence(ctx, db, account)
	if err == nil {
		licences.Store(k, cached{l, time.Now()})
	}
	return l, err
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
