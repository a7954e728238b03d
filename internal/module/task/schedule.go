package task

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Repetition: a template (isTemplate) with a Schedule makes work from
// itself at each occurrence (schedule_run.go). The Schedule is an entity,
// which a Task names in its schedule link (projects have no such field);
// where it stands is a row of task_schedules. Both change only through
// SetSchedule and RemoveSchedule. See docs/tasks.md.

// CodeNotTemplate is the 422 of a schedule on work rather than a template.
const CodeNotTemplate = "not_template"

// scheduleKey marks the saves of this file, the only ones that may write
// a Schedule or a task's schedule fields.
type scheduleKey struct{}

func asSchedule(ctx context.Context) context.Context {
	return context.WithValue(ctx, scheduleKey{}, true)
}

func isSchedule(ctx context.Context) bool { return ctx.Value(scheduleKey{}) != nil }

// registerSchedules keeps Schedules and the schedule fields to this
// file's calls, and a deleted template's schedule goes with it.
func registerSchedules(e *entity.Engine) {
	guard := func(ctx context.Context) error {
		if !isSchedule(ctx) {
			return entity.ErrForbidden
		}
		return nil
	}
	e.Hook("Schedule", entity.Hooks{
		BeforeSave:   func(ctx context.Context, _ *entity.Change) error { return guard(ctx) },
		BeforeDelete: func(ctx context.Context, _ entity.Scope, _ *entity.Record) error { return guard(ctx) },
	})
	e.Hook("Task", entity.Hooks{BeforeSave: func(ctx context.Context, c *entity.Change) error {
		// Clients send back what they read, and clones copy every
		// writable field; neither may attach a schedule.
		if !isSchedule(ctx) {
			delete(c.Links, "schedule")
			delete(c.Values, "scheduleActive")
		}
		return nil
	}})
	for _, kind := range []string{"Task", "Project"} {
		e.Hook(kind, entity.Hooks{BeforeDelete: func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
			st, err := loadState(ctx, e, sc.Account, rec.Type.Name, rec.ID)
			if err != nil || st == nil {
				return err
			}
			return dropSchedule(asSchedule(ctx), e, sc.Account, st)
		}})
	}
}

// scheduleFields are the Schedule's fields: a POST names the whole
// schedule, so those left out are cleared.
var scheduleFields = []string{"startDate", "endDate", "repetitions", "interval", "each", "workDaysOnly",
	"weekDays", "week", "hour", "minute", "month", "day"}

// SetSchedule creates or replaces the Schedule of a template (POST
// /task/{id}/schedule, /project/{id}/schedule) and answers it. Work
// (not a template) is refused with 422; whoever may edit the template
// may set its schedule.
func SetSchedule(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, in entity.Input) (*entity.Record, error) {
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		tpl, err := editableTemplate(ctx, e, sc, kind, id)
		if err != nil {
			return err
		}
		st, err := loadState(ctx, e, sc.Account, kind, id)
		if err != nil {
			return err
		}
		loc, err := AccountZone(ctx, e, sc.Account)
		if err != nil {
			return err
		}
		now := e.Now()
		full := entity.Input{}
		for k, v := range in {
			full[k] = v
		}
		for _, f := range scheduleFields {
			if _, given := full[f]; !given {
				full[f] = json.RawMessage("null")
			}
		}
		if string(full["startDate"]) == "null" {
			d := now.In(loc)
			full["startDate"], _ = json.Marshal(map[string]any{"contentType": "DateOnly",
				"year": d.Year(), "month": int(d.Month()) - 1, "day": d.Day()})
		}
		sys, sctx := entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true}, asSchedule(ctx)
		if st == nil {
			st = &scheduleState{Kind: kind, Subject: id}
			out, err = e.Create(sctx, sys, "Schedule", full)
		} else {
			out, err = e.Update(sctx, sys, "Schedule", st.ScheduleID, full)
		}
		if err != nil {
			return err
		}
		rule, err := ParseRule(out.Values, loc)
		if err != nil {
			return err
		}
		st.ScheduleID, st.Next = out.ID, nil
		if at, ok := rule.Next(now, int(st.Done)); ok {
			ms := at.UnixMilli()
			st.Next = &ms
		}
		if err := saveState(ctx, e, sc.Account, st); err != nil {
			return err
		}
		return markTemplate(sctx, e, sc, tpl, out, st.Next != nil)
	})
	return out, err
}

// RemoveSchedule deletes a template's schedule (DELETE
// /task/{id}/schedule) and answers the template; one without a schedule
// is answered as it is.
func RemoveSchedule(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64) (*entity.Record, error) {
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		tpl, err := editableTemplate(ctx, e, sc, kind, id)
		if err != nil {
			return err
		}
		st, err := loadState(ctx, e, sc.Account, kind, id)
		if err != nil || st == nil {
			out = tpl
			return err
		}
		sctx := asSchedule(ctx)
		if err := markTemplate(sctx, e, sc, tpl, nil, false); err != nil {
			return err
		}
		if err := dropSchedule(sctx, e, sc.Account, st); err != nil {
			return err
		}
		out, err = e.Get(ctx, sc, kind, id)
		return err
	})
	return out, err
}

// GetSchedule answers a template's Schedule, nil when it has none. Who
// sees the template sees its schedule.
func GetSchedule(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64) (*entity.Record, error) {
	if _, err := e.Get(ctx, sc, kind, id); err != nil {
		return nil, err
	}
	st, err := loadState(ctx, e, sc.Account, kind, id)
	if err != nil || st == nil {
		return nil, err
	}
	return e.Get(ctx, entity.Scope{Account: sc.Account, System: true}, "Schedule", st.ScheduleID)
}

// editableTemplate reads the template locked (two schedule calls on one
// template run one after the other) and checks the caller may edit it.
func editableTemplate(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64) (*entity.Record, error) {
	tpl, err := lockedGet(ctx, e, sc, kind, id)
	if err != nil {
		return nil, err
	}
	if e.Policy != nil && !sc.System {
		if err := e.Policy.Allow(ctx, sc, entity.ActEdit, tpl.Type, tpl); err != nil {
			return nil, err
		}
	}
	if tpl.Values["isTemplate"] != int64(1) {
		return nil, entity.Invalidf("isTemplate", CodeNotTemplate, "")
	}
	return tpl, nil
}

// markTemplate writes a Task's schedule link and scheduleActive (a
// Project has neither), skipping a save that would change nothing.
func markTemplate(ctx context.Context, e *entity.Engine, sc entity.Scope, tpl, sched *entity.Record, active bool) error {
	if tpl.Type.Name != "Task" {
		return nil
	}
	c := entity.NewChange(sc, tpl.Type, tpl)
	var link *value.Link
	if sched != nil {
		l := sched.Link()
		link = &l
	}
	if old, has := tpl.Links["schedule"]; has != (link != nil) || link != nil && old != *link {
		c.Links["schedule"] = link
	}
	if flag := boolValue(active); tpl.Values["scheduleActive"] != flag {
		c.Values["scheduleActive"] = flag
	}
	if len(c.Links) == 0 && len(c.Values) == 0 {
		return nil
	}
	if sc.System {
		// The job ending a schedule is not activity on the template.
		c.Values["activity"] = tpl.Values["activity"]
	}
	_, err := e.Save(ctx, c)
	return err
}

// dropSchedule deletes the Schedule entity and its state row.
func dropSchedule(ctx context.Context, e *entity.Engine, account int64, st *scheduleState) error {
	err := e.Delete(ctx, entity.Scope{Account: account, System: true}, "Schedule", st.ScheduleID)
	if err != nil && err != entity.ErrNotFound {
		return err
	}
	return e.DB.Exec(ctx, "DELETE FROM task_schedules WHERE account_id = ? AND schedule_id = ?", account, st.ScheduleID)
}
