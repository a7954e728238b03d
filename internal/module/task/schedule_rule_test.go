package task

import (
	"errors"
	"testing"
	"time"

	"github.com/artel/artel/internal/entity"
)

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

var msk = time.FixedZone("MSK", 3*3600)

// March 2026: the 1st is a Sunday, so 2-6 and 9-13 are work days.
func TestNextOccurrence(t *testing.T) {
	daily := Rule{Start: day("2026-03-01"), Interval: EveryDay, Each: 2, Hour: 9, Loc: time.UTC}
	workdays := Rule{Start: day("2026-03-07"), Interval: EveryDay, Each: 1, WorkDaysOnly: true, Hour: 9, Loc: time.UTC}
	everyOtherWorkday := Rule{Start: day("2026-03-02"), Interval: EveryDay, Each: 2, WorkDaysOnly: true, Loc: time.UTC}
	monThu := Rule{Start: day("2026-03-04"), Interval: EveryWeek, Each: 2, WeekDays: []time.Weekday{time.Monday, time.Thursday}, Loc: time.UTC}
	weekend := Rule{Start: day("2026-03-02"), Interval: EveryWeek, Each: 1, WeekDays: []time.Weekday{time.Friday, time.Saturday}, WorkDaysOnly: true, Loc: time.UTC}
	monthEnd := Rule{Start: day("2026-01-31"), Interval: EveryMonth, Each: 1, Day: 31, Loc: time.UTC}
	quarterly := Rule{Start: day("2026-01-20"), Interval: EveryMonth, Each: 3, Day: 15, Loc: time.UTC}
	secondTuesday := Rule{Start: day("2026-03-01"), Interval: EveryMonth, Each: 1, Week: 2, WeekDays: []time.Weekday{time.Tuesday}, Loc: time.UTC}
	lastFriday := Rule{Start: day("2026-02-01"), Interval: EveryMonth, Each: 1, Week: 5, WeekDays: []time.Weekday{time.Friday}, Loc: time.UTC}
	monthlyWork := Rule{Start: day("2026-03-01"), Interval: EveryMonth, Each: 1, Day: 7, WorkDaysOnly: true, Loc: time.UTC}
	leap := Rule{Start: day("2024-02-29"), Interval: EveryYear, Each: 1, Month: time.February, Day: 29, Loc: time.UTC}
	christmas := Rule{Start: day("2026-01-01"), Interval: EveryYear, Each: 2, Month: time.December, Day: 25, Hour: 10, Minute: 30, Loc: time.UTC}
	moscow := Rule{Start: day("2026-03-01"), Interval: EveryDay, Each: 1, Hour: 9, Loc: msk}
	three := daily
	three.Repetitions = 3
	until := daily
	until.End = day("2026-03-05")

	cases := []struct {
		name string
		rule Rule
		from string // RFC 3339
		done int
		want string // RFC 3339 in UTC, "" when the schedule has ended
	}{
		{"daily: the start day", daily, "2026-03-01T00:00:00Z", 0, "2026-03-01T09:00:00Z"},
		{"daily: at the very minute", daily, "2026-03-01T09:00:00Z", 0, "2026-03-01T09:00:00Z"},
		{"daily: past the time of day", daily, "2026-03-01T09:00:01Z", 0, "2026-03-03T09:00:00Z"},
		{"each 2 days: an off day", daily, "2026-03-02T00:00:00Z", 0, "2026-03-03T09:00:00Z"},
		{"each 2 days: from before the start", daily, "2025-12-31T00:00:00Z", 0, "2026-03-01T09:00:00Z"},
		{"each 2 days: a year on", daily, "2027-03-01T10:00:00Z", 0, "2027-03-02T09:00:00Z"},
		{"workdays: a Saturday start waits for Monday", workdays, "2026-03-07T00:00:00Z", 0, "2026-03-09T09:00:00Z"},
		{"workdays: Friday evening skips the weekend", workdays, "2026-03-13T10:00:00Z", 0, "2026-03-16T09:00:00Z"},
		{"workdays: midweek", workdays, "2026-03-11T08:00:00Z", 0, "2026-03-11T09:00:00Z"},
		{"every other work day: Fri then Tue", everyOtherWorkday, "2026-03-07T00:00:00Z", 0, "2026-03-10T00:00:00Z"},
		{"every other work day: Thu then Mon", everyOtherWorkday, "2026-03-12T00:00:01Z", 0, "2026-03-16T00:00:00Z"},
		{"weekly: Monday before the start is skipped", monThu, "2026-03-01T00:00:00Z", 0, "2026-03-05T00:00:00Z"},
		{"each 2 weeks: the off week is skipped", monThu, "2026-03-06T00:00:00Z", 0, "2026-03-16T00:00:00Z"},
		{"each 2 weeks: Thursday of an on week", monThu, "2026-03-17T00:00:00Z", 0, "2026-03-19T00:00:00Z"},
		{"weekly workdays: Saturday moves to Monday", weekend, "2026-03-06T00:00:01Z", 0, "2026-03-09T00:00:00Z"},
		{"month end: January 31", monthEnd, "2026-01-01T00:00:00Z", 0, "2026-01-31T00:00:00Z"},
		{"month end: February has 28", monthEnd, "2026-02-01T00:00:00Z", 0, "2026-02-28T00:00:00Z"},
		{"month end: March has 31", monthEnd, "2026-03-01T00:00:00Z", 0, "2026-03-31T00:00:00Z"},
		{"month end: April has 30", monthEnd, "2026-04-01T00:00:00Z", 0, "2026-04-30T00:00:00Z"},
		{"month end: leap February", monthEnd, "2028-02-01T00:00:00Z", 0, "2028-02-29T00:00:00Z"},
		{"each 3 months: the start month is past the day", quarterly, "2026-01-01T00:00:00Z", 0, "2026-04-15T00:00:00Z"},
		{"each 3 months: then July", quarterly, "2026-04-15T00:00:01Z", 0, "2026-07-15T00:00:00Z"},
		{"second Tuesday", secondTuesday, "2026-03-01T00:00:00Z", 0, "2026-03-10T00:00:00Z"},
		{"second Tuesday of April", secondTuesday, "2026-03-11T00:00:00Z", 0, "2026-04-14T00:00:00Z"},
		{"last Friday of February", lastFriday, "2026-02-01T00:00:00Z", 0, "2026-02-27T00:00:00Z"},
		{"last Friday of May (its fifth)", lastFriday, "2026-05-01T00:00:00Z", 0, "2026-05-29T00:00:00Z"},
		{"monthly workdays: the 7th is a Saturday", monthlyWork, "2026-03-01T00:00:00Z", 0, "2026-03-09T00:00:00Z"},
		{"yearly: 29 February in a leap year", leap, "2024-01-01T00:00:00Z", 0, "2024-02-29T00:00:00Z"},
		{"yearly: 29 February becomes the 28th", leap, "2024-03-01T00:00:00Z", 0, "2025-02-28T00:00:00Z"},
		{"yearly: back to the 29th in 2028", leap, "2027-03-01T00:00:00Z", 0, "2028-02-29T00:00:00Z"},
		{"yearly: 2100 is not a leap year", leap, "2100-01-01T00:00:00Z", 0, "2100-02-28T00:00:00Z"},
		{"each 2 years at 10:30", christmas, "2026-01-01T00:00:00Z", 0, "2026-12-25T10:30:00Z"},
		{"each 2 years: skips 2027", christmas, "2026-12-26T00:00:00Z", 0, "2028-12-25T10:30:00Z"},
		{"time of day in the account's zone", moscow, "2026-03-01T00:00:00Z", 0, "2026-03-01T06:00:00Z"},
		{"the zone's day, not UTC's", moscow, "2026-03-01T22:00:00Z", 0, "2026-03-02T06:00:00Z"},
		{"after 3 repetitions: the third", three, "2026-03-05T00:00:00Z", 2, "2026-03-05T09:00:00Z"},
		{"after 3 repetitions: ended", three, "2026-03-05T10:00:00Z", 3, ""},
		{"end date: the last day", until, "2026-03-05T00:00:00Z", 0, "2026-03-05T09:00:00Z"},
		{"end date: past it", until, "2026-03-05T09:00:01Z", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from, err := time.Parse(time.RFC3339, c.from)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := c.rule.Next(from, c.done)
			if c.want == "" {
				if ok {
					t.Fatalf("want ended, got %s", got.UTC().Format(time.RFC3339))
				}
				return
			}
			if !ok || got.UTC().Format(time.RFC3339) != c.want {
				t.Fatalf("got %s (%v), want %s", got.UTC().Format(time.RFC3339), ok, c.want)
			}
		})
	}
}

// Walking a rule occurrence by occurrence gives each day once, in order.
func TestNextWalks(t *testing.T) {
	r := Rule{Start: day("2026-03-02"), Interval: EveryWeek, Each: 1, WorkDaysOnly: true,
		WeekDays: []time.Weekday{time.Monday, time.Saturday, time.Sunday}, Loc: time.UTC}
	var got []string
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for i := range 4 {
		next, ok := r.Next(at, i)
		if !ok {
			t.Fatal("ended")
		}
		got = append(got, next.Format(time.DateOnly))
		at = next.Add(time.Millisecond)
	}
	// Saturday and Sunday both move to Monday, which is already there.
	want := []string{"2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23"}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestParseRule(t *testing.T) {
	good := map[string]any{"startDate": `{"t":"DateTime","v":1772784000000}`, "interval": "week",
		"weekDays": "[5,1,1]", "endDate": "2026-12-31"}
	r, err := ParseRule(good, msk)
	if err != nil {
		t.Fatal(err)
	}
	// 2026-03-06T08:00:00Z is 11:00 in Moscow, a Friday.
	if r.Start != day("2026-03-06") || r.Hour != 11 || r.Minute != 0 || r.Each != 1 ||
		len(r.WeekDays) != 2 || r.WeekDays[0] != time.Monday || r.WeekDays[1] != time.Friday {
		t.Fatalf("parsed %+v", r)
	}
	bad := map[string]any{"startDate": `{"t":"DateOnly","v":"2026-03-06"}`, "hour": int64(24), "minute": int64(-1),
		"each": int64(0), "repetitions": int64(0), "weekDays": "[8]", "week": int64(6), "month": int64(13),
		"day": int64(32), "endDate": "2026-03-05"}
	_, err = ParseRule(bad, nil)
	var inv *entity.Invalid
	if !errors.As(err, &inv) {
		t.Fatalf("want Invalid, got %v", err)
	}
	fields := map[string]bool{}
	for _, fe := range inv.Errors {
		fields[fe.Field] = true
	}
	for _, f := range []string{"interval", "hour", "minute", "each", "repetitions", "weekDays", "week", "month", "day", "endDate"} {
		if !fields[f] {
			t.Errorf("no error on %s: %v", f, inv)
		}
	}
}
