package task

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"
	_ "time/tzdata" // account zones must load on hosts without zoneinfo

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/entity"
)

// Limits of one RunDue: schedules looked at, and occurrences one
// schedule may catch up on (a server that was down makes the missed
// ones, at most this many a minute).
const (
	dueBatch   = 1000
	maxCatchUp = 50
)

// ZoneSetting is the account setting (systemSetting) naming its time
// zone, e.g. "Europe/Moscow"; schedules use UTC without it.
const ZoneSetting = "timeZone"

// RunDueSchedules makes the work every due schedule owes at now: one
// transaction per occurrence, which first moves the schedule on (a
// compare-and-set on next_at and done), so however many nodes or runs
// meet the same occurrence, one makes it. The periodic job calls it;
// tests call it with a clock of their own.
func RunDueSchedules(ctx context.Context, e *entity.Engine, now time.Time, log *slog.Logger) error {
	due, err := dueSchedules(ctx, e, now)
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range due {
		for range maxCatchUp {
			more, err := runOccurrence(ctx, e, d.account, d.id, now, log)
			if err != nil {
				errs = append(errs, err)
			}
			if err != nil || !more {
				break
			}
		}
	}
	return errors.Join(errs...)
}

type dueRef struct{ account, id int64 }

func dueSchedules(ctx context.Context, e *entity.Engine, now time.Time) ([]dueRef, error) {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT account_id, schedule_id FROM task_schedules
		WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT ?`), now.UnixMilli(), dueBatch)
	if err != nil {
		return nil, fmt.Errorf("task: due schedules: %w", err)
	}
	defer rows.Close()
	var out []dueRef
	for rows.Next() {
		var d dueRef
		if err := rows.Scan(&d.account, &d.id); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// runOccurrence makes the schedule's next occurrence if it is due; more
// tells whether another may be due already. A template that cannot be
// copied (too large, gone) loses that occurrence rather than blocking the
// schedule: the failure is logged and the schedule moves on.
func runOccurrence(ctx context.Context, e *entity.Engine, acc, id int64, now time.Time, log *slog.Logger) (more bool, err error) {
	err = e.DB.WithTx(ctx, func(ctx context.Context) error {
		more, err = occur(ctx, e, acc, id, now, true)
		return err
	})
	var inv *entity.Invalid
	if errors.As(err, &inv) || errors.Is(err, entity.ErrNotFound) {
		log.Warn("schedule: occurrence skipped", "account", acc, "schedule", id, "err", err)
		err = e.DB.WithTx(ctx, func(ctx context.Context) error {
			more, err = occur(ctx, e, acc, id, now, false)
			return err
		})
	}
	if err != nil {
		return false, fmt.Errorf("task: schedule %d/%d: %w", acc, id, err)
	}
	return more, nil
}

// occur moves a due schedule to its following occurrence and, with
// makeWork, clones the template in its owner's name.
func occur(ctx context.Context, e *entity.Engine, acc, id int64, now time.Time, makeWork bool) (bool, error) {
	st, err := loadStateByID(ctx, e, acc, id)
	if err != nil || st == nil || st.Next == nil || *st.Next > now.UnixMilli() {
		return false, err
	}
	sys := entity.Scope{Account: acc, System: true}
	tpl, err := e.Get(ctx, sys, st.Kind, st.Subject)
	if errors.Is(err, entity.ErrNotFound) {
		return false, dropSchedule(asSchedule(ctx), e, acc, st)
	}
	if err != nil {
		return false, err
	}
	sched, err := e.Get(ctx, sys, "Schedule", id)
	if err != nil {
		return false, err
	}
	loc, err := AccountZone(ctx, e, acc)
	if err != nil {
		return false, err
	}
	rule, err := ParseRule(sched.Values, loc)
	if err != nil || tpl.Values["isTemplate"] != int64(1) {
		// No longer a template, or a rule this release cannot read:
		// the schedule ends rather than making work from it.
		return false, endSchedule(ctx, e, acc, tpl, sched)
	}
	at := *st.Next
	var following *int64
	if t, ok := rule.Next(time.UnixMilli(at+1), int(st.Done)+1); ok {
		ms := t.UnixMilli()
		following = &ms
	}
	res, err := e.DB.Q(ctx).ExecContext(ctx, e.DB.Dialect.Rebind(`UPDATE task_schedules SET next_at = ?, done = done + 1
		WHERE account_id = ? AND schedule_id = ? AND next_at = ? AND done = ?`), following, acc, id, at, st.Done)
	if err != nil {
		return false, fmt.Errorf("claim: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err // another run made this occurrence
	}
	if makeWork {
		owner := tpl.Links["owner"]
		if _, err := Clone(ctx, e, entity.Scope{Account: acc, Actor: owner, System: true}, st.Kind, st.Subject, false, nil); err != nil {
			return false, err
		}
	}
	if following == nil {
		return false, markTemplate(asSchedule(ctx), e, sys, tpl, sched, false)
	}
	return *following <= now.UnixMilli(), nil
}

// endSchedule stops a schedule without making work; it stays, so the
// template shows what it was and a POST can start it again.
func endSchedule(ctx context.Context, e *entity.Engine, acc int64, tpl, sched *entity.Record) error {
	if err := e.DB.Exec(ctx, "UPDATE task_schedules SET next_at = NULL WHERE account_id = ? AND schedule_id = ?", acc, sched.ID); err != nil {
		return fmt.Errorf("end: %w", err)
	}
	return markTemplate(asSchedule(ctx), e, entity.Scope{Account: acc, System: true}, tpl, sched, false)
}

// AccountZone is the account's time zone, UTC when unset or unknown.
func AccountZone(ctx context.Context, e *entity.Engine, acc int64) (*time.Location, error) {
	raw, err := account.SettingValue(ctx, e.DB, acc, account.KindSystem, account.AccountSubject(acc), ZoneSetting)
	if err != nil || raw == nil {
		return time.UTC, err
	}
	var name string
	if json.Unmarshal(raw, &name) != nil {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC, nil
	}
	return loc, nil
}

// scheduleState is a task_schedules row.
type scheduleState struct {
	ScheduleID int64
	Kind       string
	Subject    int64
	Next       *int64 // unix ms; nil once the schedule has ended
	Done       int64
}

const stateColumns = "schedule_id, subject_type, subject_id, next_at, done"

func loadState(ctx context.Context, e *entity.Engine, acc int64, kind string, id int64) (*scheduleState, error) {
	return scanState(e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind("SELECT "+stateColumns+
		" FROM task_schedules WHERE account_id = ? AND subject_type = ? AND subject_id = ?"), acc, kind, id))
}

func loadStateByID(ctx context.Context, e *entity.Engine, acc, id int64) (*scheduleState, error) {
	return scanState(e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind("SELECT "+stateColumns+
		" FROM task_schedules WHERE account_id = ? AND schedule_id = ?"), acc, id))
}

func scanState(row *sql.Row) (*scheduleState, error) {
	var st scheduleState
	var next sql.NullInt64
	err := row.Scan(&st.ScheduleID, &st.Kind, &st.Subject, &next, &st.Done)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("task: schedule state: %w", err)
	}
	if next.Valid {
		st.Next = &next.Int64
	}
	return &st, nil
}

// saveState writes where a schedule stands; done is kept on an update,
// so a schedule edited after some repetitions counts on from them.
func saveState(ctx context.Context, e *entity.Engine, acc int64, st *scheduleState) error {
	return e.DB.Exec(ctx, `INSERT INTO task_schedules (account_id, schedule_id, subject_type, subject_id, next_at, done)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, schedule_id) DO UPDATE SET next_at = excluded.next_at`,
		acc, st.ScheduleID, st.Kind, st.Subject, st.Next, st.Done)
}
