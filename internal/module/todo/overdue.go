package todo

import (
	"context"
	"encoding/json"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
)

// A to-do still to do is overdue once its end has passed: a timed one at
// its end instant, a whole-day one when its last day is over in the
// account's time zone (docs/todo.md). It is worked out when read, as
// time passes, not kept.

// Overdue tells whether a to-do still to do, of the stored when, is
// overdue at now.
func Overdue(when any, now time.Time, loc *time.Location) bool {
	s, _ := when.(string)
	var w storedWhen
	if s == "" || json.Unmarshal([]byte(s), &w) != nil {
		return false
	}
	switch w.T {
	case "IntervalTime":
		var b timeBounds
		return json.Unmarshal(w.V, &b) == nil && b.To != nil && *b.To < now.UnixMilli()
	case "IntervalDates":
		var b dayBounds
		if json.Unmarshal(w.V, &b) != nil || b.To == nil {
			return false
		}
		last, err := time.ParseInLocation(time.DateOnly, *b.To, loc)
		return err == nil && !now.Before(last.AddDate(0, 0, 1))
	}
	return false
}

// Start is where a to-do of the stored when begins, as a DateOnly|DateTime
// member: the first day of a whole-day one, the first instant of a timed
// one; ok false without a when.
func Start(when any) (member string, stored any, ok bool) {
	s, _ := when.(string)
	var w storedWhen
	if s == "" || json.Unmarshal([]byte(s), &w) != nil {
		return "", nil, false
	}
	switch w.T {
	case "IntervalTime":
		var b timeBounds
		if json.Unmarshal(w.V, &b) == nil && b.From != nil {
			return "DateTime", *b.From, true
		}
	case "IntervalDates":
		var b dayBounds
		if json.Unmarshal(w.V, &b) == nil && b.From != nil {
			return "DateOnly", *b.From, true
		}
	}
	return "", nil, false
}

// fillOverdue answers isOverdue.
func (h hooks) fillOverdue(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	loc, err := task.AccountZone(ctx, h.e, sc.Account)
	if err != nil {
		return err
	}
	now := h.e.Now()
	for _, rec := range recs {
		rec.SetComputed("isOverdue", !finished(rec) && Overdue(rec.Values["when"], now, loc))
	}
	return nil
}
