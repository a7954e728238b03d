package task

import "time"

// Interval values of a Schedule.
const (
	EveryDay   = "day"
	EveryWeek  = "week"
	EveryMonth = "month"
	EveryYear  = "year"
)

// Rule is a Schedule read for computing when a template repeats. Days
// are calendar days held as midnight UTC, so day arithmetic never meets
// a daylight-saving shift; only an occurrence's instant uses Loc.
type Rule struct {
	Start        time.Time // the first day that may hold an occurrence
	End          time.Time // the last such day; zero: no end date
	Repetitions  int       // occurrences in all; 0: no limit
	Interval     string
	Each         int            // every Each intervals (work days, with WorkDaysOnly and day)
	WorkDaysOnly bool           // Monday to Friday: see first
	WeekDays     []time.Weekday // weekly: which days; monthly with Week: the day
	Week         int            // monthly: the Week-th WeekDays[0] of the month, 5 the last
	Month        time.Month     // yearly
	Day          int            // monthly and yearly; clamped to the month's length
	Hour, Minute int            // time of day in Loc
	Loc          *time.Location
}

// Next is the first occurrence at or after from, for a schedule that has
// made done occurrences already; false when the schedule has ended.
func (r Rule) Next(from time.Time, done int) (time.Time, bool) {
	if r.Repetitions > 0 && done >= r.Repetitions {
		return time.Time{}, false
	}
	low := dayOf(from.In(r.Loc))
	if low.Before(r.Start) {
		low = r.Start
	}
	d, ok := r.first(low)
	if ok && r.at(d).Before(from) {
		d, ok = r.first(d.AddDate(0, 0, 1))
	}
	if !ok || !r.End.IsZero() && d.After(r.End) {
		return time.Time{}, false
	}
	return r.at(d), true
}

// at is the occurrence's instant on day d.
func (r Rule) at(d time.Time) time.Time {
	return time.Date(d.Year(), d.Month(), d.Day(), r.Hour, r.Minute, 0, 0, r.Loc)
}

// maxPeriods bounds the search; a valid rule finds a day within two.
const maxPeriods = 16

// first is the first scheduled day on or after low (low >= Start). Periods
// count from Start's day, week (from its Monday), month or year; one
// period before low's is looked at too, since a weekend day moved to
// Monday may land after low.
func (r Rule) first(low time.Time) (time.Time, bool) {
	if r.Interval == EveryDay {
		return r.firstDay(low), true
	}
	var k int
	switch r.Interval {
	case EveryWeek:
		k = daysBetween(monday(r.Start), monday(low)) / 7
	case EveryMonth:
		k = monthIndex(low) - monthIndex(r.Start)
	case EveryYear:
		k = low.Year() - r.Start.Year()
	}
	k = max(0, k/r.Each*r.Each-r.Each)
	for range maxPeriods {
		if d, ok := r.inPeriod(k, low); ok {
			return d, true
		}
		k += r.Each
	}
	return time.Time{}, false
}

// inPeriod is the earliest day of period k that is on or after low.
func (r Rule) inPeriod(k int, low time.Time) (time.Time, bool) {
	var days []time.Time
	switch r.Interval {
	case EveryWeek:
		mon := monday(r.Start).AddDate(0, 0, 7*k)
		for _, wd := range r.WeekDays {
			days = append(days, mon.AddDate(0, 0, (int(wd)+6)%7))
		}
	case EveryMonth:
		m := r.Start.AddDate(0, 0, 1-r.Start.Day()).AddDate(0, k, 0)
		if r.Week > 0 {
			days = append(days, nthWeekday(m, r.WeekDays[0], r.Week))
		} else {
			days = append(days, clampDay(m.Year(), m.Month(), r.Day))
		}
	case EveryYear:
		days = append(days, clampDay(r.Start.Year()+k, r.Month, r.Day))
	}
	var best time.Time
	for _, d := range days {
		if d.Before(r.Start) {
			continue
		}
		if r.WorkDaysOnly {
			d = nextWorkDay(d)
		}
		if !d.Before(low) && (best.IsZero() || d.Before(best)) {
			best = d
		}
	}
	return best, !best.IsZero()
}

// firstDay: every Each days from Start, or with WorkDaysOnly every Each
// work days from the first work day on or after Start.
func (r Rule) firstDay(low time.Time) time.Time {
	if !r.WorkDaysOnly {
		k := ceilDiv(daysBetween(r.Start, low), r.Each)
		return r.Start.AddDate(0, 0, k*r.Each)
	}
	w0 := nextWorkDay(r.Start)
	if !low.After(w0) {
		return w0
	}
	k := ceilDiv(workDaysBetween(w0, low), r.Each)
	return addWorkDays(w0, k*r.Each)
}

func dayOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// daysBetween counts from Unix days: a Duration would overflow past 292
// years, and DateOnly reaches back to year 1.
func daysBetween(a, b time.Time) int { return int((b.Unix() - a.Unix()) / 86400) }

func monday(d time.Time) time.Time { return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7)) }

func monthIndex(d time.Time) int { return d.Year()*12 + int(d.Month()) - 1 }

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func isWorkDay(d time.Time) bool { return d.Weekday() != time.Saturday && d.Weekday() != time.Sunday }

// nextWorkDay moves a Saturday or Sunday to the Monday after.
func nextWorkDay(d time.Time) time.Time {
	for !isWorkDay(d) {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

// workDaysBetween counts the work days in [a, b).
func workDaysBetween(a, b time.Time) int {
	n := daysBetween(a, b)
	count := n / 7 * 5
	for d := a.AddDate(0, 0, n/7*7); d.Before(b); d = d.AddDate(0, 0, 1) {
		if isWorkDay(d) {
			count++
		}
	}
	return count
}

// addWorkDays is the n-th work day after the work day d.
func addWorkDays(d time.Time, n int) time.Time {
	d = d.AddDate(0, 0, n/5*7)
	for i := 0; i < n%5; {
		if d = d.AddDate(0, 0, 1); isWorkDay(d) {
			i++
		}
	}
	return d
}

// clampDay is day of the month, or its last day when the month is
// shorter (the 31st in April is the 30th, 29 February the 28th).
func clampDay(year int, month time.Month, day int) time.Time {
	last := time.Date(year, month+1, 0, 0, 0, 0, 0, time.UTC).Day()
	return time.Date(year, month, min(day, last), 0, 0, 0, 0, time.UTC)
}

// nthWeekday is the n-th wd of the month starting at first; n 5 is the
// last one, which some months have as their fourth.
func nthWeekday(first time.Time, wd time.Weekday, n int) time.Time {
	d := first.AddDate(0, 0, (int(wd)-int(first.Weekday())+7)%7+7*(n-1))
	for d.Month() != first.Month() {
		d = d.AddDate(0, 0, -7)
	}
	return d
}
