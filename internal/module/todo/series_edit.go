package todo

import (
	"context"
	"encoding/json"
	"maps"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/value"
)

// EditInSeries serves POST /todo/{id}/{changeMode}: a change to a to-do
// of a series made to this one only (changeCurrent), to it and the later
// ones (changeSequent: the series is split, this one the first of the
// new one, so copies made later follow the change too), or to the series'
// first, its template, and every to-do not begun (changeTemplate). A new
// time moves each of them by as much as this one moved, and gives them
// its length; the rule follows. A to-do in no series is just changed.
// All or nothing: one refusal changes none.
func (m *Module) EditInSeries(ctx context.Context, sc entity.Scope, id int64, mode string, in entity.Input) (*entity.Record, error) {
	h := m.h
	var out *entity.Record
	err := h.e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := h.editable(ctx, sc, id)
		if err != nil {
			return err
		}
		sid, err := h.att.seriesOf(ctx, sc.Account, id)
		if err != nil {
			return err
		}
		var s *series
		if sid != 0 && mode != "changeCurrent" {
			if s, err = h.att.loadSeries(ctx, sc.Account, sid); err != nil {
				return err
			}
		}
		before, _ := value.SpanOf(rec.Values["when"])
		if out, err = h.e.Update(ctx, sc, "Todo", id, in); err != nil || s == nil {
			return err
		}
		after, _ := value.SpanOf(out.Values["when"])
		mv := move{delta: after.Start - before.Start, length: after.End - after.Start, given: in["when"] != nil}
		if err := h.shifted(ctx, sc.Account, id, mv); err != nil {
			return err
		}
		if mode == "changeSequent" && id != sid {
			return h.split(ctx, sc, s, id, in, mv)
		}
		targets, err := h.notBegun(ctx, sc.Account, sid, id)
		if err != nil {
			return err
		}
		if id != sid {
			targets = append(targets, sid) // the template, begun or not
		}
		if err := h.applyAll(ctx, sc, targets, in, mv); err != nil {
			return err
		}
		return h.follow(ctx, s, mv)
	})
	return out, err
}

// move is how a change of time carries to the other to-dos of a series.
type move struct {
	delta, length int64 // milliseconds
	given         bool  // the change named when
}

// applyAll gives each to-do the change, its time moved by mv.
func (h hooks) applyAll(ctx context.Context, sc entity.Scope, ids []int64, in entity.Input, mv move) error {
	for _, id := range ids {
		each := maps.Clone(in)
		if mv.given {
			rec, err := h.e.Get(ctx, sc, "Todo", id)
			if err != nil {
				return err
			}
			if sp, ok := value.SpanOf(rec.Values["when"]); ok {
				start := sp.Start + mv.delta
				each["when"] = raw(whenBody(value.Span{Start: start, End: start + mv.length, AllDay: sp.AllDay}))
			}
		}
		if _, err := h.e.Update(ctx, sc, "Todo", id, each); err != nil {
			return err
		}
		if err := h.shifted(ctx, sc.Account, id, mv); err != nil {
			return err
		}
	}
	return nil
}

// shifted moves a to-do's place in its series as its time moved.
func (h hooks) shifted(ctx context.Context, account, id int64, mv move) error {
	if !mv.given || mv.delta == 0 {
		return nil
	}
	return h.att.exec(ctx, `UPDATE todo_occurrences SET start_ms = start_ms + ? WHERE account_id = ? AND todo_id = ?`, mv.delta, account, id)
}

// notBegun lists the series' to-dos that start after now, but one and
// the series' first.
func (h hooks) notBegun(ctx context.Context, account, sid, but int64) ([]int64, error) {
	rows, err := h.att.q(ctx, `SELECT todo_id FROM todo_occurrences WHERE account_id = ? AND series_id = ? AND start_ms > ?
		AND todo_id <> ? AND todo_id <> ?`, account, sid, h.e.Now().UnixMilli(), but, sid)
	if err != nil {
		return nil, err
	}
	return scanIDs(rows)
}

// split makes id the first of a new series holding it and the later
// to-dos, changed alike; the old series ends before it. The new rule is
// the old one from id's start, with the repetitions left.
func (h hooks) split(ctx context.Context, sc entity.Scope, old *series, id int64, in entity.Input, mv move) error {
	later, err := h.laterInSeries(ctx, sc.Account, id)
	if err != nil {
		return err
	}
	if err := h.applyAll(ctx, sc, later, in, mv); err != nil {
		return err
	}
	var earlier int
	if err := h.att.db.Q(ctx).QueryRowContext(ctx, h.att.db.Dialect.Rebind(`SELECT COUNT(*) FROM todo_occurrences o
		JOIN todo_occurrences me ON me.account_id = o.account_id AND me.series_id = o.series_id
		WHERE me.account_id = ? AND me.todo_id = ? AND o.start_ms < me.start_ms`), sc.Account, id).Scan(&earlier); err != nil {
		return err
	}
	// The old series ends with the to-dos before this one.
	ended := maps.Clone(old.rule)
	ended["repetitions"] = int64(earlier)
	rule, _ := json.Marshal(ended)
	if err := h.att.exec(ctx, `UPDATE todo_series SET rule = ?, next_ms = NULL, made = ? WHERE account_id = ? AND series_id = ?`,
		string(rule), earlier, sc.Account, old.id); err != nil {
		return err
	}
	for _, moved := range append(later, id) {
		if err := h.att.exec(ctx, `UPDATE todo_occurrences SET series_id = ? WHERE account_id = ? AND todo_id = ?`, id, sc.Account, moved); err != nil {
			return err
		}
	}
	s := &series{account: sc.Account, id: id, rule: maps.Clone(old.rule), made: len(later) + 1}
	if n, ok := s.rule["repetitions"].(int64); ok {
		if n -= int64(earlier); n < 1 {
			n = 1
		}
		s.rule["repetitions"] = n
	}
	return h.follow(ctx, s, mv)
}

// follow makes a series' rule start at its first to-do's start when a
// change moved it (a weekly rule's days move with it), then makes the
// to-dos the horizon needs after its latest.
func (h hooks) follow(ctx context.Context, s *series, mv move) error {
	first, err := h.e.Get(ctx, entity.Scope{Account: s.account, System: true}, "Todo", s.id)
	if err != nil {
		return err
	}
	span, ok := value.SpanOf(first.Values["when"])
	if ok && (mv.given || s.rule["startDate"] == nil) {
		loc, err := task.AccountZone(ctx, h.e, s.account)
		if err != nil {
			return err
		}
		was, _ := ruleOf(ctx, h.e, s.account, s.rule)
		start := map[string]any{"contentType": "DateTime", "value": time.UnixMilli(span.Start).UTC().Format(time.RFC3339)}
		if s.rule["startDate"], err = h.e.Cat.Type("Schedule").Field("startDate").Kind.Decode(raw(start)); err != nil {
			return err
		}
		delete(s.rule, "hour")
		delete(s.rule, "minute")
		shiftDays(s.rule, int(time.UnixMilli(span.Start).In(loc).Weekday()-was.Start.Weekday()))
	}
	// The copies go on after the latest to-do the series now holds.
	if err := h.att.db.Q(ctx).QueryRowContext(ctx, h.att.db.Dialect.Rebind(`SELECT MAX(start_ms) FROM todo_occurrences
		WHERE account_id = ? AND series_id = ?`), s.account, s.id).Scan(&s.last); err != nil {
		return err
	}
	return h.extend(ctx, s, h.e.Now().Add(Horizon))
}

// shiftDays moves a weekly rule's days (1 Monday to 7 Sunday) by by days.
func shiftDays(rule map[string]any, by int) {
	stored, _ := rule["weekDays"].(string)
	var days []int
	if by == 0 || json.Unmarshal([]byte(stored), &days) != nil || len(days) == 0 {
		return
	}
	for i, d := range days {
		days[i] = ((d-1+by)%7+7)%7 + 1
	}
	b, _ := json.Marshal(days)
	rule["weekDays"] = string(b)
}
