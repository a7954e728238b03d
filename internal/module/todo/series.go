package todo

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/value"
)

// A repeating to-do is a series (todo_series): its first to-do, the
// Schedule it repeats by, read with the task schedules' rule
// (task.ParseRule, task.Rule), and the to-dos it has made
// (todo_occurrences). The made to-dos are ordinary to-dos, copies of the
// first at the rule's times, made ahead of time for Horizon so calendars
// and calendar apps show them; the series job keeps the horizon ahead.

// Horizon is how far ahead a series has its to-dos made.
const Horizon = 62 * 24 * time.Hour

// JobSeries is the name the series job runs under.
const JobSeries = "todo_series"

// series is one row of todo_series.
type series struct {
	account, id int64
	rule        map[string]any // the Schedule's stored values
	made        int
	next        *int64
	last        int64 // the latest made to-do's start
}

var scheduleFields = []string{"startDate", "endDate", "repetitions", "interval", "each", "workDaysOnly",
	"weekDays", "week", "hour", "minute", "month", "day"}

// decodeSchedule reads a Schedule body into stored values by the
// catalogue's kinds; an unknown field or a bad value is a 422.
func decodeSchedule(cat *catalog.Catalog, in entity.Input) (map[string]any, error) {
	t := cat.Type("Schedule")
	vals := map[string]any{}
	bad := &entity.Invalid{}
	for name, raw := range in {
		if name == "contentType" || name == "id" {
			continue
		}
		f := t.Field(name)
		if f == nil || f.Role != catalog.RoleValue {
			bad.Add(name, entity.CodeUnknownField, "")
			continue
		}
		v, err := f.Kind.Decode(raw)
		if err != nil {
			var ve *value.Error
			if errors.As(err, &ve) {
				bad.Errors = append(bad.Errors, entity.FieldError{Field: name, Code: ve.Code, Value: ve})
			} else {
				bad.Add(name, value.CodeFormat, "")
			}
			continue
		}
		if v != nil {
			vals[name] = v
		}
	}
	if len(bad.Errors) > 0 {
		return nil, bad
	}
	return vals, nil
}

// ruleOf is a series' rule in the account's zone.
func ruleOf(ctx context.Context, e *entity.Engine, account int64, vals map[string]any) (task.Rule, error) {
	loc, err := task.AccountZone(ctx, e, account)
	if err != nil {
		return task.Rule{}, err
	}
	return task.ParseRule(vals, loc)
}

func (a attendees) loadSeries(ctx context.Context, account, id int64) (*series, error) {
	s := &series{account: account, id: id}
	var rule string
	var next sql.NullInt64
	err := a.db.Q(ctx).QueryRowContext(ctx, a.db.Dialect.Rebind(`SELECT rule, made, next_ms, last_ms FROM todo_series
		WHERE account_id = ? AND series_id = ?`), account, id).Scan(&rule, &s.made, &next, &s.last)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("todo: series %d: %w", id, err)
	}
	if next.Valid {
		s.next = &next.Int64
	}
	if err := json.Unmarshal([]byte(rule), &s.rule); err != nil {
		return nil, fmt.Errorf("todo: series %d rule: %w", id, err)
	}
	// JSON numbers come back as float64; the rule reads integers.
	for k, v := range s.rule {
		if f, ok := v.(float64); ok {
			s.rule[k] = int64(f)
		}
	}
	return s, nil
}

func (a attendees) saveSeries(ctx context.Context, s *series) error {
	rule, _ := json.Marshal(s.rule)
	if err := a.exec(ctx, `DELETE FROM todo_series WHERE account_id = ? AND series_id = ?`, s.account, s.id); err != nil {
		return err
	}
	return a.exec(ctx, `INSERT INTO todo_series (account_id, series_id, rule, made, next_ms, last_ms) VALUES (?, ?, ?, ?, ?, ?)`,
		s.account, s.id, string(rule), s.made, s.next, s.last)
}

// seriesOf is the series a to-do belongs to (itself, when it is the
// first), 0 for none.
func (a attendees) seriesOf(ctx context.Context, account, todo int64) (int64, error) {
	var id int64
	err := a.db.Q(ctx).QueryRowContext(ctx, a.db.Dialect.Rebind(`SELECT series_id FROM todo_occurrences
		WHERE account_id = ? AND todo_id = ?`), account, todo).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// extend makes the series' to-dos due before until, copies of its first
// to-do at the rule's times, and moves its next.
func (h hooks) extend(ctx context.Context, s *series, until time.Time) error {
	sys := entity.Scope{Account: s.account, System: true}
	first, err := h.e.Get(ctx, sys, "Todo", s.id)
	if errors.Is(err, entity.ErrNotFound) {
		return h.att.exec(ctx, `DELETE FROM todo_series WHERE account_id = ? AND series_id = ?`, s.account, s.id)
	}
	if err != nil {
		return err
	}
	span, ok := value.SpanOf(first.Values["when"])
	if !ok {
		s.next = nil
		return h.att.saveSeries(ctx, s)
	}
	rule, err := ruleOf(ctx, h.e, s.account, s.rule)
	if err != nil {
		return err
	}
	ps, err := h.att.participants(ctx, s.account, []int64{s.id})
	if err != nil {
		return err
	}
	length := span.End - span.Start
	for {
		at, ok := rule.Next(time.UnixMilli(s.last).Add(time.Minute), s.made)
		if !ok {
			s.next = nil
			break
		}
		ms := at.UnixMilli()
		s.next = &ms
		if !at.Before(until) {
			break
		}
		if err := h.occur(ctx, s.account, first, ps[s.id], value.Span{Start: ms, End: ms + length, AllDay: span.AllDay}); err != nil {
			return err
		}
		s.made++
		s.last = ms
	}
	return h.att.saveSeries(ctx, s)
}

// occur makes one to-do of a series at span, as its first's creator:
// its name, description, kind, place, responsible, reminders and
// invitees (asked anew).
func (h hooks) occur(ctx context.Context, account int64, first *entity.Record, ps []Participant, span value.Span) error {
	in := entity.Input{"when": raw(whenBody(span))}
	for _, f := range []string{"name", "description", "isNeedResult", "category", "reminders"} {
		if v, ok := first.Values[f]; ok && v != nil {
			in[f] = raw(first.Type.Field(f).Kind.Encode(v, value.Options{}))
		}
	}
	for _, f := range []string{"responsible", "place"} {
		if l, ok := first.Links[f]; ok {
			in[f] = raw(value.EncodeLink(l))
		}
	}
	subjects := make([]any, len(ps))
	for i, p := range ps {
		subjects[i] = value.EncodeLink(p.Subject)
	}
	in["participants"] = raw(subjects)
	sc := entity.Scope{Account: account, Actor: first.Links["userCreated"], System: true}
	rec, err := h.e.Create(ctx, sc, "Todo", in)
	if err != nil {
		return err
	}
	return h.att.exec(ctx, `INSERT INTO todo_occurrences (account_id, todo_id, series_id, start_ms) VALUES (?, ?, ?, ?)`,
		sc.Account, rec.ID, first.ID, span.Start)
}

// whenBody is a span as the API writes a when.
func whenBody(s value.Span) map[string]any {
	if s.AllDay {
		last := time.UnixMilli(s.End).UTC().AddDate(0, 0, -1)
		return map[string]any{"contentType": "IntervalDates", "from": dateOnly(time.UnixMilli(s.Start).UTC()), "to": dateOnly(last)}
	}
	return map[string]any{"contentType": "IntervalTime", "from": dateTime(time.UnixMilli(s.Start)), "to": dateTime(time.UnixMilli(s.End))}
}

// ExtendSeries makes the to-dos every series needs for the horizon
// ahead of now (the series job).
func (m *Module) ExtendSeries(ctx context.Context, now time.Time) error {
	h := m.h
	until := now.Add(Horizon)
	rows, err := h.att.q(ctx, `SELECT account_id, series_id FROM todo_series WHERE next_ms IS NOT NULL AND next_ms < ?`, until.UnixMilli())
	if err != nil {
		return err
	}
	var due [][2]int64
	for rows.Next() {
		var k [2]int64
		if err := rows.Scan(&k[0], &k[1]); err != nil {
			rows.Close()
			return err
		}
		due = append(due, k)
	}
	rows.Close()
	for _, k := range due {
		err := h.e.DB.WithTx(ctx, func(ctx context.Context) error {
			s, err := h.att.loadSeries(ctx, k[0], k[1])
			if err != nil || s == nil {
				return err
			}
			return h.extend(ctx, s, until)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
