package deal

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
)

// never is a saved condition that no longer compiles (a state or an
// extra field it named was deleted): a trigger it guards does not run.
type never struct{}

func (never) holds(*condEnv) (bool, error) { return false, nil }

// compileSaved compiles the process's saved conditions: the triggers'
// rules and the transitions' conditions. It reads the extra fields only
// when some condition is there.
func compileSaved(ctx context.Context, e *entity.Engine, account int64, p *Process) error {
	var cs, events *condScope
	scope := func(ev bool) (*condScope, error) {
		var err error
		if cs == nil {
			if cs, err = newCondScope(ctx, e, account, p, false); err != nil {
				return nil, err
			}
			c := *cs
			c.events = true
			events = &c
		}
		if ev {
			return events, nil
		}
		return cs, nil
	}
	for i := range p.Triggers {
		t := &p.Triggers[i]
		if t.RuleJSON == "" {
			continue
		}
		s, err := scope(t.Type == TriggerSystem)
		if err != nil {
			return err
		}
		if t.Rule, err = s.compile(json.RawMessage(t.RuleJSON)); err != nil {
			t.Rule = never{}
		}
	}
	for i := range p.Transitions {
		tr := &p.Transitions[i]
		if len(tr.Rule.Condition) == 0 {
			continue
		}
		s, err := scope(false)
		if err != nil {
			return err
		}
		// A transition's condition that no longer compiles restricts
		// nothing, as a rule that no longer parses: deals are not locked
		// in a state by a deleted field.
		tr.cond, _ = s.compile(tr.Rule.Condition)
	}
	return nil
}
