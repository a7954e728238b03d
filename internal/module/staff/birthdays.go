package staff

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// maxBirthdayDays bounds GET /employee/birthdays' window: a year covers
// everyone once.
const maxBirthdayDays = 366

// peopleBirthdays answers GET /employee/birthdays?startDate&daysCount
// (the reference's route): working employees whose birthday falls in the
// daysCount days from startDate (default today in the caller's zone and
// 7 days), soonest first, leaving out those who hide their birthday.
func (a *HTTP) peopleBirthdays(ctx context.Context, r *api.Request) api.Response {
	from, days, res := birthdayWindow(r, a.Engine.Now())
	if res != nil {
		return *res
	}
	t := a.Engine.Cat.Type("Employee")
	col := func(name string) string { return t.Field(name).Column }
	rows, err := a.Engine.DB.Q(ctx).QueryContext(ctx, a.Engine.DB.Dialect.Rebind(fmt.Sprintf(
		`SELECT id, %s FROM %s WHERE account_id = ? AND %s IS NOT NULL AND %s <> '' AND COALESCE(%s, 1) <> 0 AND COALESCE(%s, 0) = 0`,
		col("birthday"), t.Table, col("birthday"), col("birthday"), col("isWorking"), col("hideMyBirthday"))), r.Scope().Account)
	if err != nil {
		return r.Fail(fmt.Errorf("api: birthdays: %w", err))
	}
	defer rows.Close()
	next := map[int64]int{} // id -> days from start to the birthday
	for rows.Next() {
		var id int64
		var day string
		if err := rows.Scan(&id, &day); err != nil {
			return r.Fail(err)
		}
		if d, ok := daysUntilBirthday(from, day); ok && d < days {
			next[id] = d
		}
	}
	if err := rows.Err(); err != nil {
		return r.Fail(err)
	}
	ids := make([]int64, 0, len(next))
	for id := range next {
		ids = append(ids, id)
	}
	recs, err := a.Engine.GetMany(ctx, r.Scope(), "Employee", ids)
	if err != nil {
		return r.Fail(err)
	}
	sort.Slice(recs, func(i, j int) bool {
		if next[recs[i].ID] != next[recs[j].ID] {
			return next[recs[i].ID] < next[recs[j].ID]
		}
		return recs[i].ID < recs[j].ID
	})
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	out, err := r.Encode(ctx, recs, sel)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// birthdayWindow reads startDate and daysCount.
func birthdayWindow(r *api.Request, now time.Time) (time.Time, int, *api.Response) {
	loc := r.Options().Location
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := now.In(loc).Date()
	from := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if raw, ok := r.Query("startDate"); ok {
		v, err := value.DateOnly{}.Decode(raw)
		s, _ := v.(string)
		t, perr := time.Parse(time.DateOnly, s)
		if err != nil || perr != nil {
			res := r.FieldFail("startDate", value.CodeType, "DateOnly")
			return from, 0, &res
		}
		from = t
	}
	days := 7
	if raw, ok := r.Query("daysCount"); ok {
		// A number, or a number in a string, as query values come.
		n, err := strconv.Atoi(strings.Trim(string(raw), `"`))
		if err != nil || n < 1 || n > maxBirthdayDays {
			res := api.Response{Status: http.StatusUnprocessableEntity, Errors: []api.ErrorEntry{r.FieldError(
				entity.FieldError{Field: "daysCount", Code: value.CodeRange})}}
			return from, 0, &res
		}
		days = n
	}
	return from, days, nil
}

// daysUntilBirthday counts the days from from to the next anniversary
// of birthday ("YYYY-MM-DD"); one born on 29 February has it on 1 March
// in other years.
func daysUntilBirthday(from time.Time, birthday string) (int, bool) {
	b, err := time.Parse(time.DateOnly, birthday)
	if err != nil {
		return 0, false
	}
	for _, year := range []int{from.Year(), from.Year() + 1} {
		at := time.Date(year, b.Month(), b.Day(), 0, 0, 0, 0, time.UTC)
		if !at.Before(from) {
			return int(at.Sub(from).Hours() / 24), true
		}
	}
	return 0, false
}
