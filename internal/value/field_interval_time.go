package value

import "encoding/json"

// IntervalTime is a range of instants, stored as {"from":ms,"to":ms}.
type IntervalTime struct{}

var _ Kind = IntervalTime{}

func (IntervalTime) Name() string   { return "IntervalTime" }
func (IntervalTime) Column() Column { return ColText }

func (IntervalTime) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "IntervalTime", func(v any) (string, error) {
		return intervalFrom(v, "IntervalTime", dateTimeFrom)
	})
}

func (IntervalTime) Encode(stored any, opt Options) any {
	return encodeInterval(stored, "IntervalTime", func(ms int64) any {
		return DateTime{}.Encode(ms, opt)
	})
}
