package deal

import (
	"context"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Option is a transition out of a deal's state as the reader sees it:
// enabled exactly when Apply would make it, else the reasons it would
// give.
type Option struct {
	Transition
	Reasons []Reason
}

// Possible lists the transitions out of a deal's current state for the
// scope, each with the reasons it is refused (none: it is allowed).
func (m *Module) Possible(ctx context.Context, sc entity.Scope, rec *entity.Record, proc *Process) ([]Option, error) {
	st, ok := rec.Links["state"]
	if !ok {
		return nil, nil
	}
	var denied []Reason
	if m.e.Policy != nil && m.e.Policy.Allow(ctx, sc, entity.ActEdit, rec.Type, rec) != nil {
		denied = []Reason{{Code: CodeNoRights, Field: "state"}}
	}
	var out []Option
	for _, tr := range proc.From(st.ID) {
		reasons := denied
		if reasons == nil {
			var err error
			if reasons, err = m.check(ctx, sc, rec, proc, &tr); err != nil {
				return nil, err
			}
		}
		out = append(out, Option{tr, reasons})
	}
	return out, nil
}

// fillPossible is the possibleTransitions and possibleTriggers of a read,
// as ProgramTransition and ProgramTrigger values with enabled and reasons
// worded in the reader's language.
func (m *Module) fillPossible(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	if sc.System {
		return nil
	}
	lang := sc.Lang
	if lang == "" {
		lang = "ru"
	}
	procs := map[int64]*Process{}
	for _, rec := range recs {
		prog, ok := rec.Links["program"]
		if !ok {
			continue
		}
		proc := procs[prog.ID]
		if proc == nil {
			var err error
			if proc, err = LoadProcess(ctx, m.e, sc.Account, prog.ID); err != nil {
				return err
			}
			procs[prog.ID] = proc
		}
		if want["possibleTriggers"] || want["possibleTriggersCount"] {
			tops, err := m.PossibleTriggers(ctx, sc, rec, proc)
			if err != nil {
				return err
			}
			items := make([]any, len(tops))
			for i, o := range tops {
				items[i] = EncodeTrigger(proc.Program, o.Trigger, o.Reasons, lang)
			}
			rec.SetComputed("possibleTriggers", items)
			rec.SetComputed("possibleTriggersCount", len(items))
		}
		if !want["possibleTransitions"] && !want["possibleTransitionsCount"] {
			continue
		}
		opts, err := m.Possible(ctx, sc, rec, proc)
		if err != nil {
			return err
		}
		items := make([]any, len(opts))
		for i, o := range opts {
			items[i] = encodeOption(o, lang)
		}
		if want["possibleTransitions"] {
			rec.SetComputed("possibleTransitions", items)
		}
		if want["possibleTransitionsCount"] {
			rec.SetComputed("possibleTransitionsCount", len(items))
		}
	}
	return nil
}

// encodeOption is a ProgramTransition in its API form.
func encodeOption(o Option, lang string) map[string]any {
	reasons := make([]string, len(o.Reasons))
	for i, r := range o.Reasons {
		reasons[i] = r.Text(lang)
	}
	return map[string]any{
		"contentType": "ProgramTransition", "id": idString(o.ID), "name": o.Name,
		"from":    value.EncodeLink(value.Link{Type: "ProgramState", ID: o.From}),
		"to":      value.EncodeLink(value.Link{Type: "ProgramState", ID: o.To}),
		"enabled": len(o.Reasons) == 0, "reasons": reasons,
	}
}
