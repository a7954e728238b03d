package staff

import (
	"context"
	"fmt"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// The reference's Employee.nearestVacation and nearestVacationsCount:
// the employee's current or next vacation (an absence of type vacation
// not yet over, the soonest first) and how many vacations of theirs
// touch the coming 30 days. Filled for a page of employees with one
// query; Artel's absences need no confirmation, so every vacation counts.
const nearestDays = 30

func registerNearest(e *entity.Engine) {
	e.Compute("Employee", entity.Computer{Fields: []string{"nearestVacation", "nearestVacationsCount"},
		Fill: func(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
			return fillNearest(ctx, e, sc, recs)
		}})
}

func fillNearest(ctx context.Context, e *entity.Engine, sc entity.Scope, recs []*entity.Record) error {
	t := e.Cat.Type("Vacation")
	emp, first, last, typ := t.Field("employee").Column, t.Field("firstDay").Column, t.Field("lastDay").Column, t.Field("type").Column
	today := e.Now().UTC().Format(time.DateOnly)
	until := e.Now().UTC().AddDate(0, 0, nearestDays).Format(time.DateOnly)
	args := []any{sc.Account, today}
	for _, r := range recs {
		args = append(args, r.ID)
	}
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(fmt.Sprintf(
		`SELECT %s_i, id, %s FROM %s WHERE account_id = ? AND %s_t = 'Employee' AND %s >= ? AND %s = 'vacation'
		AND %s_i IN (%s) ORDER BY %s, id`, emp, first, t.Table, emp, last, typ, emp, store.Marks(len(recs)), first)), args...)
	if err != nil {
		return fmt.Errorf("staff: nearest vacations: %w", err)
	}
	defer rows.Close()
	nearest := map[int64]int64{}
	soon := map[int64]int{}
	for rows.Next() {
		var who, id int64
		var day string
		if err := rows.Scan(&who, &id, &day); err != nil {
			return err
		}
		if _, seen := nearest[who]; !seen {
			nearest[who] = id
		}
		if day <= until {
			soon[who]++
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range recs {
		if r.Computed == nil {
			r.Computed = map[string]any{}
		}
		var v any
		if id, ok := nearest[r.ID]; ok {
			v = value.EncodeLink(value.Link{Type: "Vacation", ID: id})
		}
		r.Computed["nearestVacation"] = v
		r.Computed["nearestVacationsCount"] = soon[r.ID]
	}
	return nil
}
