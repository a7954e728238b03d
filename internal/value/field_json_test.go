package value

import (
	"strings"
	"testing"
)

func TestJSON(t *testing.T) {
	nested := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	runCases(t, JSON{}, []tcase{
		{in: `{ "days": [1, 2], "from": "09:00" }`, want: `{"days":[1,2],"from":"09:00"}`},
		{in: `{"html":"<b>&</b>"}`, want: `{"html":"\u003cb\u003e\u0026\u003c/b\u003e"}`},
		{in: `{"n":1.0}`, want: `{"n":1.0}`},
		{in: `{"a":"[[[["}`, want: `{"a":"[[[["}`},
		{in: `{}`, want: `{}`},
		{in: `null`},
		{in: `[]`, code: CodeType},
		{in: `"{}"`, code: CodeType},
		{in: `{"a":` + nested(31) + `}`, want: `{"a":` + nested(31) + `}`},
		{in: `{"a":` + nested(32) + `}`, code: CodeFormat},
		{in: `{"a":}`, code: CodeFormat},
	})
	runCases(t, JSON{Array: true, Item: "string"}, []tcase{
		{in: `["a", "b"]`, want: `["a","b"]`},
		{in: `[]`, want: `[]`},
		{in: `["a", 1]`, code: CodeType},
		{in: `{}`, code: CodeType},
	})
	runCases(t, JSON{Array: true, Item: "ContactInfo"}, []tcase{
		{in: `[{"type":"phone","value":"+7"}]`, want: `[{"type":"phone","value":"+7"}]`},
		{in: `["+7"]`, code: CodeType},
	})
	runCases(t, JSON{Array: true}, []tcase{
		{in: `[1, "a", null, {}]`, want: `[1,"a",null,{}]`},
	})
	for k, want := range map[JSON]string{{}: "object", {Array: true}: "array", {Array: true, Item: "string"}: "string[]"} {
		if k.Name() != want {
			t.Errorf("Name of %+v = %s, want %s", k, k.Name(), want)
		}
	}
}
