package demo

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// daysOff are the official days off beyond the weekend (Russia), by month
// and day, with their holiday's name.
var daysOff = []struct {
	month time.Month
	days  []int
	name  string
}{
	{time.January, []int{1, 2, 3, 4, 5, 6, 7, 8}, "Новогодние каникулы"},
	{time.February, []int{23}, "День защитника Отечества"},
	{time.March, []int{8}, "Международный женский день"},
	{time.May, []int{1}, "Праздник Весны и Труда"},
	{time.May, []int{9}, "День Победы"},
	{time.June, []int{12}, "День России"},
	{time.November, []int{4}, "День народного единства"},
}

// absencesStep gives the staff a few absences around today (one person on
// vacation now, one off sick, one on a trip next week, a vacation next
// month) and the working calendar this year's and next year's days off.
func (f *filler) absencesStep() error {
	if len(f.employees) < 5 {
		return nil
	}
	plan := []struct {
		who        int
		typ        string
		from, till int
	}{{2, "vacation", -3, 10}, {3, "sick", -1, 2}, {4, "trip", 7, 9}, {1, "vacation", 30, 43}}
	for _, p := range plan {
		body := obj{"employee": ref(f.employees[p.who].link), "type": p.typ,
			"firstDay": dateOnly(f.day(p.from)), "lastDay": dateOnly(f.day(p.till))}
		if _, err := f.create(f.demo, "Vacation", body); err != nil {
			return err
		}
	}
	db := f.e.DB
	for _, year := range []int{f.base.Year(), f.base.Year() + 1} {
		for _, d := range daysOff {
			var id int64
			err := db.Q(f.ctx).QueryRowContext(f.ctx, db.Dialect.Rebind(
				`SELECT id FROM holidays WHERE account_id = ? AND name = ?`), f.account, d.name).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				err = db.Q(f.ctx).QueryRowContext(f.ctx, db.Dialect.Rebind(
					`INSERT INTO holidays (account_id, name) VALUES (?, ?) RETURNING id`), f.account, d.name).Scan(&id)
			}
			if err != nil {
				return fmt.Errorf("demo: holiday %s: %w", d.name, err)
			}
			for _, day := range d.days {
				if err := db.Exec(f.ctx, `INSERT INTO holiday_days (account_id, day, holiday_id) VALUES (?, ?, ?)`,
					f.account, fmt.Sprintf("%04d-%02d-%02d", year, d.month, day), id); err != nil {
					return fmt.Errorf("demo: day off: %w", err)
				}
			}
		}
	}
	return nil
}
