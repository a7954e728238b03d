package api

import (
	"encoding/json"
	"math"
	"testing"
)

// appendJSON must agree with encoding/json byte for byte.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	values := []any{
		nil, "plain", "кириллица", "quote \" back \\ <b>&amp;</b>", "ctl \x01\x1f\n\r\t\b\f", "bad \xff utf8", "sep \u2028\u2029",
		true, false, int64(-42), 7, 0.0, -0.5, 1e-7, 1e21, 123456789.125, math.MaxInt64, 1e-9, 3.0,
		json.RawMessage(`{ "a" : [1, 2, "<x>"] }`), json.RawMessage(nil),
		[]any{int64(1), "x", nil, map[string]any{"b": 1.5, "a": []any{}}}, []string{"a", "<"}, []string(nil), []any(nil),
		map[string]any{"z": int64(1), "a": map[string]any{"contentType": "Task", "id": "5"}, "m": nil, "ключ": "значение"},
		map[string]any(nil), struct{ A int }{1}, map[string]string{"k": "v"},
	}
	for _, v := range values {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendJSON(nil, v)
		if err != nil || string(got) != string(want) {
			t.Errorf("%#v:\n got %s %v\nwant %s", v, got, err, want)
		}
	}
	if _, err := appendJSON(nil, math.NaN()); err == nil {
		t.Error("NaN accepted")
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a", "<&>", "\xff\xfe", "\u2028", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); string(got) != string(want) {
			t.Fatalf("%q: got %s want %s", s, got, want)
		}
	})
}
