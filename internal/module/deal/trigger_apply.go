package deal

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// TriggerOption is a button trigger of a deal's state as the reader sees
// it: enabled exactly when ApplyTrigger would run it.
type TriggerOption struct {
	*Trigger
	Reasons []Reason
}

// ApplyTrigger runs a button trigger on a deal for the scope, in one
// transaction with the deal's row locked; a trigger the rules do not let
// the scope run now is *Refused and changes nothing.
func (m *Module) ApplyTrigger(ctx context.Context, sc entity.Scope, deal, trigger int64) (*entity.Record, error) {
	var out *entity.Record
	err := m.occasion(ctx, sc, deal, func(ctx context.Context) error {
		rec, proc, err := m.prepare(ctx, sc, deal)
		if err != nil {
			return err
		}
		tr := proc.Trigger(trigger)
		if tr == nil {
			if _, err := m.e.Get(ctx, sc, "ProgramTrigger", trigger); err != nil {
				return err
			}
			return &Refused{[]Reason{{Code: CodeTriggerOther, Field: "program"}}}
		}
		reasons, err := m.checkTrigger(ctx, sc, rec, proc, tr)
		if err != nil {
			return err
		}
		if len(reasons) > 0 {
			return &Refused{reasons}
		}
		if err := m.run(ctx, sc, rec.ID, tr); err != nil {
			return err
		}
		out, err = m.e.Get(ctx, sc, "Deal", rec.ID)
		return err
	})
	return out, err
}

// checkTrigger lists why the scope may not run a trigger on a deal now.
func (m *Module) checkTrigger(ctx context.Context, sc entity.Scope, rec *entity.Record, proc *Process, tr *Trigger) ([]Reason, error) {
	name := Same(tr.Name)
	if tr.Type != TriggerButton {
		return []Reason{{Code: CodeTriggerManual, Field: "type", Args: []Word{name}}}, nil
	}
	state := rec.Links["state"].ID
	if !tr.In(state) {
		return []Reason{{Code: CodeTriggerState, Field: "state", Args: []Word{name, Same(stateName(proc, state))}}}, nil
	}
	var out []Reason
	r, err := m.roleReason(ctx, sc, rec, tr.Params.Allowed, CodeTriggerRole, name)
	if err != nil {
		return nil, err
	}
	if r != nil {
		out = append(out, *r)
	}
	ok, err := m.judge(ctx, sc, rec, tr.Rule, nil)
	if err != nil {
		return nil, err
	}
	if !ok {
		out = append(out, Reason{Code: CodeTriggerCond, Field: "rule", Args: []Word{name}})
	}
	return out, nil
}

// PossibleTriggers lists the button triggers of a deal's current state,
// in their order, each with the reasons it is refused to the scope.
func (m *Module) PossibleTriggers(ctx context.Context, sc entity.Scope, rec *entity.Record, proc *Process) ([]TriggerOption, error) {
	st, ok := rec.Links["state"]
	if !ok {
		return nil, nil
	}
	var denied []Reason
	if m.e.Policy != nil && m.e.Policy.Allow(ctx, sc, entity.ActEdit, rec.Type, rec) != nil {
		denied = []Reason{{Code: CodeNoRights, Field: "state"}}
	}
	var out []TriggerOption
	for i := range proc.Triggers {
		tr := &proc.Triggers[i]
		if tr.Type != TriggerButton || !tr.In(st.ID) {
			continue
		}
		reasons := denied
		if reasons == nil {
			var err error
			if reasons, err = m.checkTrigger(ctx, sc, rec, proc, tr); err != nil {
				return nil, err
			}
		}
		out = append(out, TriggerOption{tr, reasons})
	}
	return out, nil
}

// EncodeTrigger is a ProgramTrigger in its API form, with enabled and
// reasons in lang when given as an option.
func EncodeTrigger(program int64, t *Trigger, reasons []Reason, lang string) map[string]any {
	texts := make([]string, len(reasons))
	for i, r := range reasons {
		texts[i] = r.Text(lang)
	}
	return map[string]any{"contentType": "ProgramTrigger", "id": idString(t.ID), "name": t.Name,
		"type": t.Type, "orderPosition": t.Order,
		"program": value.EncodeLink(value.Link{Type: "Program", ID: program}),
		"params":  paramsString(t.Params), "rule": ruleValue(t.RuleJSON),
		"enabled": len(reasons) == 0, "reasons": texts,
		"operationsCount": len(t.Params.Actions)}
}

// ruleValue is a stored rule as the API gives it: the object, or null.
func ruleValue(s string) any {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
}
