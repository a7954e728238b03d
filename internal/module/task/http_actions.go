package task

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Task and project actions: the status machine of internal/module/task
// over HTTP, with the reference's routes. The rules live in the module;
// this file only reads bodies and answers. See docs/tasks.md.

// taskDoAction serves POST /task/{id}/doAction (TaskActionRequest) and
// /project/{id}/doAction (ProjectActionRequest): {"action": "act_…",
// "text"?: a comment to post, "responsible"?: act_delegate's new one}.
// An action the caller's possibleActions lacks answers 403, an unknown
// one 422.
func (a *HTTP) taskDoAction(kind string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		req, err := ParseRequest(in)
		if err != nil {
			return r.Fail(err)
		}
		return a.taskAnswer(ctx, r)(Do(ctx, a.Engine, r.Scope(), kind, r.IDs[0], req))
	}
}

// taskDelegate serves POST /task/{id}/delegate, whose body is the
// employee to hand the task to: act_delegate by another route.
func (a *HTTP) taskDelegate(ctx context.Context, r *api.Request) api.Response {
	l, err := value.DecodeLink(r.Body(), []string{"Employee"})
	if err != nil || l.ID == 0 {
		return r.Fail(entity.Invalidf("responsible", entity.CodeRequired, ""))
	}
	req := Request{Action: "act_delegate", Responsible: &l}
	return a.taskAnswer(ctx, r)(Do(ctx, a.Engine, r.Scope(), "Task", r.IDs[0], req))
}

// taskConvert serves POST /task/{id}/convert (answers the Project) and
// /project/{id}/convert (answers the Task): act_convert.
func (a *HTTP) taskConvert(kind string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		req := Request{Action: "act_convert"}
		return a.taskAnswer(ctx, r)(Do(ctx, a.Engine, r.Scope(), kind, r.IDs[0], req))
	}
}

// taskChangeDeadline serves POST /task/{id}/changeDeadline with a
// DeadlineChangeRequest body {deadline, request?}: the owner moves the
// deadline, the responsible or an executor files a request. It answers a
// list holding the task, as the reference (Project[]) has it.
func (a *HTTP) taskChangeDeadline(kind string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		rec, err := ChangeDeadline(ctx, a.Engine, r.Scope(), kind, r.IDs[0], in)
		if err != nil {
			return r.Fail(err)
		}
		sel, err := r.Selection(true)
		if err != nil {
			return r.Fail(err)
		}
		list, err := r.Encode(ctx, []*entity.Record{rec}, sel)
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(list)
	}
}

// taskAnswerDeadline serves POST /deadlineChangeRequest/{id}: {"status":
// "accepted"|"rejected"|"cancelled"}. It answers the task (or project).
// It stands in for the generic update, so a request is answered only by
// the rules, never rewritten field by field.
func (a *HTTP) taskAnswerDeadline(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	return a.taskAnswer(ctx, r)(AnswerRequest(ctx, a.Engine, r.Scope(), r.IDs[0], in))
}

// taskAnswer encodes a module result as GET would, or its error.
func (a *HTTP) taskAnswer(ctx context.Context, r *api.Request) func(*entity.Record, error) api.Response {
	return func(rec *entity.Record, err error) api.Response {
		if err != nil {
			return r.Fail(err)
		}
		sel, err := r.Selection(true)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, sel)
	}
}

// taskClone serves POST /task/{id}/clone and /project/{id}/clone: work
// from a template, or with {"isTemplate": true} a template from work;
// {"parent": link} places the copy. See Clone.
func (a *HTTP) taskClone(kind string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		var asTemplate bool
		if raw, ok := in["isTemplate"]; ok && json.Unmarshal(raw, &asTemplate) != nil {
			return r.Fail(entity.Invalidf("isTemplate", value.CodeType, "boolean"))
		}
		var parent *value.Link
		if raw, ok := in["parent"]; ok && string(raw) != "null" {
			l, err := value.DecodeLink(raw, []string{"Project", "Task"})
			if err != nil {
				return r.Fail(entity.Invalidf("parent", value.CodeType, "Project|Task"))
			}
			parent = &l
		}
		rec, err := Clone(ctx, a.Engine, r.Scope(), kind, r.IDs[0], asTemplate, parent)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}

// taskTemplates serves GET /task/templates: the templates the reader may
// use, newest first, paged like any list.
func (a *HTTP) taskTemplates(ctx context.Context, r *api.Request) api.Response {
	r.TakeQuery("negotiationOnly")
	lq, err := r.ListQuery("Task")
	if err != nil {
		return r.Fail(err)
	}
	t := a.Engine.Cat.Type("Task")
	lq.Where = append(lq.Where, entity.Condition{SQL: "COALESCE(" + t.Table + "." + t.Field("isTemplate").Column + ", 0) = 1"})
	return r.Page(ctx, "Task", lq)
}

// taskBonus serves POST /task/{id}/bonus with a Bonus: answers the bonus.
func (a *HTTP) taskBonus(ctx context.Context, r *api.Request) api.Response {
	if len(r.Body()) == 0 {
		return r.Fail(entity.Invalidf("value", entity.CodeRequired, ""))
	}
	rec, err := GiveBonus(ctx, a.Engine, r.Scope(), r.IDs[0], r.Body())
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}
