// Package profiling keeps the timings the web app measures in browsers
// (POST /profileBatch) and summarises them for administrators: how long a
// screen takes to become usable for real users, per screen name.
package profiling

import (
	"context"
	"errors"
	"math"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Limits on one batch: a browser flushes every few seconds, so a few
// hundred records is generous; anything larger is not our app.
const (
	MaxBatch   = 500
	MaxNameLen = 200
	// Retention bounds the table: older records are dropped as new ones come.
	Retention = 30 * 24 * time.Hour
)

// ErrInvalid refuses a batch with a record that is not a timing.
var ErrInvalid = errors.New("profiling: invalid record")

// Record is one measurement: a named moment, in milliseconds from the
// page's navigation start.
type Record struct {
	Name                   string  `json:"name"`
	DurationFromNavigation float64 `json:"durationFromNavigation"`
	SessionID              string  `json:"sessionId,omitempty"`
}

// Validate accepts a batch only if every record is a named, finite,
// non-negative duration; nothing of a bad batch is kept.
func Validate(recs []Record) error {
	if len(recs) > MaxBatch {
		return ErrInvalid
	}
	for _, r := range recs {
		d := r.DurationFromNavigation
		if strings.TrimSpace(r.Name) == "" || utf8.RuneCountInString(r.Name) > MaxNameLen ||
			len(r.SessionID) > 100 || math.IsNaN(d) || math.IsInf(d, 0) || d < 0 || d > 24*3600*1000 {
			return ErrInvalid
		}
	}
	return nil
}

// Save stores a batch for a user in one transaction and trims records past
// the retention window.
func Save(ctx context.Context, db *store.DB, account int64, who value.Link, recs []Record, now time.Time) error {
	if err := Validate(recs); err != nil {
		return err
	}
	return db.WithTx(ctx, func(ctx context.Context) error {
		q := db.Q(ctx)
		ins := db.Dialect.Rebind(`INSERT INTO profile_records (account_id, subject_type, subject_id, session_id, name, duration_ms, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`)
		for _, r := range recs {
			if _, err := q.ExecContext(ctx, ins, account, who.Type, who.ID, r.SessionID, r.Name, r.DurationFromNavigation, now.UnixMilli()); err != nil {
				return err
			}
		}
		_, err := q.ExecContext(ctx, db.Dialect.Rebind(`DELETE FROM profile_records WHERE account_id = ? AND created_at < ?`),
			account, now.Add(-Retention).UnixMilli())
		return err
	})
}

// Summary is what administrators read: per screen name, how many
// measurements and their median, 95th percentile and worst.
type Summary struct {
	Name  string  `json:"name"`
	Count int     `json:"count"`
	P50   float64 `json:"p50"`
	P95   float64 `json:"p95"`
	Max   float64 `json:"max"`
}

// Summarise reads the account's records since a moment, grouped by name.
func Summarise(ctx context.Context, db *store.DB, account int64, since time.Time) ([]Summary, error) {
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT name, duration_ms FROM profile_records
		WHERE account_id = ? AND created_at >= ? ORDER BY name`), account, since.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byName := map[string][]float64{}
	for rows.Next() {
		var name string
		var d float64
		if err := rows.Scan(&name, &d); err != nil {
			return nil, err
		}
		byName[name] = append(byName[name], d)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]Summary, 0, len(byName))
	for name, ds := range byName {
		sort.Float64s(ds)
		out = append(out, Summary{Name: name, Count: len(ds), P50: quantile(ds, 0.50), P95: quantile(ds, 0.95), Max: ds[len(ds)-1]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// quantile of sorted values, nearest rank.
func quantile(sorted []float64, q float64) float64 {
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	if i < 0 {
		i = 0
	}
	return sorted[i]
}
