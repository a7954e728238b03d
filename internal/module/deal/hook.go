package deal

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// maintained are the deal fields these rules keep; a client's value is
// ignored (clients send back what they read), as the engine ignores other
// server-kept fields.
var maintained = []string{"number", "stateTimeUpdated", "result"}

// beforeDeal places a new deal in its program's entry state and numbers
// it; it refuses a plain update that moves a deal (transitions do that)
// or changes its program, and keeps a priced deal's price.
func (m *Module) beforeDeal(ctx context.Context, c *entity.Change) error {
	internal := c.Scope.System || isMachine(ctx)
	if !internal {
		for _, f := range maintained {
			delete(c.Values, f)
		}
	}
	if !c.New {
		return m.keepOnUpdate(ctx, c)
	}
	prog := c.Links["program"]
	if prog == nil {
		return nil // the engine answers the required program
	}
	proc, err := LoadProcess(ctx, m.e, c.Scope.Account, prog.ID)
	if err != nil {
		return err
	}
	st := proc.Entry()
	if given := c.Links["state"]; given != nil {
		if st = proc.State(given.ID); st == nil {
			return invalid("state", CodeNotInProgram, "")
		}
		// Imports and the demo place deals anywhere; people start them
		// where the process lets deals in.
		if !internal && !st.IsEntry {
			return invalid("state", CodeNotEntry, "")
		}
	}
	if st == nil {
		return invalid("program", CodeNoEntry, "")
	}
	c.Links["state"] = &value.Link{Type: "ProgramState", ID: st.ID}
	c.Values["result"], c.Values["stateTimeUpdated"] = st.Type, m.e.Now().UnixMilli()
	if _, given := c.Values["number"]; !given || c.Values["number"] == nil {
		n, err := m.e.NextNumber(ctx, c.Scope, "Deal.number")
		if err != nil {
			return err
		}
		c.Values["number"] = strconv.FormatInt(n, 10)
	}
	return nil
}

// keepOnUpdate holds what only the rules change on an existing deal.
func (m *Module) keepOnUpdate(ctx context.Context, c *entity.Change) error {
	if isMachine(ctx) {
		return nil
	}
	for _, f := range []string{"state", "program"} {
		l, given := c.Links[f]
		if !given {
			continue
		}
		if old, ok := c.Old.Links[f]; ok && l != nil && *l == old {
			delete(c.Links, f)
			continue
		}
		if !c.Scope.System || f == "program" {
			return invalid(f, entity.CodeReadOnly, "")
		}
	}
	if _, given := c.Values["price"]; given {
		n, err := m.rowCount(ctx, c.Scope.Account, c.ID)
		if err != nil {
			return err
		}
		if n > 0 {
			delete(c.Values, "price") // the positions decide it
		}
	}
	return m.checkStateEdit(ctx, c)
}

// afterDeal records a new deal's first state in its status history and
// runs the system triggers on what the save did (system.go).
func (m *Module) afterDeal(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if st, ok := rec.Links["state"]; ok && c.New {
		if err := m.record(ctx, c.Scope, rec.ID, 0, st.ID); err != nil {
			return err
		}
	}
	return m.runSystem(ctx, c, rec)
}

// beforeState keeps a state's type one of the three results and puts a
// new state last in its program.
func (m *Module) beforeState(ctx context.Context, c *entity.Change) error {
	if err := m.checkStateRights(c); err != nil {
		return err
	}
	if t, given := c.Values["type"]; given && t == nil {
		c.Values["type"] = Active
	}
	if c.New {
		if _, given := c.Values["type"]; !given {
			c.Values["type"] = Active
		}
		if pos, given := c.Values["orderPosition"]; (!given || pos == nil) && c.Links["program"] != nil {
			// A new state goes after the program's last one.
			var last int64
			if err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COALESCE(MAX(c_orderposition), 0)
				FROM e_programstate WHERE account_id = ? AND c_program_t = 'Program' AND c_program_i = ?`),
				c.Scope.Account, c.Links["program"].ID).Scan(&last); err != nil {
				return fmt.Errorf("deal: state position: %w", err)
			}
			c.Values["orderPosition"] = last + 1
		}
	}
	return nil
}

// beforeTransition checks a transition's rule and that it joins two
// states of one program.
func (m *Module) beforeTransition(ctx context.Context, c *entity.Change) error {
	var rule Rule
	if raw, given := c.Values["rule"]; given && raw != nil {
		var err error
		if rule, err = ParseRule(raw.(string)); err != nil {
			return invalid("rule", CodeBadRule, "JSON")
		}
		if bad := rule.check(m.e.Cat.Type("Deal")); bad != "" {
			return invalid("rule", CodeBadRule, bad)
		}
	}
	end := func(f string) *value.Link {
		if l, given := c.Links[f]; given {
			return l
		}
		if c.Old == nil {
			return nil
		}
		if l, ok := c.Old.Links[f]; ok {
			return &l
		}
		return nil
	}
	from, to := end("from"), end("to")
	for f, l := range map[string]*value.Link{"from": from, "to": to} {
		if l == nil {
			return invalid(f, entity.CodeRequired, "")
		}
	}
	sc := entity.Scope{Account: c.Scope.Account, System: true}
	a, err := m.e.Get(ctx, sc, "ProgramState", from.ID)
	if err != nil {
		return invalid("from", entity.CodeLinkNotFound, "ProgramState")
	}
	b, err := m.e.Get(ctx, sc, "ProgramState", to.ID)
	if err != nil {
		return invalid("to", entity.CodeLinkNotFound, "ProgramState")
	}
	if a.Links["program"] != b.Links["program"] {
		return invalid("to", CodeProgramsDiffer, "")
	}
	if len(rule.Condition) > 0 {
		proc, err := LoadProcess(ctx, m.e, c.Scope.Account, a.Links["program"].ID)
		if err != nil {
			return err
		}
		cs, err := m.newCondScope(ctx, c.Scope.Account, proc, false)
		if err != nil {
			return err
		}
		if _, err := cs.compile(rule.Condition); err != nil {
			return condError("rule", err)
		}
	}
	return nil
}

// afterTransition lists a new transition in its program's transitions,
// so the program shows what its states allow however the transition was
// made.
func (m *Module) afterTransition(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	from, ok := rec.Links["from"]
	if !c.New || !ok {
		return nil
	}
	sc := entity.Scope{Account: c.Scope.Account, Actor: c.Scope.Actor, System: true}
	st, err := m.e.Get(ctx, sc, "ProgramState", from.ID)
	if err != nil {
		return err
	}
	prog, ok := st.Links["program"]
	if !ok {
		return nil
	}
	self, _ := json.Marshal(value.EncodeLink(rec.Link()))
	_, _, err = m.e.AddItem(ctx, sc, "Program", prog.ID, "transitions", self)
	return err
}
