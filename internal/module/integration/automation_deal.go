package integration

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/value"
)

// fromTemplate makes a task anew from a task template (as the deal
// triggers do), related to the subject, for the template's responsible
// or the action's or the rule's owner.
func (m *Module) fromTemplate(ctx context.Context, sys entity.Scope, r *Rule, subject *value.Link, a Action) (string, error) {
	id, _ := strconv.ParseInt(a.Template, 10, 64)
	made, err := task.Clone(ctx, m.e, sys, "Task", id, false, nil)
	if err != nil {
		return "", err
	}
	c := entity.NewChange(sys, made.Type, made)
	if subject != nil {
		c.Many["relations"] = []value.Link{*subject}
	}
	if a.Name != "" {
		c.Values["name"] = a.Name
	}
	if _, ok := made.Links["responsible"]; !ok {
		who := r.Owner
		if len(a.Responsible) > 0 {
			if who, err = value.DecodeLink(a.Responsible, []string{"Employee"}); err != nil {
				return "", err
			}
		}
		c.Links["responsible"] = &who
	}
	rec, err := m.e.Save(ctx, c)
	if err != nil {
		return "", err
	}
	return "Task " + strconv.FormatInt(rec.ID, 10), nil
}

// moveDeal moves the subject deal to a state of its process through the
// transition between them, with the transition's conditions checked as
// for a person's move; a refused move fails the run with the reasons.
func (m *Module) moveDeal(ctx context.Context, sys entity.Scope, subject *value.Link, state string) (string, error) {
	if subject == nil || subject.Type != "Deal" || m.Deals == nil {
		return "", errors.New("not a deal")
	}
	to, _ := strconv.ParseInt(state, 10, 64)
	res, err := m.Deals.MassChange(ctx, sys, to, []int64{subject.ID})
	if err != nil {
		return "", err
	}
	if len(res) != 1 || !res[0].Moved {
		var why []string
		for _, r := range res {
			for _, reason := range r.Reasons {
				why = append(why, reason.Text("ru"))
			}
		}
		return "", errors.New("the deal was not moved: " + strings.Join(why, "; "))
	}
	return "ProgramState " + state, nil
}
