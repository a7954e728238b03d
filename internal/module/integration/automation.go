package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Automation triggers.
const (
	OnCreated  = "create"   // a new entity of the type
	OnUpdated  = "update"   // any change of one
	OnField    = "field"    // a change of one of the rule's fields
	OnSchedule = "schedule" // every so many minutes
)

// Automation actions.
const (
	ActTask    = "createTask"
	ActTodo    = "createTodo"
	ActField   = "setField"
	ActNotify  = "notify"
	ActWebhook = "webhook"
	ActDeal    = "moveDeal"
)

// Rule is one automation as stored.
type Rule struct {
	ID           int64
	Name         string
	EntityType   string
	Trigger      string
	Fields       []string
	Filter       json.RawMessage // a FilterConfig, as lists take it; empty for none
	Actions      []Action
	EveryMinutes int
	NextAt       int64
	Active       bool
	Owner        value.Link
	Created      int64
}

// Action is one thing a rule does.
type Action struct {
	Type        string          `json:"type"`
	Name        string          `json:"name,omitempty"`        // createTask, createTodo
	Responsible json.RawMessage `json:"responsible,omitempty"` // createTask, createTodo: an Employee link
	InDays      int             `json:"inDays,omitempty"`      // createTodo
	Field       string          `json:"field,omitempty"`       // setField
	Value       json.RawMessage `json:"value,omitempty"`       // setField, as the API takes the field
	Text        string          `json:"text,omitempty"`        // notify
	Recipient   json.RawMessage `json:"recipient,omitempty"`   // notify: an Employee link; the owner when absent
	Webhook     string          `json:"webhook,omitempty"`     // webhook: the id of a webhook subscription
	Template    string          `json:"template,omitempty"`    // createTask: a task template's id, made anew
	State       string          `json:"state,omitempty"`       // moveDeal: the ProgramState to move the deal to
}

// fromAutomation marks the saves a rule's actions make: they fire no
// rule, so two rules cannot set each other off for ever.
type fromAutomation struct{}

func isAutomated(ctx context.Context) bool { return ctx.Value(fromAutomation{}) != nil }

// recordEvent writes a create or update for the job to match against the
// rules, when the account has an active rule of the type that could fire.
func (m *Module) recordEvent(ctx context.Context, c *entity.Change) error {
	if isAutomated(ctx) {
		return nil
	}
	var n int
	triggers := []any{OnUpdated, OnField}
	if c.New {
		triggers = []any{OnCreated}
	}
	db := m.e.DB
	if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM automations
		WHERE account_id = ? AND is_active = 1 AND entity_type = ? AND trigger_type IN (?`+strings.Repeat(", ?", len(triggers)-1)+`)`),
		append([]any{c.Scope.Account, c.Type.Name}, triggers...)...).Scan(&n); err != nil {
		return fmt.Errorf("integration: automations: %w", err)
	}
	if n == 0 {
		return nil
	}
	return db.Exec(ctx, `INSERT INTO automation_events (account_id, entity_type, entity_id, created, fields, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, c.Scope.Account, c.Type.Name, c.ID, boolInt(c.New), strings.Join(c.Fields(), ","),
		Pending, m.e.Now().UnixMilli())
}

const ruleColumns = `id, name, entity_type, trigger_type, fields, filter, actions, every_minutes, COALESCE(next_at, 0),
	is_active, owner_type, owner_id, created_at`

func scanRule(rows interface{ Scan(...any) error }) (*Rule, error) {
	var r Rule
	var fields, filter, actions string
	var active int
	if err := rows.Scan(&r.ID, &r.Name, &r.EntityType, &r.Trigger, &fields, &filter, &actions, &r.EveryMinutes,
		&r.NextAt, &active, &r.Owner.Type, &r.Owner.ID, &r.Created); err != nil {
		return nil, fmt.Errorf("integration: automation: %w", err)
	}
	if fields != "" {
		r.Fields = strings.Split(fields, ",")
	}
	if filter != "" {
		r.Filter = json.RawMessage(filter)
	}
	if err := json.Unmarshal([]byte(actions), &r.Actions); err != nil {
		return nil, fmt.Errorf("integration: automation %d actions: %w", r.ID, err)
	}
	r.Active = active == 1
	return &r, nil
}

// rules reads the account's rules that match where (SQL over automations
// with its arguments after the account).
func (m *Module) rules(ctx context.Context, account int64, where string, args ...any) ([]*Rule, error) {
	q := `SELECT ` + ruleColumns + ` FROM automations WHERE account_id = ?`
	if where != "" {
		q += ` AND ` + where
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q+` ORDER BY id`), append([]any{account}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("integration: automations: %w", err)
	}
	defer rows.Close()
	var out []*Rule
	for rows.Next() {
		r, err := scanRule(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// rule reads one rule of the account, or entity.ErrNotFound.
func (m *Module) rule(ctx context.Context, account, id int64) (*Rule, error) {
	list, err := m.rules(ctx, account, `id = ?`, id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, entity.ErrNotFound
	}
	return list[0], nil
}

// fires says whether an event of the rule's type sets the rule off,
// before its conditions are checked.
func (r *Rule) fires(created bool, fields []string) bool {
	switch r.Trigger {
	case OnCreated:
		return created
	case OnUpdated:
		return !created
	case OnField:
		if created {
			return false
		}
		for _, f := range fields {
			for _, w := range r.Fields {
				if f == w {
					return true
				}
			}
		}
	}
	return false
}
