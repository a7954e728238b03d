package api

import (
	"context"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
)

// Repetition of templates: the reference's POST and DELETE
// /{task|project}/{id}/schedule, and a GET beside them (a Project has no
// schedule field to show it). The rules are task.SetSchedule and its
// neighbours; see docs/tasks.md.

func init() {
	routes := map[string]handler{}
	for _, kind := range []string{"Task", "Project"} {
		path := "/" + strings.ToLower(kind) + "/{id}/schedule"
		routes["POST "+path] = taskSetSchedule(kind)
		routes["DELETE "+path] = taskRemoveSchedule(kind)
		routes["GET "+path] = taskGetSchedule(kind)
	}
	routeSets = append(routeSets, routes)
	if _, ok := messages[task.CodeNotTemplate]; !ok {
		messages[task.CodeNotTemplate] = [2]string{"Повторять можно только шаблон", "Only a template can repeat"}
	}
}

// taskSetSchedule serves POST /task/{id}/schedule with a Schedule body:
// it creates or replaces the template's schedule and answers it.
func taskSetSchedule(kind string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		in, res := s.input(c)
		if res != nil {
			return *res
		}
		rec, err := task.SetSchedule(ctx, s.Engine, c.sc, kind, ids[0], in)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
	}
}

// taskRemoveSchedule serves DELETE /task/{id}/schedule: it answers the
// template without its schedule.
func taskRemoveSchedule(kind string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		return s.taskAnswer(ctx, c)(task.RemoveSchedule(ctx, s.Engine, c.sc, kind, ids[0]))
	}
}

// taskGetSchedule serves GET /task/{id}/schedule: the Schedule, or null.
func taskGetSchedule(kind string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		rec, err := task.GetSchedule(ctx, s.Engine, c.sc, kind, ids[0])
		if err != nil {
			return s.errorResponse(c, err)
		}
		if rec == nil {
			return ok(nil)
		}
		return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
	}
}
