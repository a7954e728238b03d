package value

import (
	"encoding/json"
	"strings"
	"time"
)

// DateOnly is a calendar day, stored as "YYYY-MM-DD", which sorts as text.
// The API object counts months from 0, like JavaScript's Date.
type DateOnly struct{}

var _ Kind = DateOnly{}

func (DateOnly) Name() string   { return "DateOnly" }
func (DateOnly) Column() Column { return ColText }

func (DateOnly) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "DateOnly", dateOnlyFrom)
}

// dateOnlyFrom reads {"contentType":"DateOnly","year":..,"month":0-11,"day":..}
// or a "YYYY-MM-DD" string.
func dateOnlyFrom(v any) (string, error) {
	if s, ok := v.(string); ok {
		t, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
		if err != nil {
			return "", fail(CodeFormat, "DateOnly")
		}
		if t.Year() < 1 {
			return "", fail(CodeRange, "DateOnly")
		}
		return t.Format(time.DateOnly), nil
	}
	m, err := object(v, "DateOnly")
	if err != nil {
		return "", err
	}
	var ymd [3]int64
	for i, key := range []string{"year", "month", "day"} {
		if ymd[i], err = toInt(m[key], "DateOnly"); err != nil {
			return "", err
		}
	}
	year, month, day := ymd[0], ymd[1], ymd[2]
	if year < 1 || year > 9999 {
		return "", fail(CodeRange, "DateOnly")
	}
	// time.Date would roll Feb 30 over into March; a real date must come back unchanged.
	t := time.Date(int(year), time.Month(month+1), int(day), 0, 0, 0, 0, time.UTC)
	if month < 0 || month > 11 || day < 1 || day > 31 || t.Day() != int(day) {
		return "", fail(CodeFormat, "DateOnly")
	}
	return t.Format(time.DateOnly), nil
}

func (DateOnly) Encode(stored any, _ Options) any {
	if s, ok := asString(stored); ok {
		return encodeDateOnly(s)
	}
	return nil
}

func encodeDateOnly(s string) any {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return nil
	}
	return map[string]any{"contentType": "DateOnly", "year": t.Year(), "month": int(t.Month()) - 1, "day": t.Day()}
}
