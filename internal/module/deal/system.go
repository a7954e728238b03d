package deal

import (
	"context"
	"reflect"

	"github.com/artel/artel/internal/entity"
)

// systemKey marks the saves a system trigger makes, which wake no system
// trigger again (a setField would otherwise loop).
type systemKey struct{}

// runSystem runs, in order, the system triggers of a deal's program on
// what a save just did to the deal: created it (InstanceCreatedRule),
// moved it (ProgramStateChangedRule), changed a field
// (FieldValueChangedRule); a system trigger runs when its rule holds on
// that event and the deal as saved. It runs in the save's transaction: an
// action that fails fails the save. Its runs are logged as one set.
func (m *Module) runSystem(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if ctx.Value(systemKey{}) != nil {
		return nil
	}
	prog, ok := rec.Links["program"]
	st, inState := rec.Links["state"]
	if !ok || !inState {
		return nil
	}
	// Most programs have none: one indexed look keeps saves cheap.
	var n int
	if err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM e_programtrigger
		WHERE account_id = ? AND c_program_t = 'Program' AND c_program_i = ? AND c_type = 'system'`),
		c.Scope.Account, prog.ID).Scan(&n); err != nil || n == 0 {
		return err
	}
	proc, err := LoadProcess(ctx, m.e, c.Scope.Account, prog.ID)
	if err != nil {
		return err
	}
	var todo []*Trigger
	for i := range proc.Triggers {
		if tr := &proc.Triggers[i]; tr.Type == TriggerSystem && tr.In(st.ID) {
			todo = append(todo, tr)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	ev := event(c, rec)
	set := currentSet(ctx)
	own := set == nil
	if own {
		set = &logSet{deal: rec.ID, user: c.Scope.Actor}
	}
	sctx := context.WithValue(context.WithValue(ctx, setKey{}, set), systemKey{}, true)
	for _, tr := range todo {
		ok, err := m.judge(ctx, c.Scope, rec, tr.Rule, ev)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if err := m.run(sctx, c.Scope, rec.ID, tr); err != nil {
			return err
		}
	}
	if own {
		return m.writeSet(ctx, c.Scope.Account, set, LogSuccess, "")
	}
	return nil
}

// event is what a save did to a deal: the fields whose value it changed.
func event(c *entity.Change, rec *entity.Record) *dealEvent {
	ev := &dealEvent{created: c.New, changed: map[string]bool{}}
	for k, v := range c.Values {
		if c.Old == nil || !reflect.DeepEqual(c.Old.Values[k], v) {
			ev.changed[k] = true
		}
	}
	for k, l := range c.Links {
		if c.Old == nil {
			ev.changed[k] = true
			continue
		}
		old, had := c.Old.Links[k]
		if (l == nil) == had || (l != nil && old != *l) {
			ev.changed[k] = true
		}
	}
	for k, v := range c.Extra {
		if c.Old == nil || !reflect.DeepEqual(c.Old.Extra[k], v) {
			ev.changed[k] = true
		}
	}
	ev.stateChanged = !c.New && ev.changed["state"]
	return ev
}
