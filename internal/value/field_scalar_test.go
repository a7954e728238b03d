package value

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	runCases(t, String{MaxLen: 5}, []tcase{
		{in: `"abc"`, want: "abc"},
		{in: `""`, want: ""},
		{in: `null`},
		{in: `"пятьбу"`, code: CodeTooLong},
		{in: `"пять!"`, want: "пять!"}, // five runes, ten bytes
		{in: `42`, want: "42"},
		{in: `1.50`, want: "1.50"},
		{in: `true`, code: CodeType},
		{in: `{}`, code: CodeType},
		{in: `["a"]`, code: CodeType},
		{in: "\"\xff\"", code: CodeFormat},
		{in: `"a\u0000b"`, code: CodeFormat},
		{in: `"abc`, code: CodeFormat},
	})
	long := `"` + strings.Repeat("a", 1_000_001) + `"`
	_, err := String{}.Decode(json.RawMessage(long))
	wantCode(t, err, CodeTooLong)
}

func TestBool(t *testing.T) {
	runCases(t, Bool{}, []tcase{
		{in: `true`, want: int64(1)},
		{in: `false`, want: int64(0)},
		{in: `1`, want: int64(1)},
		{in: `0`, want: int64(0)},
		{in: `"true"`, want: int64(1)},
		{in: `"false"`, want: int64(0)},
		{in: `"1"`, want: int64(1)},
		{in: `"0"`, want: int64(0)},
		{in: `null`},
		{in: `2`, code: CodeType},
		{in: `"yes"`, code: CodeType},
		{in: `""`, code: CodeType},
		{in: `[]`, code: CodeType},
	})
}

func TestInteger(t *testing.T) {
	runCases(t, Integer{}, []tcase{
		{in: `12`, want: int64(12)},
		{in: `-7`, want: int64(-7)},
		{in: `"12"`, want: int64(12)},
		{in: `" 12 "`, want: int64(12)},
		{in: `1e3`, want: int64(1000)},
		{in: `1.50E1`, want: int64(15)},
		{in: `2.0`, want: int64(2)},
		{in: `100e-2`, want: int64(1)},
		{in: `-0`, want: int64(0)},
		{in: `0.0e99999999999`, want: int64(0)},
		{in: `9223372036854775807`, want: int64(9223372036854775807)},
		{in: `-9223372036854775808`, want: int64(-9223372036854775808)},
		{in: `-9.223372036854775808e18`, want: int64(-9223372036854775808)},
		{in: `1.5`, code: CodeType},
		{in: `1e-99999999999`, code: CodeType},
		{in: `9223372036854775808`, code: CodeRange},
		{in: `1e19`, code: CodeRange},
		{in: `1e99999999999`, code: CodeRange},
		{in: `"12a"`, code: CodeType},
		{in: `"0x10"`, code: CodeType},
		{in: `"+1"`, code: CodeType},
		{in: `""`, code: CodeType},
		{in: `true`, code: CodeType},
	})
}

func TestNumber(t *testing.T) {
	runCases(t, Number{}, []tcase{
		{in: `1.5`, want: 1.5},
		{in: `"1.5"`, want: 1.5},
		{in: `-3`, want: float64(-3)},
		{in: `1e-400`, want: float64(0)},
		{in: `0.1`, want: 0.1},
		{in: `1e400`, code: CodeRange},
		{in: `"NaN"`, code: CodeType},
		{in: `"Infinity"`, code: CodeType},
		{in: `"1,5"`, code: CodeType},
		{in: `{}`, code: CodeType},
	})
}

func TestEnum(t *testing.T) {
	k := Enum{Values: []string{"low", "high", "1"}}
	runCases(t, k, []tcase{
		{in: `"low"`, want: "low"},
		{in: `1`, want: "1"},
		{in: `null`},
		{in: `"Low"`, code: CodeEnum},
		{in: `" low"`, code: CodeEnum},
		{in: `true`, code: CodeEnum},
	})
	_, err := k.Decode(json.RawMessage(`"medium"`))
	e := wantCode(t, err, CodeEnum)
	if e.Expected != "enum" || strings.Join(e.Allowed, ",") != "low,high,1" {
		t.Errorf("error %+v does not list the allowed values", e)
	}
}
