package value

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// fail builds the error every Decode returns, so callers can rely on *Error.
func fail(code, expected string) *Error { return &Error{Code: code, Expected: expected} }

// parse reads raw as generic JSON, numbers kept as json.Number so that big
// integers and exact texts survive. Null (or nothing) gives nil. Invalid UTF-8
// is refused here because encoding/json would silently turn it into U+FFFD.
func parse(raw json.RawMessage, expected string) (any, error) {
	raw = bytes.Trim(raw, " \t\r\n")
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if !utf8.Valid(raw) || !json.Valid(raw) {
		return nil, fail(CodeFormat, expected)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fail(CodeFormat, expected)
	}
	return v, nil
}

// decode is the Decode of kinds whose work is done by a typed from function:
// it handles null and keeps the stored value nil whenever there is an error.
func decode[T any](raw json.RawMessage, name string, from func(any) (T, error)) (any, error) {
	v, err := parse(raw, name)
	if v == nil || err != nil {
		return nil, err
	}
	stored, err := from(v)
	if err != nil {
		return nil, err
	}
	return stored, nil
}

// object reads v as a value object. contentType may be left out (or null),
// but otherwise it must name the kind: a DateOnly sent to a DateTime is a type error.
func object(v any, contentType string) (map[string]any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fail(CodeType, contentType)
	}
	if ct := m["contentType"]; ct != nil && ct != contentType {
		return nil, fail(CodeType, contentType)
	}
	return m, nil
}

// numberText gives the JSON-number text of v: a JSON number, or a string that
// holds exactly one, since form fields carry every value as a string.
func numberText(v any) (string, bool) {
	switch x := v.(type) {
	case json.Number:
		return string(x), true
	case string:
		s := strings.TrimSpace(x)
		if s != "" && (s[0] == '-' || s[0] >= '0' && s[0] <= '9') && json.Valid([]byte(s)) {
			return s, true
		}
	}
	return "", false
}

// toFloat reads a finite number; JSON cannot spell NaN or Inf and numberText
// only admits JSON numbers, so overflow is the only way to get Inf.
func toFloat(v any, expected string) (float64, error) {
	s, ok := numberText(v)
	if !ok {
		return 0, fail(CodeType, expected)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fail(CodeRange, expected)
	}
	return f, nil
}

// toInt reads an integral number. JSON lets clients write 1e3 or 2.0 for an
// integer, so the decimal text is normalised by hand: going through float64
// would round values beyond 2^53.
func toInt(v any, expected string) (int64, error) {
	s, ok := numberText(v)
	if !ok {
		return 0, fail(CodeType, expected)
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, nil
	}
	sign, s := "", strings.ToLower(s)
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	mant, expText, _ := strings.Cut(s, "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return 0, nil // any spelling of zero, e.g. 0.0e5
	}
	exp := 0
	if expText != "" {
		// A huge exponent leaves a nonzero value either tiny or huge.
		if len(strings.TrimLeft(strings.TrimLeft(expText, "+-"), "0")) > 6 {
			if expText[0] == '-' {
				return 0, fail(CodeType, expected)
			}
			return 0, fail(CodeRange, expected)
		}
		exp, _ = strconv.Atoi(expText)
	}
	// The value is digits × 10^exp.
	exp -= len(frac)
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	if exp < 0 {
		return 0, fail(CodeType, expected)
	}
	if len(trimmed)+exp > 19 {
		return 0, fail(CodeRange, expected)
	}
	n, err := strconv.ParseInt(sign+trimmed+strings.Repeat("0", exp), 10, 64)
	if err != nil {
		return 0, fail(CodeRange, expected)
	}
	return n, nil
}

// toBool reads true/false, the numbers 0/1, or those four as strings (forms).
func toBool(v any, expected string) (bool, error) {
	var s string
	switch x := v.(type) {
	case bool:
		return x, nil
	case json.Number:
		s = string(x)
	case string:
		s = strings.TrimSpace(x)
	}
	switch s {
	case "1", "true":
		return true, nil
	case "0", "false":
		return false, nil
	}
	return false, fail(CodeType, expected)
}
