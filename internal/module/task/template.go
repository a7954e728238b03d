package task

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// maxClone bounds one clone: a template with more subtasks than this is
// refused rather than half-copied.
const maxClone = 500

// CodeTooLarge is the 422 of a clone past maxClone entities.
const CodeTooLarge = "clone_too_large"

// Clone copies a task or project with its whole subtree (POST
// /task/{id}/clone, /project/{id}/clone). From a template it makes real
// work that remembers its originalTemplate; with asTemplate it makes a
// template from real work. The caller becomes the owner; statuses start
// afresh by the status table; parent is kept for the top entity unless
// given.
func Clone(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, asTemplate bool, parent *value.Link) (*entity.Record, error) {
	var made *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		src, err := e.Get(ctx, sc, kind, id)
		if err != nil {
			return err
		}
		budget := maxClone
		made, err = cloneTree(ctx, e, sc, src, asTemplate, parent, true, &budget)
		return err
	})
	return made, err
}

func cloneTree(ctx context.Context, e *entity.Engine, sc entity.Scope, src *entity.Record, asTemplate bool, parent *value.Link, top bool, budget *int) (*entity.Record, error) {
	if *budget--; *budget < 0 {
		return nil, entity.Invalidf("subTasks", CodeTooLarge, fmt.Sprint(maxClone))
	}
	sys := entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true}
	if err := e.Expand(ctx, sys, []*entity.Record{src}, entity.Selection{Full: true}); err != nil {
		return nil, err
	}
	c, err := copyFields(src, src.Type, sc)
	if err != nil {
		return nil, err
	}
	for _, f := range src.Type.Fields {
		if !f.Writable() {
			delete(c.Values, f.Name)
			delete(c.Links, f.Name)
			delete(c.Many, f.Name)
		}
	}
	for _, name := range append([]string{"status"}, maintained...) {
		delete(c.Values, name)
	}
	c.Values["isTemplate"] = boolValue(asTemplate)
	if !asTemplate {
		// Who may use a template is no concern of the work made from it.
		delete(c.Many, "templateUsers")
		delete(c.Many, "templateViewers")
	}
	delete(c.Links, "originalTemplate")
	if isTemplate, _ := src.Values["isTemplate"].(int64); isTemplate == 1 && !asTemplate {
		l := src.Link()
		c.Links["originalTemplate"] = &l
	}
	if sc.Actor.ID != 0 {
		owner := sc.Actor
		c.Links["owner"] = &owner
	}
	if parent != nil || !top {
		c.Links["parent"] = parent
	}
	if !asTemplate {
		if err := resolveDeadline(ctx, e, c, e.Now()); err != nil {
			return nil, err
		}
	}
	made, err := e.Save(ctx, c)
	if err != nil {
		return nil, err
	}
	here := made.Link()
	for _, child := range []struct{ typ, field string }{{"Project", "parent"}, {"Task", "parent"}} {
		if src.Type.Name == "Task" && child.typ == "Project" {
			continue // projects never sit under tasks
		}
		t := e.Cat.Type(child.typ)
		col := t.Field(child.field).Column
		ids, err := idsWhere(ctx, e, fmt.Sprintf("SELECT id FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ? ORDER BY id", t.Table, col, col),
			sc.Account, src.Type.Name, src.ID)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			sub, err := e.Get(ctx, sys, child.typ, id)
			if err != nil {
				return nil, err
			}
			if _, err := cloneTree(ctx, e, sc, sub, asTemplate, &here, false, budget); err != nil {
				return nil, err
			}
		}
	}
	return made, nil
}

func boolValue(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
