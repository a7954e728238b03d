package deal

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// condEnv is what a condition is judged on: the deal as it is now, the
// user whose action it is (CurrentUserRule), the time, and for a system
// trigger the event that woke it.
type condEnv struct {
	ctx      context.Context
	m        *Module
	sc       entity.Scope
	rec      *entity.Record
	now      time.Time
	ev       *dealEvent
	auditors []value.Link
	readAud  bool
}

// dealEvent is what just happened to a deal, for system triggers.
type dealEvent struct {
	created, stateChanged bool
	changed               map[string]bool
}

// judge tells whether a condition holds on a deal for the scope now; no
// condition always holds.
func (m *Module) judge(ctx context.Context, sc entity.Scope, rec *entity.Record, n node, ev *dealEvent) (bool, error) {
	if n == nil {
		return true, nil
	}
	return n.holds(&condEnv{ctx: ctx, m: m, sc: sc, rec: rec, now: m.e.Now(), ev: ev})
}

type groupNode struct {
	all      bool
	children []node
}

func (g *groupNode) holds(env *condEnv) (bool, error) {
	for _, c := range g.children {
		ok, err := c.holds(env)
		if err != nil {
			return false, err
		}
		if ok != g.all {
			return ok, nil
		}
	}
	return g.all, nil
}

type notNode struct{ n node }

func (n *notNode) holds(env *condEnv) (bool, error) {
	ok, err := n.n.holds(env)
	return !ok && err == nil, err
}

type stateNode struct{ state int64 }

func (n *stateNode) holds(env *condEnv) (bool, error) {
	return env.rec.Links["state"].ID == n.state, nil
}

// paidNode: full is paymentProgress of 100 % (the deal's price paid by
// its invoices, docs/finance.md), partial is any payment at all.
type paidNode struct{ partial bool }

func (n *paidNode) holds(env *condEnv) (bool, error) {
	p, _ := number(env.rec.Values["paymentProgress"])
	if n.partial {
		return p > 0, nil
	}
	return p >= 100, nil
}

type userNode struct {
	people []value.Link
	roles  []string
}

func (n *userNode) holds(env *condEnv) (bool, error) {
	for _, l := range n.people {
		if env.sc.Is(l) {
			return true, nil
		}
	}
	if len(n.roles) > 0 && !env.readAud {
		var err error
		if env.auditors, err = env.m.auditors(env.ctx, env.sc.Account, env.rec.ID); err != nil {
			return false, err
		}
		env.readAud = true
	}
	for _, r := range n.roles {
		if holds(env.sc, env.rec, r, env.auditors) {
			return true, nil
		}
	}
	return false, nil
}

// timeNode is a window of the day: only the times of its ends count, in
// the offset they were written with; from after to wraps past midnight.
type timeNode struct {
	from, to int // minutes of the day
	loc      *time.Location
}

func compileTime(r *rawCond) (node, error) {
	type dateTime struct{ Value string }
	var iv struct{ From, To dateTime }
	if json.Unmarshal(r.Interval, &iv) != nil {
		return nil, &badCond{"CurrentTimeRule.interval"}
	}
	from, err1 := time.Parse(time.RFC3339, iv.From.Value)
	to, err2 := time.Parse(time.RFC3339, iv.To.Value)
	if err1 != nil || err2 != nil {
		return nil, &badCond{"CurrentTimeRule.interval"}
	}
	to = to.In(from.Location())
	return &timeNode{from: from.Hour()*60 + from.Minute(), to: to.Hour()*60 + to.Minute(), loc: from.Location()}, nil
}

func (n *timeNode) holds(env *condEnv) (bool, error) {
	t := env.now.In(n.loc)
	m := t.Hour()*60 + t.Minute()
	if n.from <= n.to {
		return m >= n.from && m < n.to, nil
	}
	return m >= n.from || m < n.to, nil
}

type eventNode struct {
	created, stateChanged bool
	field                 string
	then                  node
}

func (n *eventNode) holds(env *condEnv) (bool, error) {
	ev := env.ev
	switch {
	case ev == nil:
		return false, nil
	case n.created:
		return ev.created, nil
	case n.stateChanged:
		return ev.stateChanged, nil
	case !ev.changed[n.field]:
		return false, nil
	case n.then == nil:
		return true, nil
	}
	return n.then.holds(env)
}

// number reads a stored number (integer or float) as float64.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	}
	return 0, false
}

// fieldNode is a field rule: a field of the deal compared with values.
type fieldNode struct {
	rule, field, cmp string
	kind             value.Kind
	texts            []string     // enum one_of; string equal, contains
	links            []value.Link // ref one_of
	flag             bool         // bool equal
	lo, hi           *operand     // ordered comparisons; interval ends
}

func (n *fieldNode) holds(env *condEnv) (bool, error) {
	rec := env.rec
	if n.rule == "RefFieldRule" {
		l, ok := rec.Links[n.field]
		if !ok || n.cmp == "setted" {
			return ok, nil
		}
		return slices.Contains(n.links, l), nil
	}
	stored, ok := rec.Values[n.field]
	if !ok {
		stored = rec.Extra[n.field]
	}
	if n.cmp == "setted" {
		return setted(n.kind, stored), nil
	}
	switch n.rule {
	case "EnumFieldRule":
		s, _ := stored.(string)
		return slices.Contains(n.texts, s), nil
	case "StringFieldRule":
		s, _ := stored.(string)
		if n.cmp == "contains" {
			return strings.Contains(strings.ToLower(s), strings.ToLower(n.texts[0])), nil
		}
		return s == n.texts[0], nil
	case "BoolFieldRule":
		b, _ := number(stored)
		return (b != 0) == n.flag, nil
	}
	v, ok := n.measure(stored)
	if !ok {
		return false, nil
	}
	lo, hi := n.lo.at(env.now), n.hi.at(env.now)
	switch n.cmp {
	case "equal":
		return v == lo, nil
	case "greater":
		return v > lo, nil
	case "greater_or_equal":
		return v >= lo, nil
	case "smaller":
		return v < lo, nil
	case "smaller_or_equal":
		return v <= lo, nil
	}
	return (n.lo == nil || v >= lo) && (n.hi == nil || v <= hi), nil
}

// setted: a value is there (text not blank, Money not zero).
func setted(k value.Kind, stored any) bool {
	switch v := stored.(type) {
	case nil:
		return false
	case string:
		if k.Name() == "Money" {
			a, ok := money.Parse(v)
			return ok && a.Kopecks != 0
		}
		return strings.TrimSpace(v) != ""
	}
	return true
}

// measure turns a stored value into what ordered comparisons compare:
// kopecks for Money, the number itself, days since 1970 for dates (a
// DateTime's day in UTC).
func (n *fieldNode) measure(stored any) (float64, bool) {
	switch n.kind.Name() {
	case "Money":
		s, _ := stored.(string)
		a, ok := money.Parse(s)
		return float64(a.Kopecks), ok
	case "DateOnly":
		s, _ := stored.(string)
		t, err := time.Parse(time.DateOnly, s)
		return dayNumber(t), err == nil
	case "DateTime":
		ms, ok := stored.(int64)
		return dayNumber(time.UnixMilli(ms).UTC()), ok
	}
	return number(stored)
}

func dayNumber(t time.Time) float64 {
	return float64(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Unix() / 86400)
}
