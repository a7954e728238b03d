package deal

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// State is one stage of a program (ProgramState): its result type
// (active, positive, negative), colour and whether deals may enter the
// program there.
type State struct {
	ID      int64
	Name    string
	Type    string
	Color   string
	IsEntry bool
	Program int64
}

// Transition is one allowed move between two states of a program, with
// the conditions of its rule.
type Transition struct {
	ID       int64
	Name     string
	From, To int64
	Rule     Rule
	cond     node // Rule.Condition compiled; nil: none
}

// Process is a program's states, in their order, its transitions and
// its triggers.
type Process struct {
	Program     int64
	States      []State
	Transitions []Transition
	Triggers    []Trigger
}

// State finds a state of the process by id.
func (p *Process) State(id int64) *State {
	for i := range p.States {
		if p.States[i].ID == id {
			return &p.States[i]
		}
	}
	return nil
}

// Entry is the state a new deal enters: the first entry state in order.
func (p *Process) Entry() *State {
	for i := range p.States {
		if p.States[i].IsEntry {
			return &p.States[i]
		}
	}
	return nil
}

// From lists the transitions out of a state, in the order they were made.
func (p *Process) From(state int64) []Transition {
	var out []Transition
	for _, t := range p.Transitions {
		if t.From == state {
			out = append(out, t)
		}
	}
	return out
}

// Between is the transition from one state to another, nil when the
// process has none.
func (p *Process) Between(from, to int64) *Transition {
	for i, t := range p.Transitions {
		if t.From == from && t.To == to {
			return &p.Transitions[i]
		}
	}
	return nil
}

// LoadProcess reads a program's states, transitions and triggers. States
// are in their orderPosition (a new state goes last), then in the order
// they were made. Reads go straight to the tables: the rules need every
// state whoever asks.
func LoadProcess(ctx context.Context, e *entity.Engine, account, program int64) (*Process, error) {
	p := &Process{Program: program}
	q := e.DB.Q(ctx)
	rows, err := q.QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT id, c_name, c_type, c_color, c_isentry
		FROM e_programstate WHERE account_id = ? AND c_program_t = 'Program' AND c_program_i = ? ORDER BY COALESCE(c_orderposition, 0), id`), account, program)
	if err != nil {
		return nil, fmt.Errorf("deal: states of program %d: %w", program, err)
	}
	defer rows.Close()
	for rows.Next() {
		var s State
		var name, typ, color sql.NullString
		var entry sql.NullInt64
		if err := rows.Scan(&s.ID, &name, &typ, &color, &entry); err != nil {
			return nil, fmt.Errorf("deal: states: %w", err)
		}
		s.Name, s.Type, s.Color, s.IsEntry, s.Program = name.String, orActive(typ.String), color.String, entry.Int64 != 0, program
		p.States = append(p.States, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("deal: states: %w", err)
	}
	if len(p.States) == 0 {
		return p, nil
	}
	if err := loadTriggers(ctx, e, account, p); err != nil {
		return nil, err
	}
	ids := make([]string, len(p.States))
	args := []any{account}
	for i, s := range p.States {
		ids[i] = "?"
		args = append(args, s.ID)
	}
	trows, err := q.QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT id, c_name, c_from_i, c_to_i, c_rule
		FROM e_programtransition WHERE account_id = ? AND c_from_t = 'ProgramState' AND c_to_t = 'ProgramState'
		AND c_from_i IN (`+strings.Join(ids, ",")+`) ORDER BY id`), args...)
	if err != nil {
		return nil, fmt.Errorf("deal: transitions of program %d: %w", program, err)
	}
	defer trows.Close()
	for trows.Next() {
		var t Transition
		var name, rule sql.NullString
		if err := trows.Scan(&t.ID, &name, &t.From, &t.To, &rule); err != nil {
			return nil, fmt.Errorf("deal: transitions: %w", err)
		}
		t.Name = name.String
		// A rule is checked when saved (hook.go); one that no longer parses
		// restricts nothing rather than locking deals in a state.
		t.Rule, _ = ParseRule(rule.String)
		if p.State(t.To) != nil {
			p.Transitions = append(p.Transitions, t)
		}
	}
	if err := trows.Err(); err != nil {
		return nil, fmt.Errorf("deal: transitions: %w", err)
	}
	return p, compileSaved(ctx, e, account, p)
}

func orActive(t string) string {
	if t == "" {
		return Active
	}
	return t
}

// Results of a deal, the types of states.
const (
	Active   = "active"
	Positive = "positive"
	Negative = "negative"
)
