package value

import (
	"encoding/json"
	"slices"
)

// Enum is a string from a fixed list (a status, a priority).
type Enum struct {
	Values []string
}

var _ Kind = Enum{}

func (Enum) Name() string   { return "enum" }
func (Enum) Column() Column { return ColText }

func (k Enum) Decode(raw json.RawMessage) (any, error) { return decode(raw, "enum", k.from) }

func (k Enum) from(v any) (string, error) {
	s, ok := v.(string)
	if n, isNum := v.(json.Number); isNum {
		s, ok = string(n), true // forms and sloppy clients send 1 for "1"
	}
	if !ok || !slices.Contains(k.Values, s) {
		return "", &Error{Code: CodeEnum, Expected: "enum", Allowed: k.Values}
	}
	return s, nil
}

func (Enum) Encode(stored any, _ Options) any {
	if s, ok := asString(stored); ok {
		return s
	}
	return nil
}
