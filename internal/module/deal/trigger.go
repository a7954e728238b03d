package deal

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// Trigger types: auto runs when a deal enters one of its states, button
// when someone applies it to a deal by hand, schedule by the periodic job
// on the deals in its states (schedule.go), system on a deal's events
// (system.go). Each runs only where its rule holds.
const (
	TriggerAuto     = "auto"
	TriggerButton   = "button"
	TriggerSchedule = "schedule"
	TriggerSystem   = "system"
)

var triggerTypes = []string{TriggerAuto, TriggerButton, TriggerSchedule, TriggerSystem}

// Action types of a trigger.
const (
	ActTask    = "createTask"
	ActTodo    = "createTodo"
	ActField   = "setField"
	ActMessage = "message"
	ActWebhook = "webhook"
)

// Params is a trigger's settings, kept as JSON in ProgramTrigger.params
// (the reference's string for them):
//
//	{"states": ["12"], "allowed": ["manager"], "actions": [
//	  {"type": "createTask", "template": "55"},
//	  {"type": "createTodo", "name": "Позвонить клиенту", "inDays": 1},
//	  {"type": "setField", "field": "description", "value": "…"},
//	  {"type": "message", "text": "…"},
//	  {"type": "webhook", "url": "https://…"}]}
//
// states: where the trigger applies (auto: the states whose entry runs
// it; button: where it may be pressed, empty: every state); allowed: who
// may press a button (as a transition's rule; empty: whoever may change
// the deal).
type Params struct {
	States  []string `json:"states,omitempty"`
	Allowed []string `json:"allowed,omitempty"`
	Actions []Action `json:"actions"`
}

// Action is one step of a trigger; which fields it reads depends on Type.
type Action struct {
	Type     string          `json:"type"`
	Template string          `json:"template,omitempty"`
	Name     string          `json:"name,omitempty"`
	InDays   int             `json:"inDays,omitempty"`
	Field    string          `json:"field,omitempty"`
	Value    json.RawMessage `json:"value,omitempty"`
	Text     string          `json:"text,omitempty"`
	URL      string          `json:"url,omitempty"`
}

// Trigger is a ProgramTrigger as the rules read it.
type Trigger struct {
	ID     int64
	Name   string
	Type   string
	Order  int64
	Params Params
	States []int64
	// RuleJSON is the stored rule (the reference's condition object);
	// Rule is it compiled, nil when there is none.
	RuleJSON string
	Rule     node
}

// In tells whether the trigger applies in a state.
func (t *Trigger) In(state int64) bool {
	return (len(t.States) == 0 && (t.Type == TriggerButton || t.Type == TriggerSystem)) || slices.Contains(t.States, state)
}

// ParseParams reads a trigger's params; "" is no actions.
func ParseParams(s string) (Params, error) {
	var p Params
	if strings.TrimSpace(s) == "" {
		return p, nil
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return p, fmt.Errorf("deal: trigger params: %w", err)
	}
	return p, nil
}

// fixedFields are what a setField action may not write: the moves and
// the numbering are the rules' own.
var fixedFields = []string{"state", "program", "number", "result", "stateTimeUpdated", "positions"}

// beforeTrigger checks a trigger before it is saved: a program, a type
// this package runs, and params whose states, roles, templates, fields
// and addresses make sense (422 bad_trigger naming the first that does
// not).
func (m *Module) beforeTrigger(ctx context.Context, c *entity.Change) error {
	prog := c.Links["program"]
	if _, given := c.Links["program"]; !given && c.Old != nil {
		if l, ok := c.Old.Links["program"]; ok {
			prog = &l
		}
	}
	if prog == nil {
		return invalid("program", entity.CodeRequired, "")
	}
	typ, given := c.Values["type"].(string)
	if !given && c.Old != nil {
		typ, _ = c.Old.Values["type"].(string)
	}
	if typ == "" {
		typ = TriggerButton
		c.Values["type"] = typ
	}
	if !slices.Contains(triggerTypes, typ) {
		return invalid("type", CodeTriggerType, typ)
	}
	raw, given := c.Values["params"].(string)
	if !given && c.Old != nil {
		raw, _ = c.Old.Values["params"].(string)
	}
	p, err := ParseParams(raw)
	if err != nil {
		return invalid("params", CodeBadTrigger, "JSON")
	}
	proc, err := LoadProcess(ctx, m.e, c.Scope.Account, prog.ID)
	if err != nil {
		return err
	}
	if bad := m.checkParams(ctx, c.Scope, proc, typ, p); bad != "" {
		return invalid("params", CodeBadTrigger, bad)
	}
	// A rule sent as null clears it: only a rule not sent keeps the old one.
	rule, _ := c.Values["rule"].(string)
	if _, sent := c.Values["rule"]; !sent && c.Old != nil {
		rule, _ = c.Old.Values["rule"].(string)
	}
	cs, err := m.newCondScope(ctx, c.Scope.Account, proc, typ == TriggerSystem)
	if err != nil {
		return err
	}
	if _, err := cs.compile(json.RawMessage(rule)); err != nil {
		return condError("rule", err)
	}
	if typ == TriggerSystem && rule == "" {
		// A system trigger with no event rule would run on every save.
		return invalid("rule", entity.CodeRequired, "")
	}
	return nil
}

// condError is a condition refused when saved, as a 422 on field.
func condError(field string, err error) error {
	if b, ok := err.(*badCond); ok {
		return invalid(field, CodeBadRule, b.Param)
	}
	return err
}

// checkParams names what is wrong with a trigger's params ("" if fine).
func (m *Module) checkParams(ctx context.Context, sc entity.Scope, proc *Process, typ string, p Params) string {
	if len(p.Actions) == 0 {
		return "actions"
	}
	if (typ == TriggerAuto || typ == TriggerSchedule) && len(p.States) == 0 {
		return "states"
	}
	for _, s := range p.States {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || proc.State(id) == nil {
			return s
		}
	}
	for _, a := range p.Allowed {
		if !slices.Contains(Roles, a) {
			return a
		}
	}
	deal := m.e.Cat.Type("Deal")
	for _, a := range p.Actions {
		switch a.Type {
		case ActTask:
			if !m.isTemplate(ctx, sc.Account, a.Template) {
				return a.Template
			}
		case ActTodo:
			if strings.TrimSpace(a.Name) == "" || a.InDays < 0 || a.InDays > 366 {
				return ActTodo
			}
		case ActField:
			f := deal.Field(a.Field)
			if f == nil || slices.Contains(fixedFields, a.Field) || !f.Writable() ||
				(f.Role != catalog.RoleValue && f.Role != catalog.RoleLink) || len(a.Value) == 0 {
				return a.Field
			}
		case ActMessage:
			if strings.TrimSpace(a.Text) == "" {
				return ActMessage
			}
		case ActWebhook:
			u, err := url.Parse(a.URL)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return a.URL
			}
		default:
			return a.Type
		}
	}
	return ""
}

// isTemplate tells whether id names a task template of the account.
func (m *Module) isTemplate(ctx context.Context, account int64, id string) bool {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return false
	}
	var tmpl int64
	err = m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(
		"SELECT COALESCE(c_istemplate, 0) FROM e_task WHERE account_id = ? AND id = ?"), account, n).Scan(&tmpl)
	return err == nil && tmpl == 1
}

// loadTriggers reads a program's triggers in their order.
func loadTriggers(ctx context.Context, e *entity.Engine, account int64, p *Process) error {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT id, COALESCE(c_name, ''), COALESCE(c_type, ''),
		COALESCE(c_orderposition, 0), COALESCE(c_params, ''), COALESCE(c_rule, '') FROM e_programtrigger
		WHERE account_id = ? AND c_program_t = 'Program' AND c_program_i = ? ORDER BY 4, id`), account, p.Program)
	if err != nil {
		return fmt.Errorf("deal: triggers of program %d: %w", p.Program, err)
	}
	defer rows.Close()
	for rows.Next() {
		var t Trigger
		var params string
		if err := rows.Scan(&t.ID, &t.Name, &t.Type, &t.Order, &params, &t.RuleJSON); err != nil {
			return fmt.Errorf("deal: triggers: %w", err)
		}
		// Params are checked when saved; ones that no longer parse (a
		// state since deleted) run what they still can.
		t.Params, _ = ParseParams(params)
		for _, s := range t.Params.States {
			if id, err := strconv.ParseInt(s, 10, 64); err == nil {
				t.States = append(t.States, id)
			}
		}
		p.Triggers = append(p.Triggers, t)
	}
	return rows.Err()
}

// Trigger finds a trigger of the process by id.
func (p *Process) Trigger(id int64) *Trigger {
	for i := range p.Triggers {
		if p.Triggers[i].ID == id {
			return &p.Triggers[i]
		}
	}
	return nil
}

// paramsString is params as stored, for answers.
func paramsString(p Params) string {
	b, _ := json.Marshal(p)
	return string(b)
}
