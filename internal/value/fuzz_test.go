package value

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
)

// Each target feeds the same input to every kind of a family: a seed meant
// for one kind is a useful wrong-type input for the others.

func FuzzDecodeScalar(f *testing.F) {
	for _, s := range []string{`"abc"`, `"пять!x"`, `42`, `"12"`, `1e3`, `1.5`, `-0`, `1e400`, `9223372036854775808`,
		`-9.223372036854775808e18`, `true`, `"false"`, `"0"`, `null`, `""`, `"high"`, "\"\xff\"", `"a\u0000"`, `{}`} {
		f.Add([]byte(s))
	}
	kinds := []Kind{String{}, String{MaxLen: 5}, Bool{}, Integer{}, Number{}, Enum{Values: []string{"low", "high", "1"}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range kinds {
			checkKind(t, k, data)
		}
	})
}

func FuzzDecodeDates(f *testing.F) {
	for _, s := range []string{
		`{"contentType":"DateTime","value":"2021-06-01T00:31:00+00:00"}`, `"2021-06-01T03:31:00.5+0300"`,
		`"2021-06-01 00:31:00"`, `"9999-12-31T23:59:59Z"`, `"0001-01-01T00:00:00+01:00"`,
		`{"contentType":"DateOnly","year":2024,"month":1,"day":29}`, `"2024-02-30"`,
		`{"contentType":"DateInterval","value":3600}`, `{"seconds":"60"}`, `-1`,
		`{"contentType":"IntervalDates","from":"2024-01-01","to":{"year":2024,"month":0,"day":2}}`,
		`{"contentType":"IntervalTime","from":"2021-06-01T00:31:00Z","to":null}`,
		`{"contentType":"DateShift","unit":"week","delta":-2}`,
		`{"contentType":"ShiftDate","days":1,"hours":2,"minutes":3,"isWorkDays":"1"}`,
	} {
		f.Add([]byte(s))
	}
	kinds := []Kind{DateTime{}, DateOnly{}, DateInterval{}, IntervalDates{}, IntervalTime{}, DateShift{}, ShiftDate{},
		deadline, DateUnion{Allowed: []string{"DateOnly", "Money"}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range kinds {
			checkKind(t, k, data)
		}
	})
}

func FuzzDecodeMoney(f *testing.F) {
	for _, s := range []string{`{"contentType":"Money","value":100.5,"currency":"RUB","valueInMain":100.5,"rate":1}`,
		`{"value":"10","currency":"USD","rate":"90.5"}`, `{"value":1e308,"rate":10}`, `{"value":-0}`, `42`, `"1.5"`,
		`{"value":1,"currency":"usd"}`, `{"value":1,"rate":0}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkKind(t, Money{}, data)
	})
}

func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,{"b":"<&>"}]}`, `["a","b"]`, `[{"type":"phone"}]`, `{"s":"\u2028\"]"}`,
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`, `{"n":1.50e+3}`, `[1,]`} {
		f.Add([]byte(s))
	}
	kinds := []Kind{JSON{}, JSON{Array: true}, JSON{Array: true, Item: "string"}, JSON{Array: true, Item: "ContactInfo"}}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range kinds {
			checkKind(t, k, data)
		}
	})
}

func FuzzDecodeLink(f *testing.F) {
	for _, s := range []string{`{"contentType":"Employee","id":"1000005"}`, `{"contentType":"Contractor","id":7}`,
		`{"id":"5"}`, `5`, `"5"`, `0`, `[1,{"id":1},"2"]`, `null`, `{"contentType":"Task","id":1e3}`} {
		f.Add([]byte(s))
	}
	allowedSets := [][]string{{"Employee"}, {"Employee", "Contractor"}}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, allowed := range allowedSets {
			l, err := DecodeLink(data, allowed)
			checkLinkErr(t, err)
			if err == nil && l != (Link{}) {
				b, _ := json.Marshal(EncodeLink(l))
				if again, err := DecodeLink(b, allowed); err != nil || again != l {
					t.Fatalf("round trip of %+v via %s gave %+v, %v", l, b, again, err)
				}
			}
			links, err := DecodeLinks(data, allowed)
			checkLinkErr(t, err)
			if err != nil {
				continue
			}
			out := make([]LinkJSON, len(links))
			for i, l := range links {
				out[i] = EncodeLink(l)
			}
			b, _ := json.Marshal(out)
			if again, err := DecodeLinks(b, allowed); err != nil || !reflect.DeepEqual(again, links) {
				t.Fatalf("round trip of %+v via %s gave %+v, %v", links, b, again, err)
			}
		}
	})
}

func checkLinkErr(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if err != nil && (!errors.As(err, &e) || !slices.Contains([]string{CodeType, CodeFormat, CodeEnum, CodeRange}, e.Code)) {
		t.Fatalf("unexpected error %v", err)
	}
}
