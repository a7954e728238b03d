package httpin

import (
	"errors"
	"testing"
)

func TestNoParams(t *testing.T) {
	for in, want := range map[string]string{"": "", "[]": "{}", " [ \n] ": "{}", `[{"id":1}]`: `[{"id":1}]`, `{"a":1}`: `{"a":1}`} {
		if got := string(NoParams([]byte(in))); got != want {
			t.Errorf("NoParams(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBulkCallBody(t *testing.T) {
	tests := []struct{ name, in, want, code string }{
		{"nothing", "", "", ""},
		{"null", "null", "", ""},
		{"empty array is an empty object", "[]", "{}", ""},
		{"object kept", `{"a":1}`, `{"a":1}`, ""},
		{"string holding an object", `"{\"a\":1}"`, `{"a":1}`, ""},
		{"string holding an empty array", `"[]"`, "{}", ""},
		{"empty string", `""`, "", ""},
		{"string holding text", `"hello"`, "", CodeMalformedJSON},
		{"string holding a NUL", `"{\"a\":\"\\u0000\"}"`, "", CodeMalformedJSON},
	}
	for _, tc := range tests {
		got, err := BulkCallBody([]byte(tc.in))
		var e *Error
		switch {
		case tc.code != "" && (!errors.As(err, &e) || e.Code != tc.code || e.Status != 400):
			t.Errorf("%s: %q, %v; want %s", tc.name, got, err, tc.code)
		case tc.code == "" && (err != nil || string(got) != tc.want):
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}
