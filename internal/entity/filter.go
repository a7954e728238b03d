package entity

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// A filter is a FilterConfig (a group of terms joined by and/or), a bare
// FilterTermGroup, a link to a saved filter entity whose config is used, or
// a filter entity sent whole without a saved id (an ad-hoc filter), whose
// config is used. Any of them may come as a JSON string holding it.

type term struct {
	ContentType string            `json:"contentType"`
	Field       string            `json:"field"`
	Comparison  string            `json:"comparison"`
	Value       json.RawMessage   `json:"value"`
	Refine      *group            `json:"refine"`
	Join        string            `json:"join"`
	Terms       []json.RawMessage `json:"terms"`
	TermGroup   *group            `json:"termGroup"`
	ID          json.RawMessage   `json:"id"`
	Config      json.RawMessage   `json:"config"`
	Program     json.RawMessage   `json:"program"`
}

type group struct {
	Join  string            `json:"join"`
	Terms []json.RawMessage `json:"terms"`
}

type sqlPart struct {
	sql  string
	args []any
}

type filterBuilder struct {
	e     *Engine
	ctx   context.Context
	sc    Scope
	opt   value.Options
	depth int
}

func badFilter(param string) error { return Invalidf("filter", CodeBadFilter, param) }

// filterSQL turns a filter into a WHERE fragment over table t (aliased as
// the table's own name).
func (e *Engine) filterSQL(ctx context.Context, sc Scope, t *catalog.Type, raw json.RawMessage, opt value.Options) (sqlPart, error) {
	b := &filterBuilder{e: e, ctx: ctx, sc: sc, opt: opt}
	return b.top(t, raw)
}

func (b *filterBuilder) top(t *catalog.Type, raw json.RawMessage) (sqlPart, error) {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) > 0 && raw[0] == '"' {
		return b.quoted(t, raw)
	}
	var tm term
	if err := json.Unmarshal(raw, &tm); err != nil {
		return sqlPart{}, badFilter("")
	}
	switch {
	case tm.TermGroup != nil:
		return b.group(t, tm.TermGroup)
	case tm.ContentType == "FilterConfig":
		return sqlPart{sql: "1 = 1"}, nil
	case tm.ContentType == "FilterTermGroup" || (tm.ContentType == "" && tm.Terms != nil):
		return b.group(t, &group{Join: tm.Join, Terms: tm.Terms})
	case strings.HasSuffix(tm.ContentType, "Filter") && (tm.ID == nil || string(tm.ID) == "null"):
		return b.adHoc(t, &tm)
	case strings.HasSuffix(tm.ContentType, "Filter"):
		return b.saved(t, raw)
	}
	return sqlPart{}, badFilter(tm.ContentType)
}

// quoted reads a filter sent as a JSON string holding the filter's JSON.
func (b *filterBuilder) quoted(t *catalog.Type, raw json.RawMessage) (sqlPart, error) {
	var inner string
	// The request's own check refused NUL escapes only at its level; one
	// inside the string would reach the database (PostgreSQL refuses it).
	if json.Unmarshal(raw, &inner) != nil || strings.Contains(inner, `\u0000`) || b.depth > 2 {
		return sqlPart{}, badFilter("")
	}
	b.depth++
	defer func() { b.depth-- }()
	return b.top(t, json.RawMessage(inner))
}

// adHoc applies a filter entity sent without a saved id.
func (b *filterBuilder) adHoc(t *catalog.Type, tm *term) (sqlPart, error) {
	if b.e.Cat.Type(tm.ContentType) == nil {
		return sqlPart{}, badFilter(tm.ContentType)
	}
	return b.entity(t, tm.Config, tm.Program)
}

// entity applies what a filter entity, saved or sent, filters by: its
// config and, for a TradeFilter, its program.
func (b *filterBuilder) entity(t *catalog.Type, config, program json.RawMessage) (sqlPart, error) {
	if b.depth > 2 {
		return sqlPart{}, badFilter("filter")
	}
	var parts []sqlPart
	if len(config) > 0 && string(config) != "null" {
		b.depth++
		p, err := b.top(t, config)
		b.depth--
		if err != nil {
			return sqlPart{}, err
		}
		parts = append(parts, p)
	}
	if len(program) > 0 && string(program) != "null" && !allPrograms(program) {
		f := t.Field("program")
		if f == nil {
			return sqlPart{}, badFilter("program")
		}
		p, err := b.ref(t, f, &term{Field: "program", Value: program})
		if err != nil {
			return sqlPart{}, err
		}
		parts = append(parts, p)
	}
	return and(parts), nil
}

// allPrograms tells a program link meaning every process: {"id":"all"}.
func allPrograms(raw json.RawMessage) bool {
	var l struct {
		ID string `json:"id"`
	}
	return json.Unmarshal(raw, &l) == nil && l.ID == "all"
}

func and(parts []sqlPart) sqlPart {
	if len(parts) == 0 {
		return sqlPart{sql: "1 = 1"}
	}
	var sqls []string
	var args []any
	for _, p := range parts {
		sqls, args = append(sqls, "("+p.sql+")"), append(args, p.args...)
	}
	return sqlPart{sql: strings.Join(sqls, " AND "), args: args}
}

// saved applies the config of a saved filter entity.
func (b *filterBuilder) saved(t *catalog.Type, raw json.RawMessage) (sqlPart, error) {
	ft := b.e.Cat.Type(gjsonType(raw))
	if ft == nil || ft.Field("config") == nil || b.depth > 2 {
		return sqlPart{}, badFilter("filter")
	}
	if cond, ok, err := b.e.systemFilter(b.ctx, b.sc, ft.Name, raw); ok || err != nil {
		return sqlPart{sql: cond.SQL, args: cond.Args}, err
	}
	l, err := value.DecodeLink(raw, []string{ft.Name})
	if err != nil {
		return sqlPart{}, badFilter("id")
	}
	rec, err := b.e.Get(b.ctx, b.sc, ft.Name, l.ID)
	if err != nil {
		return sqlPart{}, Invalidf("filter", CodeLinkNotFound, ft.Name)
	}
	cfg, _ := rec.Values["config"].(string)
	var program json.RawMessage
	if l, ok := rec.Links["program"]; ok {
		program, _ = json.Marshal(value.EncodeLink(l))
	}
	b.depth++
	defer func() { b.depth-- }()
	return b.entity(t, json.RawMessage(cfg), program)
}

func gjsonType(raw json.RawMessage) string {
	var x struct {
		ContentType string `json:"contentType"`
	}
	_ = json.Unmarshal(raw, &x)
	return x.ContentType
}

func (b *filterBuilder) group(t *catalog.Type, g *group) (sqlPart, error) {
	if b.depth++; b.depth > 16 {
		return sqlPart{}, badFilter("depth")
	}
	defer func() { b.depth-- }()
	join := " AND "
	switch g.Join {
	case "and", "":
	case "or":
		join = " OR "
	default:
		return sqlPart{}, badFilter("join")
	}
	if len(g.Terms) == 0 {
		return sqlPart{sql: "1 = 1"}, nil
	}
	var parts []string
	var args []any
	for _, raw := range g.Terms {
		var tm term
		if err := json.Unmarshal(raw, &tm); err != nil {
			return sqlPart{}, badFilter("")
		}
		var p sqlPart
		var err error
		if tm.ContentType == "FilterTermGroup" || (tm.ContentType == "" && tm.Terms != nil) {
			p, err = b.group(t, &group{Join: tm.Join, Terms: tm.Terms})
		} else {
			p, err = b.term(t, &tm)
		}
		if err != nil {
			return sqlPart{}, err
		}
		parts = append(parts, "("+p.sql+")")
		args = append(args, p.args...)
	}
	return sqlPart{sql: strings.Join(parts, join), args: args}, nil
}

// column resolves a field to the SQL expression it filters on.
func (b *filterBuilder) column(t *catalog.Type, name string) (expr string, f *catalog.Field, x *ExtraField, err error) {
	if f = t.Field(name); f != nil {
		switch f.Role {
		case catalog.RoleValue:
			return t.Table + "." + f.SortColumn(), f, nil, nil
		case catalog.RoleLink, catalog.RoleLinks, catalog.RoleReverse:
			return "", f, nil, nil
		}
		return "", nil, nil, badFilter(name)
	}
	extras, err := b.e.ExtraFields(b.ctx, b.sc, t.Name)
	if err != nil {
		return "", nil, nil, err
	}
	if x = extras.byName(name); x != nil {
		if x.kind.Column() == value.ColText {
			return b.e.DB.Dialect.JSONText(t.Table+".x_extra", x.Name), nil, x, nil
		}
		return b.e.DB.Dialect.JSONNumber(t.Table+".x_extra", x.Name), nil, x, nil
	}
	return "", nil, nil, badFilter(name)
}

func (b *filterBuilder) kindOf(f *catalog.Field, x *ExtraField) value.Kind {
	if f != nil {
		return f.Kind
	}
	return x.kind
}

func (b *filterBuilder) term(t *catalog.Type, tm *term) (sqlPart, error) {
	if ff, ok := b.e.filterFields[t.Name][tm.Field]; ok {
		return b.computed(t, ff, tm)
	}
	expr, f, x, err := b.column(t, tm.Field)
	if err != nil {
		return sqlPart{}, err
	}
	if f != nil && f.Role != catalog.RoleValue {
		return b.ref(t, f, tm)
	}
	switch tm.ContentType {
	case "FilterTermString":
		return stringTerm(b.e.DB.Dialect, expr, tm)
	case "FilterTermNumber":
		return numberTerm(expr, tm)
	case "FilterTermBool":
		var v bool
		if json.Unmarshal(tm.Value, &v) != nil {
			return sqlPart{}, badFilter(tm.Field)
		}
		return sqlPart{sql: "COALESCE(" + expr + ", 0) = ?", args: []any{boolInt(v)}}, nil
	case "FilterTermEnum":
		return enumTerm(expr, tm)
	case "FilterTermDate":
		return dateTerm(expr, b.kindOf(f, x), tm, b.opt)
	}
	return sqlPart{}, badFilter(tm.ContentType)
}

// ref filters on links: single links by their columns, collections by
// the links table or the item table.
func (b *filterBuilder) ref(t *catalog.Type, f *catalog.Field, tm *term) (sqlPart, error) {
	var links []value.Link
	if len(tm.Value) > 0 && string(tm.Value) != "null" {
		if ls, err := value.DecodeLinks(tm.Value, f.Targets); err == nil {
			links = ls
		} else if l, err := value.DecodeLink(tm.Value, f.Targets); err == nil {
			links = []value.Link{l}
		} else {
			return sqlPart{}, badFilter(tm.Field)
		}
	}
	var cond sqlPart
	switch f.Role {
	case catalog.RoleLink:
		cond = linkIn(t.Table+"."+f.Column+"_t", t.Table+"."+f.Column+"_i", links)
	case catalog.RoleLinks:
		in := linkIn("l.dst_type", "l.dst_id", links)
		cond = sqlPart{sql: fmt.Sprintf("EXISTS (SELECT 1 FROM links l WHERE l.src_type = ? AND l.src_id = %s.id AND l.field = ? AND %s)", t.Table, in.sql),
			args: append([]any{t.Name, f.Name}, in.args...)}
	case catalog.RoleReverse:
		rt := b.e.Cat.Type(f.Reverse.Type)
		col := rt.Field(f.Reverse.Field).Column
		in := linkIn("'"+rt.Name+"'", "r.id", links)
		cond = sqlPart{sql: fmt.Sprintf("EXISTS (SELECT 1 FROM %s r WHERE r.account_id = %s.account_id AND r.%s_t = ? AND r.%s_i = %s.id AND %s)",
			rt.Table, t.Table, col, col, t.Table, in.sql), args: append([]any{t.Name}, in.args...)}
	}
	if tm.Refine != nil && f.Role == catalog.RoleLink && len(f.Targets) == 1 {
		rt := b.e.Cat.Type(f.Targets[0])
		sub, err := b.group(rt, tm.Refine)
		if err != nil {
			return sqlPart{}, err
		}
		cond = sqlPart{sql: fmt.Sprintf("%s.%s_i IN (SELECT %s.id FROM %s WHERE %s.account_id = ? AND %s)",
			t.Table, f.Column, rt.Table, rt.Table, rt.Table, sub.sql), args: append([]any{b.sc.Account}, sub.args...)}
		if len(links) > 0 {
			in := linkIn(t.Table+"."+f.Column+"_t", t.Table+"."+f.Column+"_i", links)
			cond = sqlPart{sql: cond.sql + " AND " + in.sql, args: append(cond.args, in.args...)}
		}
	}
	switch tm.Comparison {
	case "equals", "":
		return cond, nil
	case "not_equals":
		// CASE keeps rows whose link is empty (NULL) on the "not" side.
		return sqlPart{sql: "(CASE WHEN " + cond.sql + " THEN 1 ELSE 0 END) = 0", args: cond.args}, nil
	}
	return sqlPart{}, badFilter(tm.Field)
}

// linkIn matches any of the links; no links matches an empty link.
func linkIn(typeCol, idCol string, links []value.Link) sqlPart {
	if len(links) == 0 {
		return sqlPart{sql: idCol + " IS NULL"}
	}
	var parts []string
	var args []any
	for _, l := range links {
		parts = append(parts, "("+typeCol+" = ? AND "+idCol+" = ?)")
		args = append(args, l.Type, l.ID)
	}
	return sqlPart{sql: strings.Join(parts, " OR "), args: args}
}
