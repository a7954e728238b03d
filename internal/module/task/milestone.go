package task

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
)

// Milestones and bonuses are plain entities linked to tasks and projects;
// the rules only name who made them: the milestone's owner and the
// bonus's giver are whoever creates them.
func registerParts(e *entity.Engine) {
	e.Hook("Milestone", entity.Hooks{BeforeSave: authorAs("owner")})
	e.Hook("Bonus", entity.Hooks{BeforeSave: authorAs("from")})
}

func authorAs(field string) func(ctx context.Context, c *entity.Change) error {
	return func(_ context.Context, c *entity.Change) error {
		switch {
		case c.New && !c.Scope.System && c.Scope.Actor.Type == "Employee":
			a := c.Scope.Actor
			c.Links[field] = &a
		case !c.New && !c.Scope.System:
			delete(c.Links, field)
		}
		return nil
	}
}

// GiveBonus serves POST /task/{id}/bonus: a bonus or fine on the task,
// given by whoever may change the task (its owner or responsible).
func GiveBonus(ctx context.Context, e *entity.Engine, sc entity.Scope, taskID int64, body json.RawMessage) (*entity.Record, error) {
	var bonus *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		t, err := e.Get(ctx, sc, "Task", taskID)
		if err != nil {
			return err
		}
		if e.Policy != nil && !sc.System {
			if err := e.Policy.Allow(ctx, sc, entity.ActEdit, t.Type, t); err != nil {
				return err
			}
		}
		in := entity.Input{}
		if json.Unmarshal(body, &in) != nil {
			return entity.Invalidf("value", entity.CodeRequired, "")
		}
		if bonus, err = e.Create(ctx, sc, "Bonus", in); err != nil {
			return err
		}
		link, _ := json.Marshal(map[string]any{"contentType": "Bonus", "id": bonus.ID})
		_, _, err = e.AddItem(ctx, sc, "Task", taskID, "bonuses", link)
		return err
	})
	return bonus, err
}
