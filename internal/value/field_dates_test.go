package value

import (
	"encoding/json"
	"testing"
	"time"
)

// ms of 2021-06-01T00:31:00Z, the instant most cases below spell differently.
const june1 = int64(1622507460000)

func TestDateTime(t *testing.T) {
	runCases(t, DateTime{}, []tcase{
		{in: `{"contentType":"DateTime","value":"2021-06-01T00:31:00+00:00"}`, want: june1},
		{in: `{"value":"2021-06-01T00:31:00Z"}`, want: june1},
		{in: `{"contentType":null,"value":"2021-06-01T00:31:00Z"}`, want: june1},
		{in: `"2021-06-01T03:31:00+03:00"`, want: june1},
		{in: `"2021-06-01T03:31:00+0300"`, want: june1},
		{in: `"2021-06-01T00:31:00.789Z"`, want: june1},
		{in: `"2021-06-01T03:31:00.5+0300"`, want: june1},
		{in: `"2021-06-01T00:31:00"`, want: june1},
		{in: `"2021-06-01 00:31:00"`, want: june1},
		{in: `"1969-12-31T23:59:59.5Z"`, want: int64(-1000)},
		{in: `"0001-01-01T00:00:00Z"`, want: int64(-62135596800000)},
		{in: `"9999-12-31T23:59:59Z"`, want: int64(253402300799000)},
		{in: `null`},
		{in: `"0000-12-31T23:00:00Z"`, code: CodeRange},
		{in: `"0001-01-01T00:00:00+01:00"`, code: CodeRange},
		{in: `"9999-12-31T23:00:00-02:00"`, code: CodeRange},
		{in: `"2021-06-01"`, code: CodeFormat},
		{in: `"2021-02-30T00:00:00Z"`, code: CodeFormat},
		{in: `"yesterday"`, code: CodeFormat},
		{in: `{"contentType":"DateOnly","value":"2021-06-01T00:31:00Z"}`, code: CodeType},
		{in: `{"contentType":"DateTime"}`, code: CodeType},
		{in: `1622507460000`, code: CodeType},
	})
}

func TestDateTimeEncodeZone(t *testing.T) {
	cases := []struct {
		opt  Options
		want string
	}{
		{Options{}, `{"contentType":"DateTime","value":"2021-06-01T00:31:00+00:00"}`},
		{Options{Location: msk}, `{"contentType":"DateTime","value":"2021-06-01T03:31:00+03:00"}`},
	}
	for _, c := range cases {
		if got := encodeJSON(t, DateTime{}, june1, c.opt); got != c.want {
			t.Errorf("Encode = %s, want %s", got, c.want)
		}
	}
	// Moscow's 1900 offset was +2:30:17; minute-precision output would move the instant.
	if got := formatDateTime(-2208988800000, mustZone(t, "Europe/Moscow")); got != "1900-01-01T00:00:00+00:00" {
		t.Errorf("LMT offset written as %s", got)
	}
}

func TestDateOnly(t *testing.T) {
	runCases(t, DateOnly{}, []tcase{
		{in: `{"contentType":"DateOnly","year":2024,"month":0,"day":31}`, want: "2024-01-31"},
		{in: `{"year":2024,"month":11,"day":31}`, want: "2024-12-31"},
		{in: `{"year":"2024","month":"1","day":"29"}`, want: "2024-02-29"},
		{in: `"2024-02-29"`, want: "2024-02-29"},
		{in: `null`},
		{in: `{"year":2023,"month":1,"day":29}`, code: CodeFormat},
		{in: `{"year":2024,"month":1,"day":30}`, code: CodeFormat},
		{in: `{"year":2024,"month":12,"day":1}`, code: CodeFormat},
		{in: `{"year":2024,"month":-1,"day":1}`, code: CodeFormat},
		{in: `{"year":2024,"month":0,"day":0}`, code: CodeFormat},
		{in: `{"year":0,"month":0,"day":1}`, code: CodeRange},
		{in: `{"year":10000,"month":0,"day":1}`, code: CodeRange},
		{in: `{"year":2024,"month":0}`, code: CodeType},
		{in: `{"contentType":"DateTime","year":2024,"month":0,"day":1}`, code: CodeType},
		{in: `"2024-02-30"`, code: CodeFormat},
		{in: `"0000-01-01"`, code: CodeRange},
		{in: `"2024-2-3"`, code: CodeFormat},
		{in: `20240131`, code: CodeType},
	})
	want := `{"contentType":"DateOnly","day":31,"month":0,"year":2024}`
	if got := encodeJSON(t, DateOnly{}, "2024-01-31", Options{}); got != want {
		t.Errorf("Encode = %s, want %s (month is 0-based)", got, want)
	}
}

func TestDateInterval(t *testing.T) {
	runCases(t, DateInterval{}, []tcase{
		{in: `{"contentType":"DateInterval","value":3600}`, want: int64(3600)},
		{in: `{"seconds":60}`, want: int64(60)},
		{in: `3600`, want: int64(3600)},
		{in: `"3600"`, want: int64(3600)},
		{in: `0`, want: int64(0)},
		{in: `-1`, code: CodeRange},
		{in: `{"value":-5}`, code: CodeRange},
		{in: `1.5`, code: CodeType},
		{in: `{}`, code: CodeType},
		{in: `{"contentType":"Money","value":1}`, code: CodeType},
	})
}

func TestIntervalDates(t *testing.T) {
	runCases(t, IntervalDates{}, []tcase{
		{in: `{"contentType":"IntervalDates","from":{"contentType":"DateOnly","year":2024,"month":0,"day":1},"to":{"year":2024,"month":1,"day":29}}`,
			want: `{"from":"2024-01-01","to":"2024-02-29"}`},
		{in: `{"from":"2024-01-01","to":null}`, want: `{"from":"2024-01-01","to":null}`},
		{in: `{"to":"2024-01-01"}`, want: `{"from":null,"to":"2024-01-01"}`},
		{in: `{"from":"2024-01-01","to":"2024-01-01"}`, want: `{"from":"2024-01-01","to":"2024-01-01"}`},
		{in: `{}`, want: `{"from":null,"to":null}`},
		{in: `{"from":"2024-01-02","to":"2024-01-01"}`, code: CodeRange},
		{in: `{"from":"2024-02-30"}`, code: CodeFormat},
		{in: `"2024-01-01"`, code: CodeType},
	})
	want := `{"contentType":"IntervalDates","from":{"contentType":"DateOnly","day":1,"month":0,"year":2024},"to":null}`
	if got := encodeJSON(t, IntervalDates{}, `{"from":"2024-01-01","to":null}`, Options{}); got != want {
		t.Errorf("Encode = %s, want %s", got, want)
	}
}

func TestIntervalTime(t *testing.T) {
	runCases(t, IntervalTime{}, []tcase{
		{in: `{"contentType":"IntervalTime","from":{"contentType":"DateTime","value":"2021-06-01T00:31:00+00:00"},"to":"2021-06-01T05:00:00+03:00"}`,
			want: `{"from":1622507460000,"to":1622512800000}`},
		{in: `{"from":null,"to":"2021-06-01T00:31:00Z"}`, want: `{"from":null,"to":1622507460000}`},
		{in: `{"from":"2021-06-01T00:31:01Z","to":"2021-06-01T00:31:00Z"}`, code: CodeRange},
		{in: `{"from":"2021-06-01"}`, code: CodeFormat},
		{in: `[]`, code: CodeType},
	})
	want := `{"contentType":"IntervalTime","from":{"contentType":"DateTime","value":"2021-06-01T03:31:00+03:00"},"to":null}`
	if got := encodeJSON(t, IntervalTime{}, `{"from":1622507460000,"to":null}`, Options{Location: msk}); got != want {
		t.Errorf("Encode = %s, want %s", got, want)
	}
}

func TestDateShift(t *testing.T) {
	runCases(t, DateShift{}, []tcase{
		{in: `{"contentType":"DateShift","unit":"day","delta":-3}`, want: `{"unit":"day","delta":-3}`},
		{in: `{"unit":"quarter","delta":"2"}`, want: `{"unit":"quarter","delta":2}`},
		{in: `{"unit":"day"}`, code: CodeType},
		{in: `{"unit":"day","delta":1.5}`, code: CodeType},
		{in: `{"unit":"days","delta":1}`, code: CodeEnum},
		{in: `{"delta":1}`, code: CodeEnum},
		{in: `{"contentType":"ShiftDate","unit":"day","delta":1}`, code: CodeType},
	})
	_, err := DateShift{}.Decode(json.RawMessage(`{"unit":"fortnight","delta":1}`))
	if e := wantCode(t, err, CodeEnum); len(e.Allowed) != 8 {
		t.Errorf("Allowed = %v, want the eight units", e.Allowed)
	}
}

func TestShiftDate(t *testing.T) {
	runCases(t, ShiftDate{}, []tcase{
		{in: `{"contentType":"ShiftDate","days":2,"hours":4,"minutes":30,"isWorkDays":true}`,
			want: `{"days":2,"hours":4,"minutes":30,"isWorkDays":true}`},
		{in: `{"days":"-1","isWorkDays":"0"}`, want: `{"days":-1,"hours":0,"minutes":0,"isWorkDays":false}`},
		{in: `{}`, want: `{"days":0,"hours":0,"minutes":0,"isWorkDays":false}`},
		{in: `{"days":1.5}`, code: CodeType},
		{in: `{"isWorkDays":"maybe"}`, code: CodeType},
		{in: `{"contentType":"DateShift","days":1}`, code: CodeType},
		{in: `3`, code: CodeType},
	})
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Skipf("no tzdata for %s: %v", name, err)
	}
	return loc
}
