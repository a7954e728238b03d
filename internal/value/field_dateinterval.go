package value

import "encoding/json"

// DateInterval is a duration in whole seconds (planned work, time spent).
type DateInterval struct{}

var _ Kind = DateInterval{}

func (DateInterval) Name() string   { return "DateInterval" }
func (DateInterval) Column() Column { return ColInt }

func (DateInterval) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "DateInterval", dateIntervalFrom)
}

// dateIntervalFrom reads {"contentType":"DateInterval","value":N}, {"seconds":N}
// or a bare number.
func dateIntervalFrom(v any) (int64, error) {
	if _, isObj := v.(map[string]any); isObj {
		m, err := object(v, "DateInterval")
		if err != nil {
			return 0, err
		}
		n, has := m["value"]
		if !has {
			n = m["seconds"]
		}
		v = n
	}
	n, err := toInt(v, "DateInterval")
	if err == nil && n < 0 {
		err = fail(CodeRange, "DateInterval")
	}
	return n, err
}

func (DateInterval) Encode(stored any, _ Options) any {
	if n, ok := asInt(stored); ok {
		return map[string]any{"contentType": "DateInterval", "value": n}
	}
	return nil
}
