package staff

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Computed filter terms of the employee list (Artel's fields, so a saved
// EmployeeFilter can hold them):
//
//	{"contentType":"FilterTermBool","field":"isAway","value":true}
//	{"contentType":"FilterTermNumber","field":"birthdayWithin","value":14}
//
// isAway: has an absence (vacation, sick leave, trip) covering today in
// the reader's time zone (false: has none). birthdayWithin n: the birthday
// falls in the n days from today (1 to 366), as GET /employee/birthdays
// counts it, leaving out those who hide it. Both are one indexed EXISTS
// or an IN list of "MM-DD" days, so the list stays one query.

// registerFilters adds the terms to the engine.
func registerFilters(e *entity.Engine) {
	e.AddFilterField("Employee", "isAway", entity.FilterField{Term: "FilterTermBool", Where: func(_ context.Context, sc entity.Scope,
		opt value.Options, table string, tm entity.FilterTerm) (entity.Condition, error) {
		var want bool
		if json.Unmarshal(tm.Value, &want) != nil {
			return entity.Condition{}, entity.BadFilter("isAway")
		}
		v := e.Cat.Type("Vacation")
		emp, first, last := v.Field("employee").Column, v.Field("firstDay").Column, v.Field("lastDay").Column
		today := today(e, opt)
		cond := fmt.Sprintf(`EXISTS (SELECT 1 FROM %s v WHERE v.account_id = %s.account_id AND v.%s_t = 'Employee'
			AND v.%s_i = %s.id AND v.%s <= ? AND v.%s >= ?)`, v.Table, table, emp, emp, table, first, last)
		if !want {
			cond = "NOT " + cond
		}
		return entity.Condition{SQL: cond, Args: []any{today, today}}, nil
	}})
	e.AddFilterField("Employee", "birthdayWithin", entity.FilterField{Term: "FilterTermNumber", Where: func(_ context.Context, sc entity.Scope,
		opt value.Options, table string, tm entity.FilterTerm) (entity.Condition, error) {
		var days int
		if json.Unmarshal(tm.Value, &days) != nil || days < 1 || days > 366 {
			return entity.Condition{}, entity.BadFilter("birthdayWithin")
		}
		t := e.Cat.Type("Employee")
		birthday, hide := t.Field("birthday").Column, t.Field("hideMyBirthday").Column
		mmdd := birthdayDays(todayTime(e, opt), days)
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(mmdd)), ", ")
		args := make([]any, len(mmdd))
		for i, d := range mmdd {
			args[i] = d
		}
		return entity.Condition{SQL: fmt.Sprintf(`COALESCE(%s.%s, 0) = 0 AND SUBSTR(%s.%s, 6, 5) IN (%s)`,
			table, hide, table, birthday, marks), Args: args}, nil
	}})
}

func todayTime(e *entity.Engine, opt value.Options) time.Time {
	loc := opt.Location
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := e.Now().In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func today(e *entity.Engine, opt value.Options) string {
	return todayTime(e, opt).Format(time.DateOnly)
}

// birthdayDays are the "MM-DD" of the days from `from` on; someone born
// on 29 February has it on 1 March in other years, so "02-29" joins
// "03-01" of a year without it.
func birthdayDays(from time.Time, days int) []string {
	out := make([]string, 0, days+1)
	for i := 0; i < days; i++ {
		d := from.AddDate(0, 0, i)
		out = append(out, d.Format("01-02"))
		if d.Month() == time.March && d.Day() == 1 && time.Date(d.Year(), time.February, 29, 0, 0, 0, 0, time.UTC).Month() != time.February {
			out = append(out, "02-29")
		}
	}
	return out
}
