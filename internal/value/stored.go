package value

import (
	"encoding/json"
	"math"
)

// asString reads a stored TEXT value; drivers may hand it back as []byte.
func asString(stored any) (string, bool) {
	switch x := stored.(type) {
	case string:
		return x, true
	case []byte:
		return string(x), true
	}
	return "", false
}

// asInt reads a stored integer whichever numeric type the driver chose.
func asInt(stored any) (int64, bool) {
	switch x := stored.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case float64:
		if x == math.Trunc(x) && x >= -(1<<63) && x < 1<<63 {
			return int64(x), true
		}
	}
	return 0, false
}

// asFloat reads a stored number. NaN and Inf (PostgreSQL can hold them) are
// refused because json.Marshal cannot write them.
func asFloat(stored any) (float64, bool) {
	var f float64
	switch x := stored.(type) {
	case float64:
		f = x
	case int64:
		f = float64(x)
	case int:
		f = float64(x)
	default:
		return 0, false
	}
	return f, !math.IsNaN(f) && !math.IsInf(f, 0)
}

// storeJSON writes the stored text of a structured kind. Its inputs are this
// package's own structs of strings, integers and finite floats, which cannot
// fail to marshal.
func storeJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
