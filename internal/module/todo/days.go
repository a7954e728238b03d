package todo

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// todo_days keeps, per person and day (in the account's time zone), how
// many to-dos they are in and how many minutes those take, refused
// invitations aside: the busy grid of a department's month reads 50 × 31
// rows of it, not the 50,000 attendee rows of a busy month. Every write
// of a to-do's attendees recounts the cells it touched, before and after,
// from todo_attendees itself, in the write's transaction.

// dayKey is one person's day: days since the epoch of the local date.
type dayKey struct {
	who value.Link
	day int64
}

// epochDay is the local date of an instant as days since 1970-01-01.
func epochDay(ms int64, loc *time.Location) int64 {
	y, m, d := time.UnixMilli(ms).In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// localDayBounds are a local date's first and next midnights, in ms.
func localDayBounds(day int64, loc *time.Location) (int64, int64) {
	t := time.Unix(day*86400, 0).UTC()
	start := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
	return start.UnixMilli(), start.AddDate(0, 0, 1).UnixMilli()
}

// zone is the account's time zone, where its days are counted.
func (h hooks) zone(ctx context.Context, account int64) (*time.Location, error) {
	return task.AccountZone(ctx, h.e, account)
}

// dayKeys are the cells a to-do's attendee rows fall in.
func (a attendees) dayKeys(ctx context.Context, account, todo int64, loc *time.Location) ([]dayKey, error) {
	rows, err := a.q(ctx, `SELECT subject_type, subject_id, start_ms FROM todo_attendees
		WHERE account_id = ? AND todo_id = ? AND start_ms IS NOT NULL`, account, todo)
	if err != nil {
		return nil, fmt.Errorf("todo: day keys of %d: %w", todo, err)
	}
	defer rows.Close()
	var out []dayKey
	for rows.Next() {
		var k dayKey
		var start int64
		if err := rows.Scan(&k.who.Type, &k.who.ID, &start); err != nil {
			return nil, err
		}
		k.day = epochDay(start, loc)
		out = append(out, k)
	}
	return out, rows.Err()
}

// recount sets the cells from todo_attendees: a to-do is counted on the
// day it starts; whole days take no minutes. Each cell's row is made if
// need be and locked before it is counted (in one order, so two recounts
// cannot deadlock), so concurrent writers on PostgreSQL count one after
// the other and neither misses the other's to-do.
func (a attendees) recount(ctx context.Context, account int64, keys []dayKey, loc *time.Location) error {
	keys = slices.Clone(keys)
	slices.SortFunc(keys, func(x, y dayKey) int {
		return cmp.Or(cmp.Compare(x.who.Type, y.who.Type), cmp.Compare(x.who.ID, y.who.ID), cmp.Compare(x.day, y.day))
	})
	keys = slices.Compact(keys)
	lock := ""
	if a.db.Dialect == store.Postgres {
		lock = " FOR UPDATE"
	}
	for _, k := range keys {
		pk := []any{account, k.who.Type, k.who.ID, k.day}
		if err := a.exec(ctx, `INSERT INTO todo_days (account_id, subject_type, subject_id, day, todos, minutes) VALUES (?, ?, ?, ?, 0, 0)
			ON CONFLICT DO NOTHING`, pk...); err != nil {
			return fmt.Errorf("todo: day cell %v: %w", k, err)
		}
		var held int64
		if err := a.db.Q(ctx).QueryRowContext(ctx, a.db.Dialect.Rebind(`SELECT todos FROM todo_days
			WHERE account_id = ? AND subject_type = ? AND subject_id = ? AND day = ?`+lock), pk...).Scan(&held); err != nil {
			return fmt.Errorf("todo: lock day cell %v: %w", k, err)
		}
		from, to := localDayBounds(k.day, loc)
		var n, minutes int64
		err := a.db.Q(ctx).QueryRowContext(ctx, a.db.Dialect.Rebind(`SELECT COUNT(DISTINCT todo_id),
			CAST(COALESCE(SUM(CASE WHEN all_day = 1 THEN 0 ELSE end_ms - start_ms END), 0) / 60000 AS BIGINT)
			FROM todo_attendees WHERE account_id = ? AND subject_type = ? AND subject_id = ? AND start_ms >= ? AND start_ms < ?
			AND status <> 'rejected'`), account, k.who.Type, k.who.ID, from, to).Scan(&n, &minutes)
		if err != nil {
			return fmt.Errorf("todo: recount %v: %w", k, err)
		}
		if n == 0 {
			err = a.exec(ctx, `DELETE FROM todo_days WHERE account_id = ? AND subject_type = ? AND subject_id = ? AND day = ?`, pk...)
		} else {
			err = a.exec(ctx, `UPDATE todo_days SET todos = ?, minutes = ? WHERE account_id = ? AND subject_type = ? AND subject_id = ? AND day = ?`,
				append([]any{n, minutes}, pk...)...)
		}
		if err != nil {
			return fmt.Errorf("todo: day cell %v: %w", k, err)
		}
	}
	return nil
}

// counted runs a change of a to-do's attendee rows and recounts the
// cells they fell in before and after it.
func (h hooks) counted(ctx context.Context, account, todo int64, change func() error) error {
	loc, err := h.zone(ctx, account)
	if err != nil {
		return err
	}
	before, err := h.att.dayKeys(ctx, account, todo, loc)
	if err != nil {
		return err
	}
	if err := change(); err != nil {
		return err
	}
	after, err := h.att.dayKeys(ctx, account, todo, loc)
	if err != nil {
		return err
	}
	return h.att.recount(ctx, account, append(before, after...), loc)
}
