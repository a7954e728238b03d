package entity

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

func stringTerm(d store.Dialect, expr string, tm *term) (sqlPart, error) {
	var s string
	if json.Unmarshal(tm.Value, &s) != nil {
		return sqlPart{}, badFilter(tm.Field)
	}
	like := func(pattern string) sqlPart {
		return sqlPart{sql: d.Lower(expr) + ` LIKE ? ESCAPE '\'`, args: []any{pattern}}
	}
	esc := likeEscape(strings.ToLower(s))
	switch tm.Comparison {
	case "equals", "":
		return sqlPart{sql: expr + " = ?", args: []any{s}}, nil
	case "not_equals":
		return sqlPart{sql: "(" + expr + " IS NULL OR " + expr + " <> ?)", args: []any{s}}, nil
	case "contains":
		return like("%" + esc + "%"), nil
	case "not_contains":
		p := like("%" + esc + "%")
		return sqlPart{sql: "(" + expr + " IS NULL OR NOT (" + p.sql + "))", args: p.args}, nil
	case "starts_with":
		return like(esc + "%"), nil
	}
	return sqlPart{}, badFilter(tm.Field)
}

// likeEscape makes user text literal inside a LIKE pattern.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

var numberOps = map[string]string{"equals": "=", "not_equals": "<>", "less": "<", "less_eq": "<=", "more": ">", "more_eq": ">="}

func numberTerm(expr string, tm *term) (sqlPart, error) {
	num := func(raw json.RawMessage) (float64, bool) {
		v, err := value.Number{}.Decode(raw)
		f, ok := v.(float64)
		return f, err == nil && ok
	}
	if op, ok := numberOps[tm.Comparison]; ok {
		n, ok := num(tm.Value)
		if !ok {
			return sqlPart{}, badFilter(tm.Field)
		}
		if op == "<>" {
			return sqlPart{sql: "(" + expr + " IS NULL OR " + expr + " <> ?)", args: []any{n}}, nil
		}
		return sqlPart{sql: expr + " " + op + " ?", args: []any{n}}, nil
	}
	switch tm.Comparison {
	case "interval":
		var iv struct{ From, To json.RawMessage }
		if json.Unmarshal(tm.Value, &iv) != nil {
			return sqlPart{}, badFilter(tm.Field)
		}
		var parts []string
		var args []any
		if n, ok := num(iv.From); ok {
			parts, args = append(parts, expr+" >= ?"), append(args, n)
		}
		if n, ok := num(iv.To); ok {
			parts, args = append(parts, expr+" <= ?"), append(args, n)
		}
		if len(parts) == 0 {
			return sqlPart{}, badFilter(tm.Field)
		}
		return sqlPart{sql: strings.Join(parts, " AND "), args: args}, nil
	case "one_of":
		var list []json.RawMessage
		if json.Unmarshal(tm.Value, &list) != nil || len(list) == 0 {
			return sqlPart{}, badFilter(tm.Field)
		}
		args := make([]any, len(list))
		for i, raw := range list {
			n, ok := num(raw)
			if !ok {
				return sqlPart{}, badFilter(tm.Field)
			}
			args[i] = n
		}
		return sqlPart{sql: expr + " IN (" + placeholders(len(args)) + ")", args: args}, nil
	}
	return sqlPart{}, badFilter(tm.Field)
}

func enumTerm(expr string, tm *term) (sqlPart, error) {
	var list []string
	if json.Unmarshal(tm.Value, &list) != nil {
		var one string
		if json.Unmarshal(tm.Value, &one) != nil {
			return sqlPart{}, badFilter(tm.Field)
		}
		list = []string{one}
	}
	if len(list) == 0 {
		return sqlPart{sql: expr + " IS NULL"}, nil
	}
	args := make([]any, len(list))
	for i, s := range list {
		args[i] = s
	}
	in := expr + " IN (" + placeholders(len(args)) + ")"
	switch tm.Comparison {
	case "equals", "":
		return sqlPart{sql: in, args: args}, nil
	case "not_equals":
		return sqlPart{sql: "(" + expr + " IS NULL OR NOT " + in + ")", args: args}, nil
	}
	return sqlPart{}, badFilter(tm.Field)
}

// dateTerm compares a date field with a day, an interval of days or of
// times. Days are the client's days: a DateOnly against a DateTime field
// covers that day in the client's time zone.
func dateTerm(expr string, kind value.Kind, tm *term, opt value.Options) (sqlPart, error) {
	from, to, ok := dateRange(tm.Value, opt)
	if !ok {
		return sqlPart{}, badFilter(tm.Field)
	}
	_, isDateOnly := kind.(value.DateOnly)
	bound := func(t *time.Time) any {
		if isDateOnly {
			return t.Format("2006-01-02")
		}
		return t.UnixMilli()
	}
	var parts []string
	var args []any
	if from != nil {
		parts, args = append(parts, expr+" >= ?"), append(args, bound(from))
	}
	if to != nil {
		op := " < ?"
		if isDateOnly {
			op = " <= ?"
			prev := to.AddDate(0, 0, -1)
			to = &prev
		}
		parts, args = append(parts, expr+op), append(args, bound(to))
	}
	in := strings.Join(parts, " AND ")
	switch tm.Comparison {
	case "equals", "":
		return sqlPart{sql: in, args: args}, nil
	case "not_equals":
		return sqlPart{sql: "(" + expr + " IS NULL OR NOT (" + in + "))", args: args}, nil
	case "more", "more_eq":
		if to == nil {
			return sqlPart{}, badFilter(tm.Field)
		}
		return sqlPart{sql: expr + " >= ?", args: []any{bound(to)}}, nil
	case "less", "less_eq":
		if from == nil {
			return sqlPart{}, badFilter(tm.Field)
		}
		return sqlPart{sql: expr + " < ?", args: []any{bound(from)}}, nil
	}
	return sqlPart{}, badFilter(tm.Field)
}

// dateRange reads a DateOnly, DateTime, IntervalDates or IntervalTime as a
// half-open range [from, to); nil ends are open.
func dateRange(raw json.RawMessage, opt value.Options) (from, to *time.Time, ok bool) {
	loc := opt.Location
	if loc == nil {
		loc = time.UTC
	}
	day := func(raw json.RawMessage) (*time.Time, *time.Time, bool) {
		v, err := value.DateOnly{}.Decode(raw)
		s, isStr := v.(string)
		if err != nil || !isStr {
			return nil, nil, false
		}
		d, err := time.ParseInLocation("2006-01-02", s, loc)
		if err != nil {
			return nil, nil, false
		}
		next := d.AddDate(0, 0, 1)
		return &d, &next, true
	}
	instant := func(raw json.RawMessage) (*time.Time, bool) {
		v, err := value.DateTime{}.Decode(raw)
		ms, isInt := v.(int64)
		if err != nil || !isInt {
			return nil, false
		}
		t := time.UnixMilli(ms)
		return &t, true
	}
	var x struct {
		ContentType string          `json:"contentType"`
		From        json.RawMessage `json:"from"`
		To          json.RawMessage `json:"to"`
	}
	if json.Unmarshal(raw, &x) != nil {
		return nil, nil, false
	}
	isNull := func(r json.RawMessage) bool { return len(r) == 0 || string(r) == "null" }
	switch x.ContentType {
	case "DateOnly":
		return day(raw)
	case "DateTime":
		t, ok := instant(raw)
		if !ok {
			return nil, nil, false
		}
		next := t.Add(time.Millisecond)
		return t, &next, true
	case "IntervalDates":
		if !isNull(x.From) {
			if from, _, ok = day(x.From); !ok {
				return nil, nil, false
			}
		}
		if !isNull(x.To) {
			if _, to, ok = day(x.To); !ok {
				return nil, nil, false
			}
		}
		return from, to, from != nil || to != nil
	case "IntervalTime":
		if !isNull(x.From) {
			if from, ok = instant(x.From); !ok {
				return nil, nil, false
			}
		}
		if !isNull(x.To) {
			if to, ok = instant(x.To); !ok {
				return nil, nil, false
			}
		}
		return from, to, from != nil || to != nil
	}
	return nil, nil, false
}
