package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// JobAutomation is the job that runs the rules: the events written since
// its last run, then the schedules that are due.
const JobAutomation = "automation"

// Run statuses in automation_runs.
const (
	RunOK     = "ok"
	RunFailed = "failed"
)

// scheduleLimit bounds the entities one scheduled run acts on.
const scheduleLimit = 100

type event struct {
	id, account, entityID int64
	entityType            string
	created               bool
	fields                []string
}

// Automate runs the rules the written events set off, oldest first, then
// the schedules due at now, and answers how many rules ran. Each event
// is claimed first, so any node may run it.
func (m *Module) Automate(ctx context.Context, now time.Time) (int, error) {
	ran := 0
	for ctx.Err() == nil {
		evs, err := m.events(ctx)
		if err != nil || len(evs) == 0 {
			if err == nil {
				n, err := m.schedules(ctx, now)
				return ran + n, err
			}
			return ran, err
		}
		for _, ev := range evs {
			res, err := m.e.DB.Writer().ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE automation_events SET status = ?
				WHERE id = ? AND status = ?`), Done, ev.id, Pending)
			if err != nil {
				return ran, fmt.Errorf("integration: claim event: %w", err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				continue
			}
			rules, err := m.rules(ctx, ev.account, `is_active = 1 AND entity_type = ?`, ev.entityType)
			if err != nil {
				return ran, err
			}
			for _, r := range rules {
				if !r.fires(ev.created, ev.fields) {
					continue
				}
				did, err := m.runRule(ctx, r, ev.account, &value.Link{Type: ev.entityType, ID: ev.entityID}, now)
				if err != nil {
					return ran, err
				}
				if did {
					ran++
				}
			}
		}
	}
	return ran, nil
}

func (m *Module) events(ctx context.Context) ([]event, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, account_id, entity_type, entity_id,
		created, fields FROM automation_events WHERE status = ? ORDER BY id LIMIT ?`), Pending, batch)
	if err != nil {
		return nil, fmt.Errorf("integration: automation events: %w", err)
	}
	defer rows.Close()
	var out []event
	for rows.Next() {
		var ev event
		var created int
		var fields string
		if err := rows.Scan(&ev.id, &ev.account, &ev.entityType, &ev.entityID, &created, &fields); err != nil {
			return nil, fmt.Errorf("integration: automation events: %w", err)
		}
		ev.created, ev.fields = created == 1, strings.Split(fields, ",")
		out = append(out, ev)
	}
	return out, rows.Err()
}

// schedules runs each due scheduled rule once, claiming it by moving its
// next time on: over the entities its conditions select, or once.
func (m *Module) schedules(ctx context.Context, now time.Time) (int, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT account_id, `+ruleColumns+`
		FROM automations WHERE is_active = 1 AND trigger_type = ? AND next_at <= ? ORDER BY next_at, id`), OnSchedule, now.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("integration: due schedules: %w", err)
	}
	type dueRule struct {
		account int64
		*Rule
	}
	var due []dueRule
	for rows.Next() {
		var account int64
		r, err := scanRule(scanner(func(dst ...any) error { return rows.Scan(append([]any{&account}, dst...)...) }))
		if err != nil {
			rows.Close()
			return 0, err
		}
		due = append(due, dueRule{account, r})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	ran := 0
	for _, r := range due {
		// The next time is counted from now, so a server that was down
		// runs a rule once, not once per missed period.
		next := now.Add(time.Duration(r.EveryMinutes) * time.Minute).UnixMilli()
		res, err := m.e.DB.Writer().ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE automations SET next_at = ?
			WHERE id = ? AND next_at = ?`), next, r.ID, r.NextAt)
		if err != nil {
			return ran, fmt.Errorf("integration: claim schedule: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue
		}
		if r.EntityType == "" {
			if _, err := m.runRule(ctx, r.Rule, r.account, nil, now); err != nil {
				return ran, err
			}
			ran++
			continue
		}
		ids, err := m.matching(ctx, r.account, r.Rule, 0)
		if err != nil {
			return ran, err
		}
		for _, id := range ids {
			did, err := m.runRule(ctx, r.Rule, r.account, &value.Link{Type: r.EntityType, ID: id}, now)
			if err != nil {
				return ran, err
			}
			if did {
				ran++
			}
		}
	}
	return ran, nil
}

type scanner func(dst ...any) error

func (s scanner) Scan(dst ...any) error { return s(dst...) }

// matching lists the entities the rule's conditions select: the one
// given (id), or up to scheduleLimit of the type. The conditions are the
// list filter's terms, read by the engine as a list reads them.
func (m *Module) matching(ctx context.Context, account int64, r *Rule, id int64) ([]int64, error) {
	t, err := m.e.Type(r.EntityType)
	if err != nil {
		return nil, err
	}
	lq := entity.ListQuery{Filter: r.Filter, Limit: scheduleLimit, Fields: []string{"id"}}
	if id != 0 {
		lq.Where = []entity.Condition{{SQL: t.Table + ".id = ?", Args: []any{id}}}
	}
	page, err := m.e.List(ctx, entity.Scope{Account: account, System: true}, r.EntityType, lq, value.Options{})
	if err != nil {
		return nil, err
	}
	out := make([]int64, 0, len(page.Records))
	for _, rec := range page.Records {
		out = append(out, rec.ID)
	}
	return out, nil
}

// runRule checks an event's entity against the rule's conditions and, if
// it matches, does the actions in one transaction; the run is kept with
// what each action did, or why the run failed (then nothing of it stays).
// It answers whether the rule ran.
func (m *Module) runRule(ctx context.Context, r *Rule, account int64, subject *value.Link, now time.Time) (bool, error) {
	if subject != nil && r.Trigger != OnSchedule {
		ids, err := m.matching(ctx, account, r, subject.ID)
		if err != nil {
			return false, m.keepRun(ctx, r, account, subject, RunFailed, err.Error(), nil, now)
		}
		if len(ids) == 0 {
			return false, nil // the conditions do not hold
		}
	}
	var done []string
	err := m.e.DB.WithTx(context.WithValue(ctx, fromAutomation{}, true), func(ctx context.Context) error {
		done = done[:0]
		for _, a := range r.Actions {
			what, err := m.act(ctx, r, account, subject, a)
			if err != nil {
				return fmt.Errorf("%s: %w", a.Type, err)
			}
			done = append(done, what)
		}
		return nil
	})
	status, msg := RunOK, ""
	if err != nil {
		status, msg, done = RunFailed, err.Error(), nil
	}
	return true, m.keepRun(ctx, r, account, subject, status, msg, done, now)
}

func (m *Module) keepRun(ctx context.Context, r *Rule, account int64, subject *value.Link, status, msg string, done []string, now time.Time) error {
	if done == nil {
		done = []string{}
	}
	actions, _ := json.Marshal(done)
	var s value.Link
	if subject != nil {
		s = *subject
	}
	return m.e.DB.Exec(ctx, `INSERT INTO automation_runs (account_id, automation_id, entity_type, entity_id, status, message, actions, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, account, r.ID, s.Type, s.ID, status, msg, string(actions), now.UnixMilli())
}
