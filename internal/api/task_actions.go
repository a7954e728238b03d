package api

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/value"
)

// Task and project actions: the status machine of internal/module/task
// over HTTP, with the reference's routes. The rules live in the module;
// this file only reads bodies and answers. See docs/tasks.md.

func init() {
	routeSets = append(routeSets, map[string]handler{
		"POST /task/{id}/doAction":          taskDoAction("Task"),
		"POST /project/{id}/doAction":       taskDoAction("Project"),
		"POST /task/{id}/changeDeadline":    taskChangeDeadline("Task"),
		"POST /project/{id}/changeDeadline": taskChangeDeadline("Project"),
		"POST /deadlineChangeRequest/{id}":  taskAnswerDeadline,
		"POST /task/{id}/delegate":          taskDelegate,
		"POST /task/{id}/convert":           taskConvert("Task"),
		"POST /project/{id}/convert":        taskConvert("Project"),
		"POST /task/{id}/clone":             taskClone("Task"),
		"POST /project/{id}/clone":          taskClone("Project"),
		"GET /task/templates":               taskTemplates,
		"POST /task/{id}/bonus":             taskBonus,
	})
	for k, v := range map[string][2]string{
		task.CodeNotConvertible: {"Нельзя конвертировать: связь %s не переносится", "Cannot convert: the link %s cannot be carried over"},
		task.CodeTooLarge:       {"Слишком много подзадач для копирования, максимум %s", "Too many subtasks to copy, at most %s"},
	} {
		if _, ok := messages[k]; !ok {
			messages[k] = v
		}
	}
}

// taskDoAction serves POST /task/{id}/doAction (TaskActionRequest) and
// /project/{id}/doAction (ProjectActionRequest): {"action": "act_…",
// "text"?: a comment to post, "responsible"?: act_delegate's new one}.
// An action the caller's possibleActions lacks answers 403, an unknown
// one 422.
func taskDoAction(kind string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		in, res := s.input(c)
		if res != nil {
			return *res
		}
		req, err := task.ParseRequest(in)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.taskAnswer(ctx, c)(task.Do(ctx, s.Engine, c.sc, kind, ids[0], req))
	}
}

// taskDelegate serves POST /task/{id}/delegate, whose body is the
// employee to hand the task to: act_delegate by another route.
func taskDelegate(s *Server, ctx context.Context, c *call, ids []int64) Response {
	l, err := value.DecodeLink(c.body, []string{"Employee"})
	if err != nil || l.ID == 0 {
		return s.errorResponse(c, entity.Invalidf("responsible", entity.CodeRequired, ""))
	}
	req := task.Request{Action: "act_delegate", Responsible: &l}
	return s.taskAnswer(ctx, c)(task.Do(ctx, s.Engine, c.sc, "Task", ids[0], req))
}

// taskConvert serves POST /task/{id}/convert (answers the Project) and
// /project/{id}/convert (answers the Task): act_convert.
func taskConvert(kind string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		req := task.Request{Action: "act_convert"}
		return s.taskAnswer(ctx, c)(task.Do(ctx, s.Engine, c.sc, kind, ids[0], req))
	}
}

// taskChangeDeadline serves POST /task/{id}/changeDeadline with a
// DeadlineChangeRequest body {deadline, request?}: the owner moves the
// deadline, the responsible or an executor files a request. It answers a
// list holding the task, as the reference (Project[]) has it.
func taskChangeDeadline(kind string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		in, res := s.input(c)
		if res != nil {
			return *res
		}
		rec, err := task.ChangeDeadline(ctx, s.Engine, c.sc, kind, ids[0], in)
		if err != nil {
			return s.errorResponse(c, err)
		}
		sel, err := selection(c, true)
		if err != nil {
			return s.errorResponse(c, err)
		}
		list, err := s.encode(ctx, c, []*entity.Record{rec}, sel)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return ok(list)
	}
}

// taskAnswerDeadline serves POST /deadlineChangeRequest/{id}: {"status":
// "accepted"|"rejected"|"cancelled"}. It answers the task (or project).
// It stands in for the generic update, so a request is answered only by
// the rules, never rewritten field by field.
func taskAnswerDeadline(s *Server, ctx context.Context, c *call, ids []int64) Response {
	in, res := s.input(c)
	if res != nil {
		return *res
	}
	return s.taskAnswer(ctx, c)(task.AnswerRequest(ctx, s.Engine, c.sc, ids[0], in))
}

// taskAnswer encodes a module result as GET would, or its error.
func (s *Server) taskAnswer(ctx context.Context, c *call) func(*entity.Record, error) Response {
	return func(rec *entity.Record, err error) Response {
		if err != nil {
			return s.errorResponse(c, err)
		}
		sel, err := selection(c, true)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeOne(ctx, c, rec, sel)
	}
}

// taskClone serves POST /task/{id}/clone and /project/{id}/clone: work
// from a template, or with {"isTemplate": true} a template from work;
// {"parent": link} places the copy. See task.Clone.
func taskClone(kind string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		in, res := s.input(c)
		if res != nil {
			return *res
		}
		var asTemplate bool
		if raw, ok := in["isTemplate"]; ok && json.Unmarshal(raw, &asTemplate) != nil {
			return s.errorResponse(c, entity.Invalidf("isTemplate", value.CodeType, "boolean"))
		}
		var parent *value.Link
		if raw, ok := in["parent"]; ok && string(raw) != "null" {
			l, err := value.DecodeLink(raw, []string{"Project", "Task"})
			if err != nil {
				return s.errorResponse(c, entity.Invalidf("parent", value.CodeType, "Project|Task"))
			}
			parent = &l
		}
		rec, err := task.Clone(ctx, s.Engine, c.sc, kind, ids[0], asTemplate, parent)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
	}
}

// taskTemplates serves GET /task/templates: the templates the reader may
// use, newest first, paged like any list.
func taskTemplates(s *Server, ctx context.Context, c *call, _ []int64) Response {
	delete(c.query, "negotiationOnly")
	lq, err := listQuery(c, "Task")
	if err != nil {
		return s.errorResponse(c, err)
	}
	t := s.Cat.Type("Task")
	lq.Where = append(lq.Where, entity.Condition{SQL: "COALESCE(" + t.Table + "." + t.Field("isTemplate").Column + ", 0) = 1"})
	return s.page(ctx, c, "Task", lq)
}

// taskBonus serves POST /task/{id}/bonus with a Bonus: answers the bonus.
func taskBonus(s *Server, ctx context.Context, c *call, ids []int64) Response {
	if len(c.body) == 0 {
		return s.errorResponse(c, entity.Invalidf("value", entity.CodeRequired, ""))
	}
	rec, err := task.GiveBonus(ctx, s.Engine, c.sc, ids[0], c.body)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
}
