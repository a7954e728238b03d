package task

import (
	"context"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/entity"
)

// Repetition of templates: the reference's POST and DELETE
// /{task|project}/{id}/schedule, and a GET beside them (a Project has no
// schedule field to show it). The rules are SetSchedule and its
// neighbours; see docs/tasks.md.

// taskSetSchedule serves POST /task/{id}/schedule with a Schedule body:
// it creates or replaces the template's schedule and answers it.
func (a *HTTP) taskSetSchedule(kind string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		rec, err := SetSchedule(ctx, a.Engine, r.Scope(), kind, r.IDs[0], in)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}

// taskRemoveSchedule serves DELETE /task/{id}/schedule: it answers the
// template without its schedule.
func (a *HTTP) taskRemoveSchedule(kind string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		return a.taskAnswer(ctx, r)(RemoveSchedule(ctx, a.Engine, r.Scope(), kind, r.IDs[0]))
	}
}

// taskGetSchedule serves GET /task/{id}/schedule: the Schedule, or null.
func (a *HTTP) taskGetSchedule(kind string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		rec, err := GetSchedule(ctx, a.Engine, r.Scope(), kind, r.IDs[0])
		if err != nil {
			return r.Fail(err)
		}
		if rec == nil {
			return api.OK(nil)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}
