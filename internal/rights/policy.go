package rights

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// Policy is the engine's rights policy, built from the rules table.
type Policy struct {
	Cat *catalog.Catalog
	// Postgres shapes conditions for PostgreSQL's planner (see members).
	Postgres bool
	// More adds a module's own act_* actions to possibleActions, per
	// content type (the task status machine adds act_done, act_pause, ...),
	// for a whole page of records at once.
	More map[string]func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string
}

var _ entity.Policy = (*Policy)(nil)

// Visible limits reads to what docs/rights.md says the scope may see.
func (p *Policy) Visible(ctx context.Context, sc entity.Scope, t *catalog.Type) (*entity.Condition, error) {
	if sc.Admin {
		return nil, nil
	}
	return p.visible(sc, t, 0)
}

func (p *Policy) visible(sc entity.Scope, t *catalog.Type, depth int) (*entity.Condition, error) {
	r := ruleFor(t.Name)
	if !sc.Guest && (r.Everyone || (r.Read != "" && sc.Can(r.Read)) || (r.Read == "" && len(r.Members) == 0 && r.Via == "" && r.Through == nil)) {
		return nil, nil
	}
	var parts []string
	var args []any
	if t.Name == sc.Actor.Type {
		// Everyone sees their own card, guests included.
		parts, args = append(parts, t.Table+".id = ?"), append(args, sc.Actor.ID)
	}
	if sc.Guest && !r.GuestSee {
		r = Rule{}
	}
	m := p.members(sc, t, r.Members)
	if m != nil {
		parts, args = append(parts, m.SQL), append(args, m.Args...)
	}
	if r.Listed != nil {
		l := r.Listed
		parts = append(parts, fmt.Sprintf("%s.id IN (SELECT %s FROM %s WHERE account_id = ? AND %s = ? AND %s = ?)",
			t.Table, l.Own, l.Table, l.TypeCol, l.IDCol))
		args = append(args, sc.Account, sc.Actor.Type, sc.Actor.ID)
	}
	// Three hops reach a task from a negotiation visa (visa, version,
	// item); the bound keeps a cycle of Via rules finite.
	if r.Via != "" && depth < 3 {
		via, err := p.via(sc, t, r.Via, depth)
		if err != nil {
			return nil, err
		}
		parts, args = append(parts, via.SQL), append(args, via.Args...)
	}
	if r.Through != nil && depth < 3 {
		th, err := p.through(sc, t, r.Through, depth)
		if err != nil {
			return nil, err
		}
		parts, args = append(parts, th.SQL), append(args, th.Args...)
	}
	if len(parts) == 0 {
		return &entity.Condition{SQL: "1 = 0"}, nil
	}
	if len(parts) == 1 && m != nil && r.Listed == nil && r.Via == "" && r.Through == nil && t.Name != sc.Actor.Type {
		// The members alone: what internal/access keeps (Kept).
		return &entity.Condition{SQL: "(" + m.SQL + ")", Args: m.Args, Anchored: true, Kept: kept(sc)}, nil
	}
	// Own card, members and via parts each test the row id or the account
	// with an index of their own (members, via); a Through part does not.
	return &entity.Condition{SQL: "(" + strings.Join(parts, ") OR (") + ")", Args: args, Anchored: r.Through == nil}, nil
}

// through matches entities whose row in th's table names a subject the
// scope sees.
func (p *Policy) through(sc entity.Scope, t *catalog.Type, th *Through, depth int) (*entity.Condition, error) {
	var parts []string
	args := []any{}
	for _, target := range th.Targets {
		tt := p.Cat.Type(target)
		cond, err := p.visible(sc, tt, depth+1)
		if err != nil {
			return nil, err
		}
		sub := fmt.Sprintf("SELECT %s.id FROM %s WHERE %s.account_id = ?", tt.Table, tt.Table, tt.Table)
		subArgs := []any{sc.Account}
		if cond != nil {
			sub += " AND (" + cond.SQL + ")"
			subArgs = append(subArgs, cond.Args...)
		}
		parts = append(parts, fmt.Sprintf("(th.%s = ? AND th.%s IN (%s))", th.TypeCol, th.IDCol, sub))
		args = append(append(args, target), subArgs...)
	}
	where := ""
	if th.Where != "" {
		where = " AND " + th.Where
	}
	return &entity.Condition{SQL: fmt.Sprintf("EXISTS (SELECT 1 FROM %s th WHERE th.account_id = %s.account_id AND th.%s = %s.id%s AND (%s))",
		th.Table, t.Table, th.Own, t.Table, where, strings.Join(parts, " OR ")), Args: args}, nil
}

// SeenThrough answers entity.Through: the Via field of a type whose rule
// grants visibility in no other way (comments, negotiation items).
func (p *Policy) SeenThrough(sc entity.Scope, t *catalog.Type) string {
	r := ruleFor(t.Name)
	if sc.Admin || r.Via == "" || r.Everyone || r.Read != "" || len(r.Members) > 0 || r.Through != nil ||
		t.Name == sc.Actor.Type || (sc.Guest && !r.GuestSee) {
		return ""
	}
	return r.Via
}

// members matches entities whose member fields name the reader, directly
// or through a Group the reader is in (see reader.go).
func (p *Policy) members(sc entity.Scope, t *catalog.Type, fields []string) *entity.Condition {
	var parts []string
	var args []any
	var many []any
	for _, name := range fields {
		f := t.Field(name)
		self := f != nil && contains(f.Targets, sc.Actor.Type)
		viaGroup := f != nil && len(sc.Groups) > 0 && contains(f.Targets, "Group")
		if !self && !viaGroup {
			continue
		}
		switch f.Role {
		case catalog.RoleLink:
			// The account inside each part lets the part use the link's
			// (account_id, x_i, x_t) index on its own (Condition.Anchored).
			c := Names(sc, t, name)
			parts = append(parts, fmt.Sprintf("(%s.account_id = ? AND %s)", t.Table, c.SQL))
			args = append(append(args, sc.Account), c.Args...)
		case catalog.RoleLinks:
			many = append(many, f.Name)
		}
	}
	if len(many) > 0 {
		// An uncorrelated IN, not EXISTS: each part of the OR is then an
		// index lookup (the links_dst index here), so SQLite answers the
		// whole condition as a union of index reads (MULTI-INDEX OR)
		// instead of testing every row of the account, and a count of what
		// an employee sees costs what they see, not the table's size.
		// PostgreSQL cannot put an IN (subquery) into a BitmapOr and
		// scans the table instead; = ANY (ARRAY(subquery)) is computed
		// once and probes the primary key like the other parts.
		row := Row(sc, "l")
		in := "%s.id IN (SELECT l.src_id FROM links l WHERE l.account_id = ? AND %s AND l.field IN (%s) AND l.src_type = ?)"
		if p.Postgres {
			in = "%s.id = ANY (ARRAY(SELECT l.src_id FROM links l WHERE l.account_id = ? AND %s AND l.field IN (%s) AND l.src_type = ?))"
		}
		parts = append(parts, fmt.Sprintf(in, t.Table, row.SQL, store.Marks(len(many))))
		args = append(append(append(append(args, sc.Account), row.Args...), many...), t.Name)
	}
	if len(parts) == 0 {
		return nil
	}
	return &entity.Condition{SQL: strings.Join(parts, " OR "), Args: args}
}

// via matches entities whose link points at something the scope sees.
func (p *Policy) via(sc entity.Scope, t *catalog.Type, field string, depth int) (*entity.Condition, error) {
	f := t.Field(field)
	var parts []string
	var args []any
	for _, target := range f.Targets {
		tt := p.Cat.Type(target)
		cond, err := p.visible(sc, tt, depth+1)
		if err != nil {
			return nil, err
		}
		acc := tt.Table + ".account_id = ?"
		if cond != nil && cond.Anchored {
			acc = "+" + acc // as entity lists do for an anchored condition
		}
		sub := fmt.Sprintf("SELECT %s.id FROM %s WHERE %s", tt.Table, tt.Table, acc)
		subArgs := []any{sc.Account}
		if cond != nil {
			sub += " AND (" + cond.SQL + ")"
			subArgs = append(subArgs, cond.Args...)
		}
		parts = append(parts, fmt.Sprintf("(%s.account_id = ? AND %s.%s_t = ? AND %s.%s_i IN (%s))",
			t.Table, t.Table, f.Column, t.Table, f.Column, sub))
		args = append(append(args, sc.Account, target), subArgs...)
	}
	if len(parts) == 0 {
		return &entity.Condition{SQL: "1 = 0"}, nil
	}
	return &entity.Condition{SQL: strings.Join(parts, " OR "), Args: args}, nil
}

// Allow checks writes. The entity is already known to be visible.
func (p *Policy) Allow(ctx context.Context, sc entity.Scope, action string, t *catalog.Type, rec *entity.Record) error {
	if sc.Admin || allowed(sc, action, t, rec) {
		return nil
	}
	return entity.ErrForbidden
}

func allowed(sc entity.Scope, action string, t *catalog.Type, rec *entity.Record) bool {
	r := ruleFor(t.Name)
	if r.AdminOnly {
		return t.Name == "Employee" && action == entity.ActEdit && rec != nil && rec.Link() == sc.Actor
	}
	if action == entity.ActCreate {
		if sc.Guest {
			return r.GuestAdd
		}
		return r.Add == "" || sc.Can(r.Add)
	}
	if len(r.EditBy) == 0 {
		return !sc.Guest && (r.Add == "" || sc.Can(r.Add))
	}
	fields := r.EditBy
	if action == entity.ActDelete {
		fields = fields[:1]
	}
	for _, name := range fields {
		if l, ok := rec.Links[name]; ok && sc.Is(l) {
			return true
		}
	}
	return false
}

// PossibleActions lists act_read and the writes Allow would grant.
func (p *Policy) PossibleActions(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
	out := make(map[int64][]string, len(recs))
	var more map[int64][]string
	if len(recs) > 0 && p.More[recs[0].Type.Name] != nil {
		more = p.More[recs[0].Type.Name](ctx, sc, recs)
	}
	for _, rec := range recs {
		acts := make([]string, 1, 3+len(more[rec.ID]))
		acts[0] = "act_read"
		if sc.Admin || allowed(sc, entity.ActEdit, rec.Type, rec) {
			acts = append(acts, "act_edit")
		}
		if sc.Admin || allowed(sc, entity.ActDelete, rec.Type, rec) {
			acts = append(acts, "act_delete")
		}
		for _, a := range more[rec.ID] {
			if !contains(acts, a) {
				acts = append(acts, a)
			}
		}
		out[rec.ID] = acts
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ErrNoGuestAccess refuses a client whose guest access is off.
var ErrNoGuestAccess = errors.New("rights: guest access is off")

// Fill completes a request's scope from the signed-in subject: guests by
// their type, employees by their rights groups.
func (s *Service) Fill(ctx context.Context, sc *entity.Scope) error {
	if sc.Actor.Type == "ContractorHuman" {
		// Switching guest access off ends it at once, sessions included.
		var on, can sql.NullInt64
		err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`SELECT c_isguestaccessenabled, c_canlogin
			FROM e_contractorhuman WHERE account_id = ? AND id = ?`), sc.Account, sc.Actor.ID).Scan(&on, &can)
		if err != nil || on.Int64 != 1 || can.Int64 != 1 {
			return ErrNoGuestAccess
		}
		sc.Guest, sc.Perms = true, map[string]bool{}
		return nil
	}
	perms, groups, err := s.scopeOf(ctx, sc.Account, sc.Actor)
	if err != nil {
		return err
	}
	sc.Perms, sc.Admin, sc.Groups = perms, perms[AdminAction], groups
	return nil
}
