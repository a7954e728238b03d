package value

import "encoding/json"

// Number is a finite double.
type Number struct{}

var _ Kind = Number{}

func (Number) Name() string   { return "number" }
func (Number) Column() Column { return ColFloat }

func (Number) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "number", func(v any) (float64, error) { return toFloat(v, "number") })
}

func (Number) Encode(stored any, _ Options) any {
	if f, ok := asFloat(stored); ok {
		return f
	}
	return nil
}
