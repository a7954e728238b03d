package deal

import (
	"context"
	"errors"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// Result is one deal's outcome in a mass change or a mass trigger
// (MassActionResult); Moved is true when the deal moved or the trigger ran.
type Result struct {
	Deal    int64
	Moved   bool
	Reasons []Reason
	Missing bool // the deal does not exist or the scope cannot see it
	Denied  bool // the scope may not change the deal
}

// MassChange moves each deal to a state where a transition from its
// current state leads there and the rules allow it, each deal in its own
// transaction, and reports every deal: the others stay as they were. A
// deal already in the state counts as moved.
func (m *Module) MassChange(ctx context.Context, sc entity.Scope, state int64, deals []int64) ([]Result, error) {
	out := make([]Result, 0, len(deals))
	for _, id := range deals {
		res := Result{Deal: id}
		err := m.occasion(ctx, sc, id, func(ctx context.Context) error {
			rec, proc, err := m.prepare(ctx, sc, id)
			if err != nil {
				return err
			}
			cur := rec.Links["state"].ID
			if cur == state {
				res.Moved = true
				return nil
			}
			tr := proc.Between(cur, state)
			if tr == nil {
				res.Reasons = []Reason{{Code: CodeNoTransition, Field: "state", Args: []Word{Same(stateName(proc, cur)), Same(stateName(proc, state))}}}
				return nil
			}
			if res.Reasons, err = m.check(ctx, sc, rec, proc, tr); err != nil || len(res.Reasons) > 0 {
				return err
			}
			_, err = m.move(ctx, sc, rec, proc, tr)
			res.Moved = err == nil
			return err
		})
		if err := res.take(err); err != nil {
			return nil, err
		}
		out = append(out, res)
	}
	return out, nil
}

// MassTrigger runs a button trigger on each deal where the rules allow
// it, each deal in its own transaction, and reports every deal
// (MassActionApplyTrigger).
func (m *Module) MassTrigger(ctx context.Context, sc entity.Scope, trigger int64, deals []int64) ([]Result, error) {
	out := make([]Result, 0, len(deals))
	for _, id := range deals {
		res := Result{Deal: id}
		_, err := m.ApplyTrigger(ctx, sc, id, trigger)
		if ref, ok := AsRefused(err); ok {
			res.Reasons, err = ref.Reasons, nil
		} else if err == nil {
			res.Moved = true
		}
		if err := res.take(err); err != nil {
			return nil, err
		}
		out = append(out, res)
	}
	return out, nil
}

// take files a deal's error into its result; what is no refusal of this
// deal (the database failing) is answered.
func (res *Result) take(err error) error {
	var inv *entity.Invalid
	switch {
	case errors.Is(err, entity.ErrNotFound):
		res.Missing = true
	case errors.Is(err, entity.ErrForbidden):
		res.Denied = true
	case errors.As(err, &inv):
		// A deal the save itself refuses (a hook of another module, a
		// trigger's field) is reported like any refusal, by its fields.
		for _, fe := range inv.Errors {
			res.Reasons = append(res.Reasons, Reason{Code: fe.Code, Field: fe.Field})
		}
	case err != nil:
		return err
	}
	return nil
}

// Message words a result's refusal in lang ("" when it moved).
func (r Result) Message(lang string, say func(code string) string) string {
	switch {
	case r.Moved:
		return ""
	case r.Missing:
		return say("not_found")
	case r.Denied:
		return say("access_denied")
	}
	parts := make([]string, len(r.Reasons))
	for i, reason := range r.Reasons {
		if _, ours := Wording[reason.Code]; ours {
			parts[i] = reason.Text(lang)
		} else {
			parts[i] = say(reason.Code)
		}
	}
	return strings.Join(parts, "; ")
}
