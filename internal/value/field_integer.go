package value

import "encoding/json"

// Integer is a signed 64-bit integer.
type Integer struct{}

var _ Kind = Integer{}

func (Integer) Name() string   { return "integer" }
func (Integer) Column() Column { return ColInt }

func (Integer) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "integer", func(v any) (int64, error) { return toInt(v, "integer") })
}

func (Integer) Encode(stored any, _ Options) any {
	if n, ok := asInt(stored); ok {
		return n
	}
	return nil
}
