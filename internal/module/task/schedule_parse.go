package task

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// ParseRule reads a Schedule's stored values, checking each field for
// the ranges the catalogue cannot say. startDate is needed (SetSchedule
// puts today in when a client leaves it out); each defaults to 1, hour
// and minute to a DateTime startDate's (else midnight), week days, day
// and month to startDate's.
func ParseRule(vals map[string]any, loc *time.Location) (Rule, error) {
	if loc == nil {
		loc = time.UTC
	}
	r := Rule{Loc: loc, Each: 1}
	bad := &entity.Invalid{}
	num := func(field string, lo, hi int) int {
		n, ok := vals[field].(int64)
		if !ok {
			return 0
		}
		if n < int64(lo) || n > int64(hi) {
			bad.Add(field, value.CodeRange, "")
			return 0
		}
		return int(n)
	}
	r.Interval, _ = vals["interval"].(string)
	if r.Interval == "" {
		bad.Add("interval", entity.CodeRequired, "")
	}
	start, startTime, hasTime := startOf(vals["startDate"], loc)
	if start.IsZero() {
		bad.Add("startDate", entity.CodeRequired, "")
	}
	r.Start = start
	if n := num("each", 1, 1000); n > 0 {
		r.Each = n
	}
	r.Repetitions = num("repetitions", 1, 100000)
	r.Week = num("week", 1, 5)
	r.Month = time.Month(num("month", 1, 12))
	r.Day = num("day", 1, 31)
	r.Hour, r.Minute = num("hour", 0, 23), num("minute", 0, 59)
	if _, given := vals["hour"].(int64); !given && hasTime {
		r.Hour, r.Minute = startTime.Hour(), startTime.Minute()
	}
	r.WorkDaysOnly = vals["workDaysOnly"] == int64(1)
	r.WeekDays = weekDays(vals["weekDays"], bad)
	if len(r.WeekDays) == 0 {
		r.WeekDays = []time.Weekday{start.Weekday()}
	}
	if r.Month == 0 {
		r.Month = start.Month()
	}
	if r.Day == 0 {
		r.Day = start.Day()
	}
	if s, ok := vals["endDate"].(string); ok {
		if end, err := time.Parse(time.DateOnly, s); err == nil {
			r.End = end
			if end.Before(start) {
				bad.Add("endDate", value.CodeRange, "")
			}
		}
	}
	if len(bad.Errors) > 0 {
		return r, bad
	}
	return r, nil
}

// startOf reads startDate: its day in loc, and its instant when it is a
// DateTime; the zero day when absent.
func startOf(stored any, loc *time.Location) (day, at time.Time, hasTime bool) {
	s, _ := stored.(string)
	var u struct {
		T string          `json:"t"`
		V json.RawMessage `json:"v"`
	}
	if json.Unmarshal([]byte(s), &u) != nil {
		return
	}
	var ms int64
	var text string
	switch {
	case u.T == "DateTime" && json.Unmarshal(u.V, &ms) == nil:
		at = time.UnixMilli(ms).In(loc)
		return dayOf(at), at, true
	case u.T == "DateOnly" && json.Unmarshal(u.V, &text) == nil:
		day, _ = time.Parse(time.DateOnly, text)
	}
	return
}

// weekDays reads 1 (Monday) to 7 (Sunday), in week order.
func weekDays(stored any, bad *entity.Invalid) []time.Weekday {
	s, _ := stored.(string)
	var nums []json.Number
	if s == "" || json.Unmarshal([]byte(s), &nums) != nil {
		if s != "" {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "weekDays", Code: value.CodeType,
				Value: &value.Error{Code: value.CodeType, Expected: "integer[]"}})
		}
		return nil
	}
	var out []time.Weekday
	for _, n := range nums {
		i, err := n.Int64()
		if err != nil || i < 1 || i > 7 {
			bad.Add("weekDays", value.CodeRange, "")
			return nil
		}
		out = append(out, time.Weekday(i%7))
	}
	slices.SortFunc(out, func(a, b time.Weekday) int { return (int(a)+6)%7 - (int(b)+6)%7 })
	return slices.Compact(out)
}
