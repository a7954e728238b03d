package task

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/value"
)

// roles answers which table roles the caller holds on one record. Owner
// and responsible are single links on the record; executors and auditors
// live in the links table and are read only when a row asks for them
// (takeup), so listing a page of tasks costs no query per task. A Group
// in a role gives it to every member (entity.Scope.Is): a member of the
// responsible group accepts, does or delegates the task as its
// responsible would, and accepting keeps the group as the responsible.
type roles struct {
	ctx  context.Context
	e    *entity.Engine
	sc   entity.Scope
	rec  *entity.Record
	many map[string]bool
	err  error
}

func newRoles(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record) *roles {
	return &roles{ctx: ctx, e: e, sc: sc, rec: rec}
}

// has reports a role. Guests take part in tasks as auditors or
// responsibles of record but drive no transitions: those are the staff's.
func (r *roles) has(role Role) bool {
	if r.sc.Guest || r.sc.Actor.ID == 0 {
		return false
	}
	switch role {
	case Owner:
		return r.sc.Admin || r.rec.Links["owner"] == r.sc.Actor
	case Responsible:
		l, ok := r.rec.Links["responsible"]
		return ok && r.sc.Is(l)
	case Executor:
		return r.member("executors")
	case Auditor:
		return r.member("auditors")
	}
	return false
}

// member reports whether a collection names the caller, directly or
// through a Group the caller is in.
func (r *roles) member(field string) bool {
	if ls, ok := r.rec.Many[field]; ok {
		return slices.ContainsFunc(ls, r.sc.Is)
	}
	if r.many == nil && r.err == nil {
		r.many, r.err = memberships(r.ctx, r.e, r.sc, r.rec.Link())
	}
	return r.many[field]
}

func memberships(ctx context.Context, e *entity.Engine, sc entity.Scope, of value.Link) (map[string]bool, error) {
	who := rights.Row(sc, "links")
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT field FROM links
		WHERE account_id = ? AND src_type = ? AND src_id = ? AND field IN ('executors', 'auditors')
		AND `+who.SQL), append([]any{sc.Account, of.Type, of.ID}, who.Args...)...)
	if err != nil {
		return nil, fmt.Errorf("task: roles: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var f string
		if err := rows.Scan(&f); err != nil {
			return nil, err
		}
		out[f] = true
	}
	return out, rows.Err()
}

// statusOf is the record's status; a row stored before this module
// existed has none and counts as the status it would start in.
func statusOf(rec *entity.Record) string {
	if s := rec.String("status"); s != "" {
		return s
	}
	return initial(rec.Type.Name, rec.Links, rec.Values["isTemplate"])
}

// pending reports whether a deadline change request awaits an answer:
// deadlineChangeRequest names only the pending one (see deadline.go).
func pending(rec *entity.Record) bool {
	_, ok := rec.Links["deadlineChangeRequest"]
	return ok
}

// initial is the status a new task starts in: a template is a template;
// a project is accepted (it has no acceptance step); a task without a
// responsible is created (waiting for one: takeup or delegate), one set
// for its own owner is accepted at once, any other is assigned.
func initial(kind string, links map[string]value.Link, isTemplate any) string {
	if isTemplate == int64(1) {
		return Template
	}
	if kind == "Project" {
		return Accepted
	}
	resp, ok := links["responsible"]
	switch {
	case !ok:
		return Created
	case resp == links["owner"]:
		return Accepted
	}
	return Assigned
}

// Possible is the policy's More for tasks and projects: the act_* the
// table allows the scope on each record now. The caller's memberships
// (executor, auditor) of the whole page are read in one query, not one
// per record.
func Possible(e *entity.Engine) func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
	return func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
		many, err := pageMemberships(ctx, e, sc, recs)
		out := make(map[int64][]string, len(recs))
		for _, rec := range recs {
			r := newRoles(ctx, e, sc, rec)
			if err == nil {
				r.many = many[rec.ID]
				if r.many == nil {
					r.many = map[string]bool{}
				}
			}
			out[rec.ID] = Actions(rec.Type.Name, statusOf(rec), r.has, pending(rec))
		}
		return out
	}
}

// pageMemberships reads which records' executors and auditors name the
// caller (directly or through a group).
func pageMemberships(ctx context.Context, e *entity.Engine, sc entity.Scope, recs []*entity.Record) (map[int64]map[string]bool, error) {
	if len(recs) == 0 || sc.Actor.ID == 0 {
		return nil, nil
	}
	who := rights.Row(sc, "links")
	args := append([]any{sc.Account, recs[0].Type.Name}, who.Args...)
	marks := make([]string, len(recs))
	for i, rec := range recs {
		marks[i], args = "?", append(args, rec.ID)
	}
	// "+account_id" keeps SQLite off the reader's index (links_dst), which
	// walks every executor and auditor role the reader holds, thousands
	// for an employee of a big account; the primary key seeks each task
	// of the page instead.
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT src_id, field FROM links
		WHERE +account_id = ? AND src_type = ? AND field IN ('executors', 'auditors') AND `+who.SQL+`
		AND src_id IN (`+strings.Join(marks, ", ")+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("task: roles: %w", err)
	}
	defer rows.Close()
	out := map[int64]map[string]bool{}
	for rows.Next() {
		var id int64
		var f string
		if err := rows.Scan(&id, &f); err != nil {
			return nil, err
		}
		if out[id] == nil {
			out[id] = map[string]bool{}
		}
		out[id][f] = true
	}
	return out, rows.Err()
}
