package httpin

import (
	"net/url"
	"testing"
)

// U+0000 is refused wherever text comes in; an escaped backslash before
// "u0000" is ordinary text.
func TestNULRefused(t *testing.T) {
	for _, q := range []string{`{"q":"a\u0000b"}`, url.PathEscape(`{"q":"a\u0000b"}`), "q=a%00b"} {
		if _, err := ParseQuery(q); err == nil {
			t.Errorf("query %q accepted", q)
		}
	}
	if _, err := ParseQuery(`{"q":"a\\u0000b"}`); err != nil {
		t.Errorf("escaped backslash refused: %v", err)
	}
	if _, err := FormToJSON(url.Values{"name": {"a\x00b"}}); err == nil {
		t.Error("form NUL accepted")
	}
}
