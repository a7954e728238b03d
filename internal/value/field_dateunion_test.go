package value

import (
	"encoding/json"
	"testing"
)

var deadline = DateUnion{Allowed: []string{"DateOnly", "DateTime", "ShiftDate"}}

func TestDateUnion(t *testing.T) {
	runCases(t, deadline, []tcase{
		{in: `{"contentType":"DateTime","value":"2021-06-01T00:31:00+00:00"}`, want: `{"t":"DateTime","v":1622507460000}`},
		{in: `{"contentType":"DateOnly","year":2024,"month":0,"day":31}`, want: `{"t":"DateOnly","v":"2024-01-31"}`},
		{in: `{"contentType":"ShiftDate","days":1,"isWorkDays":true}`,
			want: `{"t":"ShiftDate","v":{"days":1,"hours":0,"minutes":0,"isWorkDays":true}}`},
		{in: `null`},
		{in: `"2021-06-01T00:31:00Z"`, code: CodeType},
		{in: `{"value":"2021-06-01T00:31:00Z"}`, code: CodeType},
		{in: `{"contentType":"DateInterval","value":60}`, code: CodeEnum},
		{in: `{"contentType":"Money","value":60}`, code: CodeEnum},
		{in: `{"contentType":"DateOnly","year":2024,"month":1,"day":30}`, code: CodeFormat},
	})
	_, err := DateUnion{Allowed: []string{"DateOnly"}}.Decode(json.RawMessage(`{"contentType":"DateTime","value":"2021-06-01T00:31:00Z"}`))
	if e := wantCode(t, err, CodeEnum); e.Expected != "DateOnly" || len(e.Allowed) != 1 {
		t.Errorf("error %+v", e)
	}
	if deadline.Name() != "DateOnly|DateTime|ShiftDate" {
		t.Errorf("Name = %s", deadline.Name())
	}
}

func TestDateUnionEncodeAndSort(t *testing.T) {
	cases := []struct {
		stored string
		encode string
		key    any
	}{
		{`{"t":"DateTime","v":1622507460000}`, `{"contentType":"DateTime","value":"2021-06-01T03:31:00+03:00"}`, june1},
		{`{"t":"DateOnly","v":"2021-06-01"}`, `{"contentType":"DateOnly","day":1,"month":5,"year":2021}`, int64(1622505600000)},
		{`{"t":"ShiftDate","v":{"days":1,"hours":0,"minutes":0,"isWorkDays":false}}`,
			`{"contentType":"ShiftDate","days":1,"hours":0,"isWorkDays":false,"minutes":0}`, nil},
		{`{"t":"DateOnly","v":7}`, `null`, nil}, // damaged rows must not panic
		{`garbage`, `null`, nil},
	}
	for _, c := range cases {
		if got := encodeJSON(t, deadline, c.stored, Options{Location: msk}); got != c.encode {
			t.Errorf("Encode(%s) = %s, want %s", c.stored, got, c.encode)
		}
		if got := deadline.SortKey(c.stored); got != c.key {
			t.Errorf("SortKey(%s) = %#v, want %#v", c.stored, got, c.key)
		}
	}
}

func TestDateUnionOfIntervals(t *testing.T) {
	k := DateUnion{Allowed: []string{"IntervalDates", "IntervalTime"}}
	for _, in := range []string{
		`{"contentType":"IntervalTime","from":{"contentType":"DateTime","value":"2026-01-12T10:00:00+03:00"},"to":{"contentType":"DateTime","value":"2026-01-12T11:00:00+03:00"}}`,
		`{"contentType":"IntervalDates","from":{"contentType":"DateOnly","year":2026,"month":0,"day":12},"to":{"contentType":"DateOnly","year":2026,"month":0,"day":14}}`,
	} {
		stored, err := k.Decode([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if k.SortKey(stored) == nil {
			t.Fatalf("%s: no sort key", in)
		}
		out, _ := json.Marshal(k.Encode(stored, Options{}))
		again, err := k.Decode(out)
		if err != nil || again != stored {
			t.Fatalf("round trip %s: %v %v", out, again, err)
		}
	}
}

// The fast reading of a stored union must agree with the JSON decoder on
// every form storeJSON writes, and leave any other form to it.
func TestDateUnionFastPathAgrees(t *testing.T) {
	forms := []string{
		storeJSON(tagged{"DateOnly", json.RawMessage(`"2026-05-01"`)}),
		storeJSON(tagged{"DateTime", json.RawMessage(`1767225600000`)}),
		storeJSON(tagged{"DateTime", json.RawMessage(`-5`)}),
		storeJSON(tagged{"ShiftDate", json.RawMessage(`{"days":3,"base":"deadline"}`)}),
		`{"t":"DateOnly","v":"a\"b"}`, `{"t": "DateOnly", "v": "2026-05-01"}`, `{"t":"DateOnly","v":1.5}`,
		`{"t":"","v":"x"}`, `{"t":"DateOnly"}`, `not json`, `{"t":"DateOnly","v":"2026-05-01"} `,
	}
	for _, s := range forms {
		name, inner, ok := splitTagged(s)
		if !ok {
			continue
		}
		var tg tagged
		if err := json.Unmarshal([]byte(s), &tg); err != nil {
			t.Fatalf("%s: fast path read what the decoder refuses", s)
		}
		var want any = string(tg.V)
		var text string
		var n int64
		switch {
		case tg.V[0] == '{':
		case json.Unmarshal(tg.V, &text) == nil:
			want = text
		case json.Unmarshal(tg.V, &n) == nil:
			want = n
		}
		if name != tg.T || inner != want {
			t.Errorf("%s: fast %q %#v, decoder %q %#v", s, name, inner, tg.T, want)
		}
	}
	if _, _, ok := splitTagged(forms[0]); !ok {
		t.Error("the stored day form did not take the fast path")
	}
}
