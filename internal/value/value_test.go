package value

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"
)

// msk is a fixed +03:00 zone, so time-zone tests do not depend on tzdata.
var msk = time.FixedZone("MSK", 3*3600)

// tcase is one Decode expectation: the stored value, or the error code.
type tcase struct {
	in   string
	want any
	code string
}

// runCases decodes every case and round-trips the accepted ones.
func runCases(t *testing.T, k Kind, cases []tcase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := k.Decode(json.RawMessage(c.in))
			if c.code != "" {
				wantCode(t, err, c.code)
				if got != nil {
					t.Errorf("stored %#v alongside an error", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("stored %#v, want %#v", got, c.want)
			}
			roundTrip(t, k, got)
		})
	}
}

// wantCode asserts err is an *Error with the given code.
func wantCode(t testing.TB, err error, code string) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("error %v, want code %s", err, code)
	}
	return e
}

// encodeJSON is what the API writes for a stored value.
func encodeJSON(t testing.TB, k Kind, stored any, opt Options) string {
	t.Helper()
	b, err := json.Marshal(k.Encode(stored, opt))
	if err != nil {
		t.Fatalf("marshal Encode(%#v): %v", stored, err)
	}
	return string(b)
}

// roundTrip asserts that what the API writes reads back as the same stored value.
func roundTrip(t testing.TB, k Kind, stored any) {
	t.Helper()
	out := encodeJSON(t, k, stored, Options{})
	again, err := k.Decode(json.RawMessage(out))
	if err != nil || !reflect.DeepEqual(again, stored) {
		t.Fatalf("round trip of %#v via %s gave %#v, %v", stored, out, again, err)
	}
}

// checkKind is the fuzz property of a kind: no panic, errors are *Error with a
// known code, stored values have the Column's Go type, and they round-trip.
func checkKind(t *testing.T, k Kind, data []byte) {
	t.Helper()
	stored, err := k.Decode(data)
	if err != nil {
		var e *Error
		codes := []string{CodeType, CodeFormat, CodeEnum, CodeRange, CodeTooLong}
		if !errors.As(err, &e) || !slices.Contains(codes, e.Code) || stored != nil {
			t.Fatalf("%s: Decode(%q) = %#v, %v", k.Name(), data, stored, err)
		}
		return
	}
	if stored == nil {
		return
	}
	wantType := map[Column]reflect.Type{ColText: reflect.TypeFor[string](),
		ColInt: reflect.TypeFor[int64](), ColFloat: reflect.TypeFor[float64]()}[k.Column()]
	if reflect.TypeOf(stored) != wantType {
		t.Fatalf("%s: Decode(%q) stored %T for column %d", k.Name(), data, stored, k.Column())
	}
	roundTrip(t, k, stored)
	encodeJSON(t, k, stored, Options{Location: msk})
	if s, ok := k.(Sorter); ok {
		key := s.SortKey(stored)
		_, isInt := key.(int64)
		_, isFloat := key.(float64)
		if key != nil && !(isInt && s.SortColumn() == ColInt || isFloat && s.SortColumn() == ColFloat) {
			t.Fatalf("%s: SortKey %#v for sort column %d", k.Name(), key, s.SortColumn())
		}
	}
}

func TestStoredFromDrivers(t *testing.T) {
	// Drivers may hand TEXT back as []byte and numbers in another width.
	cases := []struct {
		k      Kind
		stored any
		want   string
	}{
		{String{}, []byte("abc"), `"abc"`},
		{Integer{}, float64(42), `42`},
		{Integer{}, 42, `42`},
		{Number{}, int64(2), `2`},
		{Bool{}, int64(1), `true`},
		{Money{}, []byte(`{"value":1,"currency":"USD","valueInMain":90,"rate":90}`),
			`{"contentType":"Money","currency":"USD","rate":90,"value":1,"valueInMain":90}`},
		{Integer{}, "x", `null`},
		{Number{}, nil, `null`},
	}
	for _, c := range cases {
		if got := encodeJSON(t, c.k, c.stored, Options{}); got != c.want {
			t.Errorf("%s Encode(%#v) = %s, want %s", c.k.Name(), c.stored, got, c.want)
		}
	}
}
