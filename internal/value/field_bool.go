package value

import "encoding/json"

// Bool is stored as 0/1 so that both dialects filter and sort it as an integer.
type Bool struct{}

var _ Kind = Bool{}

func (Bool) Name() string   { return "boolean" }
func (Bool) Column() Column { return ColInt }

func (Bool) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "boolean", func(v any) (int64, error) {
		b, err := toBool(v, "boolean")
		if b {
			return 1, err
		}
		return 0, err
	})
}

func (Bool) Encode(stored any, _ Options) any {
	if n, ok := asInt(stored); ok {
		return n != 0
	}
	return nil
}

// True says a boolean as the engine holds it is true: stored as 0/1, or
// a bool a rule set.
func True(v any) bool {
	if b, ok := v.(bool); ok {
		return b
	}
	n, ok := asInt(v)
	return ok && n != 0
}
