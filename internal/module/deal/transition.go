package deal

import (
	"context"
	"slices"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Apply makes a transition on a deal for the scope, in one transaction:
// the deal's state, result and stateTimeUpdated change and a history row
// is written, or nothing changes. A deal the scope cannot see is
// entity.ErrNotFound, one it may not change entity.ErrForbidden; a
// transition the rules do not allow now is *Refused with its reasons.
func (m *Module) Apply(ctx context.Context, sc entity.Scope, deal, transition int64) (*entity.Record, error) {
	var out *entity.Record
	err := m.occasion(ctx, sc, deal, func(ctx context.Context) error {
		rec, proc, err := m.prepare(ctx, sc, deal)
		if err != nil {
			return err
		}
		var tr *Transition
		for i := range proc.Transitions {
			if proc.Transitions[i].ID == transition {
				tr = &proc.Transitions[i]
			}
		}
		if tr == nil {
			// Another program's transition, or none: 404 unless it exists.
			if _, err := m.e.Get(ctx, sc, "ProgramTransition", transition); err != nil {
				return err
			}
		}
		if tr == nil {
			return &Refused{[]Reason{{Code: CodeOtherProgram, Field: "program"}}}
		}
		if tr.From != rec.Links["state"].ID {
			return &Refused{[]Reason{{Code: CodeNotFromState, Field: "state", Args: []Word{Same(stateName(proc, tr.From))}}}}
		}
		reasons, err := m.check(ctx, sc, rec, proc, tr)
		if err != nil {
			return err
		}
		if len(reasons) > 0 {
			return &Refused{reasons}
		}
		out, err = m.move(ctx, sc, rec, proc, tr)
		return err
	})
	return out, err
}

// prepare reads and locks a deal the scope may change, and its process.
func (m *Module) prepare(ctx context.Context, sc entity.Scope, deal int64) (*entity.Record, *Process, error) {
	rec, err := m.lockedDeal(ctx, sc, deal)
	if err != nil {
		return nil, nil, err
	}
	if m.e.Policy != nil {
		if err := m.e.Policy.Allow(ctx, sc, entity.ActEdit, rec.Type, rec); err != nil {
			return nil, nil, err
		}
	}
	if _, ok := rec.Links["state"]; !ok {
		return nil, nil, invalid("state", entity.CodeRequired, "")
	}
	proc, err := LoadProcess(ctx, m.e, sc.Account, rec.Links["program"].ID)
	return rec, proc, err
}

// check lists why the scope may not make a transition on a deal now: who
// may make it, then each required field left empty. None: it may.
func (m *Module) check(ctx context.Context, sc entity.Scope, rec *entity.Record, proc *Process, tr *Transition) ([]Reason, error) {
	var out []Reason
	name := Same(transitionName(proc, tr))
	dealType := rec.Type
	r, err := m.roleReason(ctx, sc, rec, tr.Rule.Allowed, CodeRole, name)
	if err != nil {
		return nil, err
	}
	if r != nil {
		out = append(out, *r)
	}
	ok, err := m.judge(ctx, sc, rec, tr.cond, nil)
	if err != nil {
		return nil, err
	}
	if !ok {
		out = append(out, Reason{Code: CodeCondition, Field: "state", Args: []Word{name}})
	}
	rows := -1
	for _, f := range tr.Rule.RequiredFields {
		if f == positions && rows < 0 {
			n, err := m.rowCount(ctx, sc.Account, rec.ID)
			if err != nil {
				return nil, err
			}
			rows = n
		}
		if !filled(rec, f, rows) {
			l := dealType.Field(f).Label
			out = append(out, Reason{Code: CodeRequired, Field: f, Args: []Word{name, {l.Ru, l.En}}})
		}
	}
	return out, nil
}

// roleReason is the refusal of a caller who holds none of the allowed
// roles on the deal (nil: allowed; administrators always are).
func (m *Module) roleReason(ctx context.Context, sc entity.Scope, rec *entity.Record, allowed []string, code string, name Word) (*Reason, error) {
	if len(allowed) == 0 || sc.Admin || sc.System {
		return nil, nil
	}
	var auditors []value.Link
	if slices.Contains(allowed, "auditors") {
		var err error
		if auditors, err = m.auditors(ctx, sc.Account, rec.ID); err != nil {
			return nil, err
		}
	}
	for _, role := range allowed {
		if holds(sc, rec, role, auditors) {
			return nil, nil
		}
	}
	var ru, en []string
	for _, role := range allowed {
		l := rec.Type.Field(role).Label
		ru, en = append(ru, strings.ToLower(l.Ru)), append(en, strings.ToLower(l.En))
	}
	return &Reason{Code: code, Field: "state", Args: []Word{name, {strings.Join(ru, ", "), strings.Join(en, ", ")}}}, nil
}

// move writes the new state and its history row, and runs the auto
// triggers of the state entered, all in ctx's transaction.
func (m *Module) move(ctx context.Context, sc entity.Scope, rec *entity.Record, proc *Process, tr *Transition) (*entity.Record, error) {
	to := proc.State(tr.To)
	c := entity.NewChange(sc, rec.Type, rec)
	c.Links["state"] = &value.Link{Type: "ProgramState", ID: to.ID}
	c.Values["result"], c.Values["stateTimeUpdated"] = to.Type, m.e.Now().UnixMilli()
	if _, err := m.e.Save(asMachine(ctx), c); err != nil {
		return nil, err
	}
	if err := m.record(ctx, sc, rec.ID, tr.From, tr.To); err != nil {
		return nil, err
	}
	if err := m.runAuto(ctx, sc, rec.ID, proc, to.ID); err != nil {
		return nil, err
	}
	// Re-read: the state's triggers may have changed the deal again.
	return m.e.Get(ctx, sc, "Deal", rec.ID)
}

// transitionName is what a refusal calls a transition: its name, or the
// state it leads to.
func transitionName(proc *Process, tr *Transition) string {
	if tr.Name != "" {
		return tr.Name
	}
	return stateName(proc, tr.To)
}

func stateName(proc *Process, id int64) string {
	if s := proc.State(id); s != nil {
		return s.Name
	}
	return "—"
}
