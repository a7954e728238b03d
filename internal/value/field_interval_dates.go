package value

import "encoding/json"

// IntervalDates is a range of calendar days, stored as
// {"from":"YYYY-MM-DD","to":"YYYY-MM-DD"}; ISO dates compare correctly as text.
type IntervalDates struct{}

var _ Kind = IntervalDates{}

func (IntervalDates) Name() string   { return "IntervalDates" }
func (IntervalDates) Column() Column { return ColText }

func (IntervalDates) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "IntervalDates", func(v any) (string, error) {
		return intervalFrom(v, "IntervalDates", dateOnlyFrom)
	})
}

func (IntervalDates) Encode(stored any, _ Options) any {
	return encodeInterval(stored, "IntervalDates", encodeDateOnly)
}
