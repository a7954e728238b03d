package task

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// GET /task/treeLevel: one level of the project tree. Without a parent,
// the top: projects and tasks that have no parent; with a parent project,
// its subprojects and tasks; with a parent task, its subtasks. Projects
// come first, then tasks, each newest first, paged as one list (pageAfter
// names a Project or a Task). The filter narrows the tasks; projects are
// the tree's frame and are always shown.

func (a *HTTP) taskTreeLevel(ctx context.Context, r *api.Request) api.Response {
	parent, err := treeParent(r)
	if err != nil {
		return r.Fail(err)
	}
	if parent.ID != 0 {
		if _, err := a.Engine.Get(ctx, r.Scope(), parent.Type, parent.ID); err != nil {
			return r.Fail(err)
		}
	}
	limit, after, err := treePaging(r)
	if err != nil {
		return r.Fail(err)
	}
	var filter json.RawMessage
	if raw, ok := r.Query("filter"); ok && string(raw) != "null" {
		filter = raw
	}
	q := r.QueryString("q")
	var projects *entity.Page
	if parent.Type != "Task" {
		lq := entity.ListQuery{Limit: limit, Where: []entity.Condition{a.parentIs("Project", parent)}, Q: q}
		if after.Type == "Project" {
			lq.PageAfter = after.ID
		}
		if after.Type == "Task" {
			lq.Limit = 1 // only the count and whether any exist; the page is past them
		}
		if projects, err = a.Engine.List(ctx, r.Scope(), "Project", lq, r.Options()); err != nil {
			return r.Fail(err)
		}
		if after.Type == "Task" {
			projects.Records, projects.HasMoreNext = nil, false
		}
	}
	lq := entity.ListQuery{Limit: limit, Filter: filter, Where: []entity.Condition{a.parentIs("Task", parent)}, Q: q}
	if after.Type == "Task" {
		lq.PageAfter = after.ID
	}
	if projects != nil && len(projects.Records) > 0 {
		lq.Limit = max(limit-len(projects.Records), 1)
	}
	tasks, err := a.Engine.List(ctx, r.Scope(), "Task", lq, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	return a.treeAnswer(ctx, r, limit, projects, tasks)
}

func (a *HTTP) treeAnswer(ctx context.Context, r *api.Request, limit int, projects, tasks *entity.Page) api.Response {
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	out := []any{}
	count, more := tasks.Count, tasks.HasMoreNext
	if projects != nil {
		list, err := r.Encode(ctx, projects.Records, sel)
		if err != nil {
			return r.Fail(err)
		}
		out = append(out, list...)
		count += projects.Count
		more = more || projects.HasMoreNext
	}
	if room := limit - len(out); room > 0 {
		recs := tasks.Records
		if len(recs) > room {
			recs, more = recs[:room], true
		}
		list, err := r.Encode(ctx, recs, sel)
		if err != nil {
			return r.Fail(err)
		}
		out = append(out, list...)
	} else if tasks.Count > 0 {
		more = true
	}
	return api.Response{Status: http.StatusOK, Data: out, Pagination: &api.Pagination{Count: count, Limit: limit, HasMoreNext: more}}
}

// parentIs is "the parent link is p" over a type's table, or "no parent".
func (a *HTTP) parentIs(typeName string, p value.Link) entity.Condition {
	t := a.Engine.Cat.Type(typeName)
	col := t.Table + "." + t.Field("parent").Column
	if p.ID == 0 {
		return entity.Condition{SQL: col + "_i IS NULL"}
	}
	return entity.Condition{SQL: col + "_i = ? AND " + col + "_t = ?", Args: []any{p.ID, p.Type}}
}

// treeParent reads parent: a Project or Task link, or a TreeNode whose
// value is one; absent or null is the top of the tree.
func treeParent(r *api.Request) (value.Link, error) {
	raw, ok := r.Query("parent")
	if !ok || string(raw) == "null" {
		return value.Link{}, nil
	}
	var node struct {
		ContentType string          `json:"contentType"`
		Value       json.RawMessage `json:"value"`
	}
	if json.Unmarshal(raw, &node) == nil && node.ContentType == "TreeNode" {
		raw = node.Value
	}
	l, err := value.DecodeLink(raw, []string{"Project", "Task"})
	if err != nil {
		return value.Link{}, entity.Invalidf("parent", entity.CodeBadParam, "")
	}
	return l, nil
}

func treePaging(r *api.Request) (int, value.Link, error) {
	limit := entity.DefaultLimit
	if raw, ok := r.Query("limit"); ok {
		if json.Unmarshal(raw, &limit) != nil || limit < 1 {
			return 0, value.Link{}, entity.Invalidf("limit", entity.CodeBadParam, "")
		}
		limit = min(limit, entity.MaxLimit)
	}
	var after value.Link
	if raw, ok := r.Query("pageAfter"); ok && string(raw) != "null" {
		l, err := value.DecodeLink(raw, []string{"Project", "Task"})
		if err != nil {
			return 0, value.Link{}, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
		}
		after = l
	}
	return limit, after, nil
}
