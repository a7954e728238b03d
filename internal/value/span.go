package value

import (
	"encoding/json"
	"time"
)

// Span is a stored IntervalTime or IntervalDates (a DateUnion member) as
// instants: [Start, End) in ms. Whole days (IntervalDates) run from the
// first day's midnight UTC to the midnight after the last; AllDay marks
// them so a reader's calendar places them on their days in the reader's
// zone. A timed interval without an end lasts DefaultSpan.
type Span struct {
	Start, End int64
	AllDay     bool
}

// DefaultSpan is how long a timed interval given only its start lasts
// (a to-do's default length).
const DefaultSpan = 30 * time.Minute

// Overlaps tells whether two spans share an instant.
func (s Span) Overlaps(o Span) bool { return s.Start < o.End && o.Start < s.End }

// SpanOf reads a stored DateUnion holding an interval; ok is false for
// anything else, or an interval with no start.
func SpanOf(stored any) (Span, bool) {
	s, _ := stored.(string)
	var w tagged
	if s == "" || json.Unmarshal([]byte(s), &w) != nil {
		return Span{}, false
	}
	switch w.T {
	case "IntervalTime":
		var b interval[int64]
		if json.Unmarshal(w.V, &b) != nil || b.From == nil {
			return Span{}, false
		}
		end := *b.From + DefaultSpan.Milliseconds()
		if b.To != nil {
			end = *b.To
		}
		return Span{Start: *b.From, End: end}, true
	case "IntervalDates":
		var b interval[string]
		if json.Unmarshal(w.V, &b) != nil || b.From == nil {
			return Span{}, false
		}
		from, err := time.Parse(time.DateOnly, *b.From)
		if err != nil {
			return Span{}, false
		}
		to := from
		if b.To != nil {
			if t, err := time.Parse(time.DateOnly, *b.To); err == nil {
				to = t
			}
		}
		return Span{Start: from.UnixMilli(), End: to.AddDate(0, 0, 1).UnixMilli(), AllDay: true}, true
	}
	return Span{}, false
}
