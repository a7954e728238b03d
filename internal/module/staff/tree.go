package staff

import (
	"context"
	"errors"

	"github.com/artel/artel/internal/entity"
)

// CodeCycle refuses a department moved under itself or under one of its
// own sub-departments (422 on parent): the org chart is a tree.
const CodeCycle = "department_cycle"

// Register installs the staff rules on the engine: the department tree
// stays a tree; absences have a known type and end after they begin.
func Register(e *entity.Engine) {
	registerFilters(e)
	registerNearest(e)
	e.Hook("Vacation", entity.Hooks{BeforeSave: absenceRules})
	e.Hook("Department", entity.Hooks{BeforeSave: func(ctx context.Context, c *entity.Change) error {
		return noCycle(ctx, e, c)
	}})
}

// maxDepth bounds the walk up the tree; a deeper chain than this is a
// damaged tree, not a real company.
const maxDepth = 1000

// noCycle walks up from the new parent; meeting the department itself
// means the move would close a loop.
func noCycle(ctx context.Context, e *entity.Engine, c *entity.Change) error {
	p, given := c.Links["parent"]
	if !given || p == nil || c.New {
		return nil
	}
	sc := entity.Scope{Account: c.Scope.Account, System: true}
	cur := *p
	for i := 0; i < maxDepth; i++ {
		if cur.ID == c.ID {
			return entity.Invalidf("parent", CodeCycle, "")
		}
		rec, err := e.Get(ctx, sc, "Department", cur.ID)
		if errors.Is(err, entity.ErrNotFound) {
			return nil // the engine refuses a missing link itself
		}
		if err != nil {
			return err
		}
		up, ok := rec.Links["parent"]
		if !ok || up.ID == 0 {
			return nil
		}
		cur = up
	}
	return entity.Invalidf("parent", CodeCycle, "")
}
