package deal

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// Rule is a transition's conditions, kept as JSON in
// ProgramTransition.rule (the reference's string for it):
//
//	{"requiredFields": ["price", "contractor"], "allowed": ["manager"]}
//
// requiredFields must be filled on the deal before it moves; allowed
// names who may move it: the deal's people by their field (manager,
// auditors, userCreated). Empty lists require nothing and allow whoever
// may change the deal. Administrators may always make a transition.
//
// condition, when given, is one of the reference's rule objects (an
// AndRule of field rules, a ProgramStateRule, …; cond.go) that must hold.
type Rule struct {
	RequiredFields []string        `json:"requiredFields,omitempty"`
	Allowed        []string        `json:"allowed,omitempty"`
	Condition      json.RawMessage `json:"condition,omitempty"`
}

// Roles are the deal's fields that may name who makes a transition.
var Roles = []string{"manager", "auditors", "userCreated"}

// positions is the one collection a transition may require: the deal's
// rows, counted from their table.
const positions = "positions"

// ParseRule reads a transition's rule; "" is no rule.
func ParseRule(s string) (Rule, error) {
	var r Rule
	if strings.TrimSpace(s) == "" {
		return r, nil
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, fmt.Errorf("deal: rule: %w", err)
	}
	return r, nil
}

// check tells what is wrong with a rule for deals of the catalogue, as
// the Param of a bad_rule error ("" when it is fine).
func (r Rule) check(deal *catalog.Type) string {
	for _, f := range r.RequiredFields {
		if !requirable(deal, f) {
			return f
		}
	}
	for _, a := range r.Allowed {
		if !slices.Contains(Roles, a) {
			return a
		}
	}
	return ""
}

// requirable fields are those a deal record holds itself (values and
// single links) and its positions.
func requirable(deal *catalog.Type, name string) bool {
	if name == positions {
		return true
	}
	f := deal.Field(name)
	return f != nil && (f.Role == catalog.RoleValue || f.Role == catalog.RoleLink) && f.Writable()
}

// filled tells whether a deal has a value in a field: text not blank, a
// link set, money not zero, a number given; rows counts its positions.
func filled(rec *entity.Record, name string, rows int) bool {
	if name == positions {
		return rows > 0
	}
	if _, ok := rec.Links[name]; ok {
		return true
	}
	switch v := rec.Values[name].(type) {
	case nil:
		return false
	case string:
		if rec.Type.Field(name).Kind.Name() == (value.Money{}).Name() {
			return moneyNonZero(v)
		}
		return strings.TrimSpace(v) != ""
	}
	return true
}

// holds tells whether the scope holds a role on the deal: named in the
// field in person or through a group.
func holds(sc entity.Scope, rec *entity.Record, role string, auditors []value.Link) bool {
	if role == "auditors" {
		for _, l := range auditors {
			if sc.Is(l) {
				return true
			}
		}
		return false
	}
	l, ok := rec.Links[role]
	return ok && sc.Is(l)
}

// moneyNonZero tells whether a stored Money is not zero to the kopeck.
// The stored form is canonical JSON led by the value, so the value is
// read without decoding the rest: the kanban asks this of every card
// whose transitions need a sum.
func moneyNonZero(stored string) bool {
	const lead = `{"value":`
	if rest, ok := strings.CutPrefix(stored, lead); ok {
		if end := strings.IndexByte(rest, ','); end > 0 {
			if f, err := strconv.ParseFloat(rest[:end], 64); err == nil {
				return math.Abs(f) >= 0.005
			}
		}
	}
	m, ok := money.Parse(stored)
	return ok && m.Kopecks != 0
}
