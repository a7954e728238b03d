package value

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DateUnion holds a value of one of several date kinds, told apart by its
// contentType (Task.deadline is DateOnly|DateTime|ShiftDate). It is stored as
// {"t":member name,"v":member's stored form} and sorts by an instant in ms.
type DateUnion struct {
	Allowed []string // member kind names, a subset of unionMembers
}

var (
	_ Kind   = DateUnion{}
	_ Sorter = DateUnion{}
)

// unionMembers are the kinds a DateUnion can hold.
var unionMembers = map[string]Kind{"DateOnly": DateOnly{}, "DateTime": DateTime{}, "ShiftDate": ShiftDate{},
	"IntervalDates": IntervalDates{}, "IntervalTime": IntervalTime{}}

type tagged struct {
	T string          `json:"t"`
	V json.RawMessage `json:"v"`
}

// Name is the API's notation for the union, e.g. "DateOnly|DateTime|ShiftDate".
func (k DateUnion) Name() string { return strings.Join(k.Allowed, "|") }
func (DateUnion) Column() Column { return ColText }

func (k DateUnion) Decode(raw json.RawMessage) (any, error) {
	v, err := parse(raw, k.Name())
	if v == nil || err != nil {
		return nil, err
	}
	m, _ := v.(map[string]any)
	name, ok := m["contentType"].(string)
	if !ok {
		return nil, fail(CodeType, k.Name())
	}
	member, known := unionMembers[name]
	if !known || !slices.Contains(k.Allowed, name) {
		return nil, &Error{Code: CodeEnum, Expected: k.Name(), Allowed: k.Allowed}
	}
	stored, err := member.Decode(raw)
	if err != nil {
		return nil, err
	}
	// Members stored as JSON text are embedded as JSON, not as a quoted string.
	inner, _ := json.Marshal(stored)
	if s, isText := stored.(string); isText && strings.HasPrefix(s, "{") {
		inner = []byte(s)
	}
	return storeJSON(tagged{name, inner}), nil
}

// StoreMember is a member's stored value (a DateOnly's "2026-12-01", a
// DateTime's milliseconds) as a DateUnion field stores it, for module code
// keeping such a field (a client's next contact).
func StoreMember(member string, stored any) string {
	inner, _ := json.Marshal(stored)
	return storeJSON(tagged{member, inner})
}

// member splits a stored union into the member's name and stored value.
func (DateUnion) member(stored any) (string, any, bool) {
	s, ok := asString(stored)
	if !ok {
		return "", nil, false
	}
	if name, inner, ok := splitTagged(s); ok {
		return name, inner, true
	}
	var t tagged
	if json.Unmarshal([]byte(s), &t) != nil || len(t.V) == 0 {
		return "", nil, false
	}
	var text string
	var n int64
	switch {
	case t.V[0] == '{':
		return t.T, string(t.V), true
	case json.Unmarshal(t.V, &text) == nil:
		return t.T, text, true
	case json.Unmarshal(t.V, &n) == nil:
		return t.T, n, true
	}
	return "", nil, false
}

// splitTagged reads the exact form storeJSON writes for a day, an instant
// or a nested object ({"t":"DateOnly","v":"2026-05-01"}) without the JSON
// decoder: every deadline of every listed task passes here. Anything else
// (escapes, other spacing) is left to the decoder.
func splitTagged(s string) (string, any, bool) {
	const head, mid = `{"t":"`, `","v":`
	rest, ok := strings.CutPrefix(s, head)
	if !ok || !strings.HasSuffix(rest, "}") {
		return "", nil, false
	}
	name, v, ok := strings.Cut(rest[:len(rest)-1], mid)
	if !ok || name == "" || strings.ContainsAny(name, `"\`) || v == "" {
		return "", nil, false
	}
	switch c := v[0]; {
	case c == '{':
		return name, v, true
	case c == '"' && len(v) >= 2 && v[len(v)-1] == '"' && !strings.ContainsAny(v[1:len(v)-1], `"\`):
		return name, v[1 : len(v)-1], true
	case c == '-' || (c >= '0' && c <= '9'):
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return name, n, true
		}
	}
	return "", nil, false
}

func (k DateUnion) Encode(stored any, opt Options) any {
	name, inner, ok := k.member(stored)
	if member, known := unionMembers[name]; ok && known {
		return member.Encode(inner, opt)
	}
	return nil
}

// SortKey orders a day by its midnight UTC, an instant by itself and an
// interval by its start; a relative ShiftDate has no position of its own
// and sorts as NULL.
func (k DateUnion) SortKey(stored any) any {
	name, inner, _ := k.member(stored)
	ms, isInt := inner.(int64)
	text, isText := inner.(string)
	dayKey := func(day string) any {
		if t, err := time.Parse(time.DateOnly, day); err == nil {
			return t.UnixMilli()
		}
		return nil
	}
	switch {
	case name == "DateTime" && isInt:
		return ms
	case name == "DateOnly" && isText:
		return dayKey(text)
	case (name == "IntervalDates" || name == "IntervalTime") && isText:
		var iv struct{ From json.RawMessage }
		if json.Unmarshal([]byte(text), &iv) != nil {
			return nil
		}
		var day string
		var from int64
		if json.Unmarshal(iv.From, &day) == nil {
			return dayKey(day)
		}
		if json.Unmarshal(iv.From, &from) == nil {
			return from
		}
	}
	return nil
}

func (DateUnion) SortColumn() Column { return ColInt }
