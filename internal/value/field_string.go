package value

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// String is free text.
type String struct {
	MaxLen int // in runes; 0 means 1,000,000
}

var _ Kind = String{}

func (String) Name() string   { return "string" }
func (String) Column() Column { return ColText }

func (k String) Decode(raw json.RawMessage) (any, error) { return decode(raw, "string", k.from) }

func (k String) from(v any) (string, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case json.Number:
		s = string(x) // clients send 42 for "42" (a phone, a code); keep the text as written
	default:
		return "", fail(CodeType, "string")
	}
	// PostgreSQL text cannot hold NUL: refuse it here rather than fail at INSERT.
	if strings.IndexByte(s, 0) >= 0 {
		return "", fail(CodeFormat, "string")
	}
	limit := k.MaxLen
	if limit <= 0 {
		limit = 1_000_000
	}
	if utf8.RuneCountInString(s) > limit {
		return "", fail(CodeTooLong, "string")
	}
	return s, nil
}

func (String) Encode(stored any, _ Options) any {
	if s, ok := asString(stored); ok {
		return s
	}
	return nil
}
