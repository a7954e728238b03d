package value

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Link is a reference to another entity, e.g. a task's responsible Employee.
// Links are not a Kind: the engine stores them in its own relation tables.
type Link struct {
	Type string // contentType of the target, e.g. "Employee"
	ID   int64
}

// DecodeLink reads {"contentType":"Employee","id":"1000005"} (id as string or
// number; other members, as in an echoed full object, are ignored). When
// only one type is allowed, contentType may be left out and a bare id is
// enough. JSON null gives the zero Link.
func DecodeLink(raw json.RawMessage, allowed []string) (Link, error) {
	v, err := parse(raw, "link")
	if v == nil || err != nil {
		return Link{}, err
	}
	return linkFrom(v, allowed)
}

func linkFrom(v any, allowed []string) (Link, error) {
	var l Link
	id := v
	if m, isObj := v.(map[string]any); isObj {
		id = m["id"]
		if ct := m["contentType"]; ct != nil {
			s, ok := ct.(string)
			if !ok {
				return Link{}, fail(CodeType, "link")
			}
			l.Type = s
		}
	}
	if l.Type == "" && len(allowed) == 1 {
		l.Type = allowed[0]
	}
	// Without a contentType an id is ambiguous, hence the same error as a
	// wrong type: it tells the client which types it may name.
	if !slices.Contains(allowed, l.Type) {
		return Link{}, &Error{Code: CodeEnum, Expected: "link", Allowed: allowed}
	}
	var err error
	if l.ID, err = toInt(id, "link"); err != nil {
		return Link{}, err
	}
	if l.ID <= 0 {
		return Link{}, fail(CodeRange, "link")
	}
	return l, nil
}

// DecodeLinks reads an array of links; null is the empty list and repeated
// links are dropped, keeping the first occurrence's position.
func DecodeLinks(raw json.RawMessage, allowed []string) ([]Link, error) {
	v, err := parse(raw, "link")
	if err != nil {
		return nil, err
	}
	items, isArray := v.([]any)
	if v != nil && !isArray {
		return nil, fail(CodeType, "link")
	}
	links := make([]Link, 0, len(items))
	seen := make(map[Link]bool, len(items))
	for _, it := range items {
		if it == nil {
			return nil, fail(CodeType, "link")
		}
		l, err := linkFrom(it, allowed)
		if err != nil {
			return nil, err
		}
		if !seen[l] {
			seen[l] = true
			links = append(links, l)
		}
	}
	return links, nil
}

// EncodeLink gives a link in the API's form: {"contentType": ..., "id":
// "<decimal>"}. It is a small value, not a map: a page of tasks carries a
// hundred links, and their maps were an eighth of what a page allocated.
func EncodeLink(l Link) LinkJSON { return LinkJSON(l) }

// LinkJSON is a link as the API writes it; the api package's writer and
// encoding/json (MarshalJSON) give the same bytes.
type LinkJSON Link

// AppendJSON appends the link's JSON to b.
func (l LinkJSON) AppendJSON(b []byte) []byte {
	b = append(b, `{"contentType":`...)
	if plainName(l.Type) {
		b = append(append(append(b, '"'), l.Type...), '"')
	} else {
		t, _ := json.Marshal(l.Type) // escaped as encoding/json would
		b = append(b, t...)
	}
	b = append(b, `,"id":"`...)
	b = strconv.AppendInt(b, l.ID, 10)
	return append(b, `"}`...)
}

// plainName: a type name (letters and digits) needs no escaping.
func plainName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// MarshalJSON makes encoding/json write the API's form.
func (l LinkJSON) MarshalJSON() ([]byte, error) { return l.AppendJSON(nil), nil }
