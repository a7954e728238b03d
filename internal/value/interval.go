package value

import (
	"cmp"
	"encoding/json"
)

// interval is the stored form of IntervalDates and IntervalTime: either bound
// may be open (null).
type interval[T cmp.Ordered] struct {
	From *T `json:"from"`
	To   *T `json:"to"`
}

// intervalFrom reads {"contentType":name,"from":..,"to":..}, each bound read by bound.
func intervalFrom[T cmp.Ordered](v any, name string, bound func(any) (T, error)) (string, error) {
	m, err := object(v, name)
	if err != nil {
		return "", err
	}
	var r interval[T]
	for _, side := range []struct {
		key string
		dst **T
	}{{"from", &r.From}, {"to", &r.To}} {
		if m[side.key] == nil {
			continue
		}
		b, err := bound(m[side.key])
		if err != nil {
			return "", err
		}
		*side.dst = &b
	}
	if r.From != nil && r.To != nil && *r.From > *r.To {
		return "", fail(CodeRange, name)
	}
	return storeJSON(r), nil
}

// encodeInterval writes the API object, each present bound written by bound.
func encodeInterval[T cmp.Ordered](stored any, name string, bound func(T) any) any {
	s, ok := asString(stored)
	var r interval[T]
	if !ok || json.Unmarshal([]byte(s), &r) != nil {
		return nil
	}
	out := map[string]any{"contentType": name, "from": nil, "to": nil}
	if r.From != nil {
		out["from"] = bound(*r.From)
	}
	if r.To != nil {
		out["to"] = bound(*r.To)
	}
	return out
}
