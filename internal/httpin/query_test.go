package httpin

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"
)

// canon renders a parameter map compactly with sorted keys, so maps parsed
// from differently formatted inputs compare equal.
func canon(t *testing.T, m map[string]json.RawMessage) string {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatalf("marshal %v: %v", m, err)
	}
	return string(b)
}

// jsEncode mimics JS encodeURIComponent closely enough: space is %20.
func jsEncode(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

func TestParseQuerySameMapFromEveryForm(t *testing.T) {
	obj := `{"limit": 10, "sortBy": [{"contentType":"SortField","fieldName":"name","desc":true}], "q": "a b+c"}`
	want := `{"limit":10,"q":"a b+c","sortBy":[{"contentType":"SortField","fieldName":"name","desc":true}]}`
	forms := map[string]string{
		"raw":             obj,
		"encoded":         jsEncode(obj),
		"encoded lower":   strings.ToLower(jsEncode(obj)[:3]) + jsEncode(obj)[3:],
		"partly encoded":  strings.ReplaceAll(strings.ReplaceAll(obj, `"`, "%22"), " ", "%20"),
		"padded":          "  " + obj + "\n",
		"classic":         "limit=10&q=a+b%2Bc&sortBy=" + url.QueryEscape(`[{"contentType":"SortField","fieldName":"name","desc":true}]`),
		"classic reorder": "q=a%20b%2Bc&sortBy=" + url.QueryEscape(`[{"contentType":"SortField","fieldName":"name","desc":true}]`) + "&limit=10",
	}
	for name, q := range forms {
		t.Run(name, func(t *testing.T) {
			m, err := ParseQuery(q)
			if err != nil {
				t.Fatalf("ParseQuery(%q): %v", q, err)
			}
			if got := canon(t, m); got != want {
				t.Errorf("ParseQuery(%q)\n got %s\nwant %s", q, got, want)
			}
		})
	}
}

func TestParseQuery(t *testing.T) {
	deep := func(n int) string { // an object whose "a" holds n-1 nested arrays
		return `{"a":` + strings.Repeat("[", n-1) + strings.Repeat("]", n-1) + `}`
	}
	tests := []struct {
		name, in, want, code string
	}{
		{"empty", "", `{}`, ""},
		{"blank", "  ", `{}`, ""},
		{"empty object", "{}", `{}`, ""},
		{"go QueryEscape spaces", url.QueryEscape(`{"a": 1, "b": "x y"}`), `{"a":1,"b":"x y"}`, ""},
		{"plus kept in number", `{"a":1e+2}`, `{"a":1e+2}`, ""},
		{"form-encoded plus is a space", `%7B%22q%22%3A%22a+b%2Bc%22%7D`, `{"q":"a b+c"}`, ""},
		{"raw plus is a plus", `{"q":"a+b"}`, `{"q":"a+b"}`, ""},
		{"percent kept when raw is valid", `{"q":"50%25"}`, `{"q":"50%25"}`, ""},
		{"duplicate json key", `{"a":1,"a":2}`, `{"a":2}`, ""},
		{"classic types", `access_token=abc&limit=10&on=true&n=null&f={"a":1}&s="x"&e=&id=007`,
			`{"access_token":"abc","e":"","f":{"a":1},"id":"007","limit":10,"n":null,"on":true,"s":"\"x\""}`, ""},
		{"classic duplicate", "a=1&a=2", `{"a":2}`, ""},
		{"classic bare key", "flag", `{"flag":""}`, ""},
		{"depth 64 ok", deep(64), `{"a":` + strings.Repeat("[", 63) + strings.Repeat("]", 63) + `}`, ""},
		{"depth 65", deep(65), "", CodeTooDeep},
		{"encoded depth 65", jsEncode(deep(65)), "", CodeTooDeep},
		{"classic depth 65", "a=" + strings.Repeat("[", 64) + strings.Repeat("]", 64), "", CodeTooDeep},
		{"malformed", `{"limit":`, "", CodeMalformedQuery},
		{"encoded malformed", "%7B%22limit%22", "", CodeMalformedQuery},
		{"bad escape", "%7B%zz", "", CodeMalformedQuery},
		{"array", `[1,2]`, "", CodeMalformedQuery},
		{"encoded array", `%5B1%5D`, "", CodeMalformedQuery},
		{"trailing value", `{"a":1}{"b":2}`, "", CodeMalformedQuery},
		{"invalid utf8", "{\"a\":\"\xff\"}", "", CodeMalformedQuery},
		{"encoded invalid utf8", "%7B%22a%22%3A%22%FF%22%7D", "", CodeMalformedQuery},
		{"classic bad escape", "a=%zz", "", CodeMalformedQuery},
		{"classic invalid utf8", "a=%FF", "", CodeMalformedQuery},
		{"classic semicolon", "a=1;b=2", "", CodeMalformedQuery},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseQuery(tc.in)
			if tc.code != "" {
				var e *Error
				if !errors.As(err, &e) || e.Status != 400 || e.Code != tc.code || e.Message == "" {
					t.Fatalf("ParseQuery(%q) = %v, %#v; want 400 %s", tc.in, m, err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseQuery(%q): %v", tc.in, err)
			}
			if m == nil {
				t.Fatal("nil map on success")
			}
			if got := canon(t, m); got != tc.want {
				t.Errorf("ParseQuery(%q)\n got %s\nwant %s", tc.in, got, tc.want)
			}
		})
	}
}
