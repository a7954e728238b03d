// Package workcal is an account's working calendar as arithmetic: which
// days are off (Saturdays, Sundays and the account's HolidayDay rows,
// docs/people.md) and the day n working days after another. The rows are
// written by internal/module/staff; this package only reads them, so any
// area (task deadlines, to-dos) can count working days without importing
// the staff module.
package workcal

import (
	"context"
	"fmt"
	"time"

	"github.com/artel/artel/internal/store"
)

// MaxDays bounds a shift counted here: ten years is past any deadline a
// template means, and it keeps a walk over the days short.
const MaxDays = 3660

// Calendar knows the days off from some day on.
type Calendar struct {
	off map[string]bool
}

// Load reads the account's days off from the given day on.
func Load(ctx context.Context, db *store.DB, account int64, from time.Time) (*Calendar, error) {
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(
		`SELECT day FROM holiday_days WHERE account_id = ? AND day >= ?`), account, from.Format(time.DateOnly))
	if err != nil {
		return nil, fmt.Errorf("workcal: days off: %w", err)
	}
	defer rows.Close()
	c := &Calendar{off: map[string]bool{}}
	for rows.Next() {
		var day string
		if err := rows.Scan(&day); err != nil {
			return nil, err
		}
		c.off[day] = true
	}
	return c, rows.Err()
}

// Off tells a day off: a weekend or one of the account's days off.
func (c *Calendar) Off(day time.Time) bool {
	if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday {
		return true
	}
	return c.off[day.Format(time.DateOnly)]
}

// AddWorkDays is the n-th working day after day (0: day itself when it
// is a working day, else the next one). n is at most MaxDays; a calendar
// with no working day in sight (every day off) stops looking a year past
// the plain count and answers that day.
func (c *Calendar) AddWorkDays(day time.Time, n int) time.Time {
	limit := day.AddDate(0, 0, n+366)
	for c.Off(day) && day.Before(limit) {
		day = day.AddDate(0, 0, 1)
	}
	for ; n > 0 && day.Before(limit); n-- {
		day = day.AddDate(0, 0, 1)
		for c.Off(day) && day.Before(limit) {
			day = day.AddDate(0, 0, 1)
		}
	}
	return day
}
