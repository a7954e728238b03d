package todo

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/value"
)

// The reference's lists of an entity's to-dos (GET …/{id}/todos) take,
// besides the usual list parameters, the card's tabs and its calendar:
// finished (true: finished ones, false: those still to do), all (every
// to-do, whatever finished says), period (day, week or month: spec 001,
// weeks from Monday) and filters (TodoDateTimeFilter: the days or months
// whose to-dos to show, those starting in them). Neither finished nor all
// lists every to-do; a period without filters is today's day, week or
// month.

// Periods are the spans a to-do list may be narrowed to.
var Periods = []string{"day", "week", "month"}

// dateFilter is a TodoDateTimeFilter: a day, or a month when day is absent
// (months from 0, as DateOnly's).
type dateFilter struct {
	Year  *int `json:"year"`
	Month *int `json:"month"`
	Day   *int `json:"day"`
}

// LinkedConditions reads finished, all, period and filters with take (the
// request's query parameters) and answers the conditions on to-dos they
// ask for; a value of the wrong shape is a 422 on its parameter.
func LinkedConditions(ctx context.Context, e *entity.Engine, sc entity.Scope, take func(string) (json.RawMessage, bool)) ([]entity.Condition, error) {
	bad := &entity.Invalid{}
	flag := func(name string) *bool {
		raw, ok := take(name)
		if !ok || string(raw) == "null" {
			return nil
		}
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: name, Code: value.CodeType, Value: &value.Error{Code: value.CodeType, Expected: "boolean"}})
			return nil
		}
		return &b
	}
	finished, all := flag("finished"), flag("all")
	var period string
	if raw, ok := take("period"); ok && string(raw) != "null" {
		if json.Unmarshal(raw, &period) != nil || !slices.Contains(Periods, period) {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "period", Code: value.CodeEnum, Value: &value.Error{Code: value.CodeEnum, Expected: "period", Allowed: Periods}})
		}
	}
	var filters []dateFilter
	if raw, ok := take("filters"); ok && string(raw) != "null" {
		if json.Unmarshal(raw, &filters) != nil || !validDates(filters) {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "filters", Code: value.CodeType, Value: &value.Error{Code: value.CodeType, Expected: "TodoDateTimeFilter[]"}})
		}
	}
	if len(bad.Errors) > 0 {
		return nil, bad
	}
	t := e.Cat.Type("Todo")
	col := func(c string) string { return t.Table + "." + c }
	var out []entity.Condition
	if finished != nil && (all == nil || !*all) {
		sql := col(t.Field("timeFinished").Column) + " IS NULL"
		if *finished {
			sql = col(t.Field("timeFinished").Column) + " IS NOT NULL"
		}
		out = append(out, entity.Condition{SQL: sql})
	}
	if period == "" && len(filters) == 0 {
		return out, nil
	}
	loc, err := task.AccountZone(ctx, e, sc.Account)
	if err != nil {
		return nil, err
	}
	if len(filters) == 0 {
		y, m, d := e.Now().In(loc).Date()
		filters = []dateFilter{{Year: &y, Month: ptr(int(m) - 1), Day: &d}}
	}
	// A to-do is in a period when it starts in it. A whole day starts at
	// its date's UTC midnight (its stored sort key); a timed to-do at its
	// instant, compared with the days in the account's zone.
	var or []string
	var args []any
	when := t.Field("when")
	whole, start := col(when.Column)+` LIKE '{"t":"IntervalDates"%'`, col(when.SortColumn())
	for _, f := range filters {
		first, last := f.span(period)
		from, to := time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, loc), time.Date(last.Year(), last.Month(), last.Day(), 0, 0, 0, 0, loc)
		or = append(or, fmt.Sprintf("(%[1]s AND %[2]s >= ? AND %[2]s < ?) OR (NOT %[1]s AND %[2]s >= ? AND %[2]s < ?)", whole, start))
		args = append(args, first.UnixMilli(), last.UnixMilli(), from.UnixMilli(), to.UnixMilli())
	}
	out = append(out, entity.Condition{SQL: "(" + strings.Join(or, " OR ") + ")", Args: args})
	return out, nil
}

// span is the filter's first day and the day after its last (UTC
// midnights) for the period: the filter's day, its week from Monday or
// its month; without a period, its day or, given no day, its month.
func (f dateFilter) span(period string) (time.Time, time.Time) {
	day := 1
	if f.Day != nil {
		day = *f.Day
	}
	d := time.Date(*f.Year, time.Month(*f.Month+1), day, 0, 0, 0, 0, time.UTC)
	if period == "" {
		period = "month"
		if f.Day != nil {
			period = "day"
		}
	}
	switch period {
	case "day":
		return d, d.AddDate(0, 0, 1)
	case "week":
		monday := d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
		return monday, monday.AddDate(0, 0, 7)
	default:
		first := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC)
		return first, first.AddDate(0, 1, 0)
	}
}

// validDates: each filter names a real day, or a month.
func validDates(fs []dateFilter) bool {
	for _, f := range fs {
		if f.Year == nil || f.Month == nil || *f.Year < 1 || *f.Year > 9999 || *f.Month < 0 || *f.Month > 11 {
			return false
		}
		if f.Day != nil {
			d := time.Date(*f.Year, time.Month(*f.Month+1), *f.Day, 0, 0, 0, 0, time.UTC)
			if *f.Day < 1 || d.Day() != *f.Day {
				return false
			}
		}
	}
	return true
}

func ptr[T any](v T) *T { return &v }
