package deal

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A condition is one of the reference's rule objects (AndRule, OrRule,
// NotRule, the field rules, ProgramStateRule, PaidRule, CurrentUserRule,
// CurrentTimeRule and the event rules of system triggers), given as JSON
// in ProgramTrigger.rule and in a transition rule's "condition". It is
// compiled once against the deal's fields and the program's states, so a
// bad one is refused when saved (422 bad_rule naming what is wrong) and
// a saved one is judged without parsing again.

// node is a compiled condition.
type node interface {
	holds(env *condEnv) (bool, error)
}

// rawCond is every key a rule object of the reference may carry.
type rawCond struct {
	ContentType        string            `json:"contentType"`
	Children           []json.RawMessage `json:"children"`
	Rule               json.RawMessage   `json:"rule"`
	FieldRule          json.RawMessage   `json:"fieldRule"`
	Field              string            `json:"field"`
	Comparison         string            `json:"comparison"`
	Value              json.RawMessage   `json:"value"`
	State              json.RawMessage   `json:"state"`
	CurrentUser        []json.RawMessage `json:"currentUser"`
	Interval           json.RawMessage   `json:"interval"`
	Type               string            `json:"type"`
	NoChoiceComparison bool              `json:"noChoiceComparison"`
}

// badCond is a condition refused when saved; Param names what is wrong.
type badCond struct{ Param string }

func (b *badCond) Error() string { return "deal: bad condition: " + b.Param }

// condScope is what a condition may refer to: the deal's fields (its
// catalogue fields and the account's extra fields), the program's
// states, and whether event rules make sense (system triggers only).
type condScope struct {
	deal   *catalog.Type
	extras map[string]value.Kind
	proc   *Process
	events bool
}

// newCondScope reads the account's extra deal fields for compiling.
func (m *Module) newCondScope(ctx context.Context, account int64, proc *Process, events bool) (*condScope, error) {
	return newCondScope(ctx, m.e, account, proc, events)
}

func newCondScope(ctx context.Context, e *entity.Engine, account int64, proc *Process, events bool) (*condScope, error) {
	xs, err := e.ExtraFields(ctx, entity.Scope{Account: account, System: true}, "Deal")
	if err != nil {
		return nil, err
	}
	cs := &condScope{deal: e.Cat.Type("Deal"), extras: map[string]value.Kind{}, proc: proc, events: events}
	for _, x := range xs {
		if !x.Multiple {
			cs.extras[x.Name] = x.Value()
		}
	}
	return cs, nil
}

// maxCondDepth bounds nesting, as stored JSON is bounded.
const maxCondDepth = 16

// compile reads a condition; empty or null is none (nil node).
func (cs *condScope) compile(raw json.RawMessage) (node, error) {
	if t := bytes.TrimSpace(raw); len(t) == 0 || string(t) == "null" {
		return nil, nil
	}
	return cs.compileAt(raw, 0)
}

func (cs *condScope) compileAt(raw json.RawMessage, depth int) (node, error) {
	var r rawCond
	if depth > maxCondDepth {
		return nil, &badCond{"depth"}
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, &badCond{"JSON"}
	}
	switch r.ContentType {
	case "AndRule", "OrRule":
		if len(r.Children) == 0 {
			return nil, &badCond{r.ContentType + ".children"}
		}
		g := &groupNode{all: r.ContentType == "AndRule"}
		for _, c := range r.Children {
			n, err := cs.compileAt(c, depth+1)
			if err != nil {
				return nil, err
			}
			g.children = append(g.children, n)
		}
		return g, nil
	case "NotRule":
		n, err := cs.compileAt(r.Rule, depth+1)
		if err != nil {
			return nil, err
		}
		return &notNode{n}, nil
	case "EnumFieldRule", "MoneyFieldRule", "NumberFieldRule", "BoolFieldRule", "DateFieldRule", "StringFieldRule", "RefFieldRule":
		return cs.fieldRule(&r)
	case "ProgramStateRule":
		l, err := value.DecodeLink(r.State, []string{"ProgramState"})
		if err != nil || cs.proc.State(l.ID) == nil {
			return nil, &badCond{"ProgramStateRule.state"}
		}
		return &stateNode{l.ID}, nil
	case "PaidRule":
		if r.Type != "" && r.Type != "full" && r.Type != "partial" {
			return nil, &badCond{"PaidRule.type"}
		}
		return &paidNode{partial: r.Type == "partial"}, nil
	case "CurrentUserRule":
		return compileUser(&r)
	case "CurrentTimeRule":
		return compileTime(&r)
	case "InstanceCreatedRule", "ProgramStateChangedRule", "FieldValueChangedRule":
		if !cs.events {
			return nil, &badCond{r.ContentType}
		}
		return cs.eventRule(&r)
	}
	// FormulaRule, MailWasReadRule, NewCommentRule, UnsupportedFieldRule
	// and anything else: Artel does not judge them, so it will not save
	// a condition it would silently get wrong.
	return nil, &badCond{r.ContentType}
}

// fieldKinds are the value kinds each field rule compares.
var fieldKinds = map[string][]string{
	"EnumFieldRule":   {"enum", "string"},
	"MoneyFieldRule":  {"Money"},
	"NumberFieldRule": {"number", "integer"},
	"BoolFieldRule":   {"boolean"},
	"DateFieldRule":   {"DateOnly", "DateTime"},
	"StringFieldRule": {"string", "enum"},
}

// comparisons each field rule allows, as the reference lists them.
var comparisons = map[string][]string{
	"EnumFieldRule":   {"setted", "one_of"},
	"RefFieldRule":    {"setted", "one_of"},
	"BoolFieldRule":   {"equal"},
	"StringFieldRule": {"setted", "equal", "contains"},
}

var ordered = []string{"setted", "equal", "greater", "greater_or_equal", "smaller", "smaller_or_equal", "interval"}

// fieldKind is the kind of a deal field a rule may read ("" and false
// for a field it may not: unknown, a collection, computed).
func (cs *condScope) fieldKind(name string) (value.Kind, bool, bool) {
	if k, ok := cs.extras[name]; ok {
		return k, false, true
	}
	f := cs.deal.Field(name)
	if f == nil {
		return nil, false, false
	}
	switch f.Role {
	case catalog.RoleValue:
		return f.Kind, false, true
	case catalog.RoleLink:
		return nil, true, true
	}
	return nil, false, false
}

func (cs *condScope) fieldRule(r *rawCond) (node, error) {
	name := r.ContentType
	kind, isLink, ok := cs.fieldKind(r.Field)
	if !ok || (name == "RefFieldRule") != isLink {
		return nil, &badCond{name + ".field"}
	}
	if !isLink && !slices.Contains(fieldKinds[name], kindName(kind)) {
		return nil, &badCond{name + ".field"}
	}
	allowed := comparisons[name]
	if allowed == nil {
		allowed = ordered
	}
	if !slices.Contains(allowed, r.Comparison) {
		return nil, &badCond{name + ".comparison"}
	}
	n := &fieldNode{rule: name, field: r.Field, cmp: r.Comparison, kind: kind}
	if r.Comparison == "setted" {
		return n, nil
	}
	if err := n.readValue(r.Value); err != nil {
		return nil, &badCond{name + ".value"}
	}
	return n, nil
}

// kindName is "enum" for any Enum (its Name is its values), else Name.
func kindName(k value.Kind) string {
	if _, ok := k.(value.Enum); ok {
		return "enum"
	}
	return k.Name()
}

// eventRule compiles the rules that judge what just happened to a deal.
func (cs *condScope) eventRule(r *rawCond) (node, error) {
	switch r.ContentType {
	case "InstanceCreatedRule":
		return &eventNode{created: true}, nil
	case "ProgramStateChangedRule":
		return &eventNode{stateChanged: true}, nil
	}
	var fr rawCond
	if err := json.Unmarshal(r.FieldRule, &fr); err != nil || fr.Field == "" {
		return nil, &badCond{"FieldValueChangedRule.fieldRule"}
	}
	if r.NoChoiceComparison {
		if _, _, ok := cs.fieldKind(fr.Field); !ok {
			return nil, &badCond{"FieldValueChangedRule.fieldRule"}
		}
		return &eventNode{field: fr.Field}, nil
	}
	n, err := cs.fieldRule(&fr)
	if err != nil {
		return nil, err
	}
	return &eventNode{field: fr.Field, then: n}, nil
}

// compileUser reads who a CurrentUserRule names: employees (or groups of
// them) and programme roles (docs/deal.md, "Programme roles").
func compileUser(r *rawCond) (node, error) {
	u := &userNode{}
	for _, raw := range r.CurrentUser {
		var probe struct {
			ContentType string `json:"contentType"`
			ID          any    `json:"id"`
		}
		if json.Unmarshal(raw, &probe) != nil {
			return nil, &badCond{"CurrentUserRule.currentUser"}
		}
		if probe.ContentType == "ProgramRole" {
			id := strings.TrimSpace(fmt.Sprint(probe.ID))
			if !slices.Contains(Roles, id) {
				return nil, &badCond{"CurrentUserRule.currentUser"}
			}
			u.roles = append(u.roles, id)
			continue
		}
		l, err := value.DecodeLink(raw, []string{"Employee", "Group"})
		if err != nil {
			return nil, &badCond{"CurrentUserRule.currentUser"}
		}
		u.people = append(u.people, l)
	}
	if len(u.people)+len(u.roles) == 0 {
		return nil, &badCond{"CurrentUserRule.currentUser"}
	}
	return u, nil
}

// idOrZero reads a decimal id, 0 when it is none.
func idOrZero(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}
