package value

import "encoding/json"

// JSON holds an embedded value object (Schedule) or a list (ContactInfo[],
// string[]) as compact JSON text; the engine does not query inside it.
type JSON struct {
	Array bool   // a JSON array rather than an object
	Item  string // element kind for arrays: "string", "" for any, else a value-object name
}

var _ Kind = JSON{}

// maxJSONDepth bounds nesting, keeping stored documents cheap to walk for
// whoever reads them later (exports, clients with recursive parsers).
const maxJSONDepth = 32

func (k JSON) Name() string {
	switch {
	case !k.Array:
		return "object"
	case k.Item == "":
		return "array"
	}
	return k.Item + "[]"
}

func (JSON) Column() Column { return ColText }

func (k JSON) Decode(raw json.RawMessage) (any, error) {
	v, err := parse(raw, k.Name())
	if v == nil || err != nil {
		return nil, err
	}
	items, isArray := v.([]any)
	if _, isObject := v.(map[string]any); isArray != k.Array || !isArray && !isObject {
		return nil, fail(CodeType, k.Name())
	}
	for _, it := range items {
		if !k.itemOK(it) {
			return nil, fail(CodeType, k.Name())
		}
	}
	if jsonDepth(raw) > maxJSONDepth {
		return nil, fail(CodeFormat, k.Name())
	}
	// Marshalling a RawMessage compacts it and escapes <, > and &: the very
	// bytes json.Marshal(Encode(stored)) will produce, so storage is canonical.
	// parse has validated raw, so this cannot fail.
	b, _ := json.Marshal(raw)
	return string(b), nil
}

// itemOK checks an array element: strings for string[], objects for a list
// of value objects.
func (k JSON) itemOK(it any) bool {
	switch k.Item {
	case "":
		return true
	case "string":
		_, ok := it.(string)
		return ok
	}
	_, ok := it.(map[string]any)
	return ok
}

// jsonDepth is the deepest nesting of arrays and objects in valid JSON text.
func jsonDepth(b []byte) int {
	depth, deepest, inString, escaped := 0, 0, false, false
	for _, c := range b {
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped = c == '\\'
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

func (JSON) Encode(stored any, _ Options) any {
	if s, ok := asString(stored); ok {
		return json.RawMessage(s)
	}
	return nil
}
