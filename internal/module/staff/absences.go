package staff

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// An absence is a Vacation (the reference's type) whose type says which:
// a vacation, a sick leave or a business trip. The reference leaves type a
// plain string; Artel keeps it to these three so lists and the card can
// word it.
var AbsenceTypes = []string{"vacation", "sick", "trip"}

// CodeAbsenceDays refuses an absence that ends before it begins.
const CodeAbsenceDays = "absence_days"

// absenceRules checks an absence before it is written: a known type
// (vacation when none is given on creation), an employee, and a first
// day not after the last.
func absenceRules(ctx context.Context, c *entity.Change) error {
	typ, given := c.Values["type"]
	if c.New && (!given || typ == nil || typ == "") {
		c.Values["type"] = "vacation"
	} else if given {
		s, _ := typ.(string)
		if !slices.Contains(AbsenceTypes, s) {
			bad := &entity.Invalid{}
			bad.Add("type", value.CodeEnum, "")
			bad.Errors[0].Value = &value.Error{Code: value.CodeEnum, Expected: "string", Allowed: AbsenceTypes}
			return bad
		}
	}
	if c.New {
		if l, ok := c.Links["employee"]; !ok || l == nil {
			return entity.Invalidf("employee", entity.CodeRequired, "")
		}
	}
	first, last := dayOf(c, "firstDay"), dayOf(c, "lastDay")
	if first == "" || last == "" {
		if c.New {
			field := "firstDay"
			if first != "" {
				field = "lastDay"
			}
			return entity.Invalidf(field, entity.CodeRequired, "")
		}
		return nil
	}
	if first > last {
		return entity.Invalidf("lastDay", CodeAbsenceDays, "")
	}
	return nil
}

// dayOf is a DateOnly field as written by the change, else as stored.
func dayOf(c *entity.Change, field string) string {
	s, _ := c.ValueAfter(field).(string)
	return s
}

// peopleVacations answers GET /employee/{id}/vacations: the employee's
// current and coming absences, soonest first.
func (a *HTTP) peopleVacations(ctx context.Context, r *api.Request) api.Response {
	recs, res := a.comingAbsences(ctx, r)
	if res != nil {
		return *res
	}
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

// peopleClosestVacation answers GET /employee/{id}/closestVacation: the
// first of them, or null.
func (a *HTTP) peopleClosestVacation(ctx context.Context, r *api.Request) api.Response {
	recs, res := a.comingAbsences(ctx, r)
	if res != nil {
		return *res
	}
	if len(recs) == 0 {
		return api.OK(nil)
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, recs[0], sel)
}

func (a *HTTP) comingAbsences(ctx context.Context, r *api.Request) ([]*entity.Record, *api.Response) {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Employee", r.IDs[0]); err != nil {
		res := r.Fail(err)
		return nil, &res
	}
	t := a.Engine.Cat.Type("Vacation")
	emp, first, last := t.Field("employee").Column, t.Field("firstDay").Column, t.Field("lastDay").Column
	loc := r.Options().Location
	if loc == nil {
		loc = time.UTC
	}
	today := a.Engine.Now().In(loc).Format(time.DateOnly)
	rows, err := a.Engine.DB.Q(ctx).QueryContext(ctx, a.Engine.DB.Dialect.Rebind(fmt.Sprintf(
		`SELECT id FROM %s WHERE account_id = ? AND %s_t = 'Employee' AND %s_i = ? AND %s >= ? ORDER BY %s, id`,
		t.Table, emp, emp, last, first)), r.Scope().Account, r.IDs[0], today)
	if err != nil {
		res := r.Fail(fmt.Errorf("api: absences: %w", err))
		return nil, &res
	}
	ids, err := store.Int64s(rows)
	if err != nil {
		res := r.Fail(err)
		return nil, &res
	}
	recs, err := a.Engine.GetMany(ctx, r.Scope(), "Vacation", ids)
	if err != nil {
		res := r.Fail(err)
		return nil, &res
	}
	// GetMany may answer in id order; the list is by first day.
	slices.SortStableFunc(recs, func(x, y *entity.Record) int {
		return compare(dayOf(&entity.Change{Old: x}, "firstDay"), dayOf(&entity.Change{Old: y}, "firstDay"))
	})
	return recs, nil
}

func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
