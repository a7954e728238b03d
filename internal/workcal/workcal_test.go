package workcal

import (
	"testing"
	"time"
)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestAddWorkDays(t *testing.T) {
	// 2026-12-31 is a Thursday; 2027-01-01..08 are the account's days off.
	c := &Calendar{off: map[string]bool{}}
	for d := day("2027-01-01"); !d.After(day("2027-01-08")); d = d.AddDate(0, 0, 1) {
		c.off[d.Format(time.DateOnly)] = true
	}
	for _, tc := range []struct {
		from string
		n    int
		want string
	}{
		{"2026-12-28", 0, "2026-12-28"}, // a Monday, a working day: itself
		{"2026-12-26", 0, "2026-12-28"}, // a Saturday: the next working day
		{"2026-12-28", 3, "2026-12-31"},
		{"2026-12-30", 2, "2027-01-11"}, // past the holidays and the weekend
		{"2026-12-25", 1, "2026-12-28"}, // Friday + 1 is Monday
	} {
		if got := c.AddWorkDays(day(tc.from), tc.n).Format(time.DateOnly); got != tc.want {
			t.Errorf("%s + %d work days = %s, want %s", tc.from, tc.n, got, tc.want)
		}
	}
	all := &Calendar{off: map[string]bool{}}
	for d := day("2026-01-01"); d.Before(day("2030-01-01")); d = d.AddDate(0, 0, 1) {
		all.off[d.Format(time.DateOnly)] = true
	}
	if got := all.AddWorkDays(day("2026-01-05"), 2); got.Year() != 2027 {
		t.Errorf("a calendar of days off only should stop a year past the count, got %s", got)
	}
}
