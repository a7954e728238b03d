// Package task holds the rules of tasks and projects: the status machine
// (which act_* action moves which status, for whom, with which side
// effects), the status a new task starts in, isOverdue, deadline change
// requests and converting a task into a project and back. The machine is
// the Table below; docs/tasks.md is rendered from it (TestDocs), and
// possibleActions, doAction and the API tests all read the same rows.
package task

import (
	"slices"
	"sync"
)

// Statuses of Task.status and Project.status, the reference's enum.
const (
	Created   = "created"
	Assigned  = "assigned"
	Accepted  = "accepted"
	Done      = "done"
	Completed = "completed"
	Rejected  = "rejected"
	Cancelled = "cancelled"
	Expired   = "expired"
	Delayed   = "delayed"
	Overdue   = "overdue"
	Template  = "template"
)

// Role is how the caller takes part in a task. Administrators hold Owner
// on every task and project (they may do whatever its owner may).
type Role string

const (
	Owner       Role = "owner"
	Responsible Role = "responsible"
	Executor    Role = "executor"
	Auditor     Role = "auditor"
)

// Effect is a side effect of a row besides the status change.
// statusChangeTime (when the status changes) and activity (always) are
// written by every row and not listed per row.
type Effect string

const (
	Start          Effect = "actualStart = now, when the result is accepted"
	Finish         Effect = "actualFinish = now"
	Reopen         Effect = "actualFinish cleared"
	SetResponsible Effect = "responsible = the body's responsible"
	TakeUp         Effect = "responsible = the caller"
	TakeDeadline   Effect = "deadline = the request's; request accepted"
	DropDeadline   Effect = "request rejected"
	Convert        Effect = "becomes the other type (Task <-> Project), same status"
)

// Guard is a condition on the record besides its status.
type Guard string

// Pending: the record names a pending deadline change request.
const Pending Guard = "a deadline change request is pending"

// Row is one transition: from any of From, Action by any of Roles leads
// to To ("" keeps the status), or to SelfTo when the responsible after
// the action is the owner (nobody has to accept their own task or work).
type Row struct {
	Kind    string // "Task" or "Project"
	From    []string
	Action  string
	Roles   []Role
	To      string
	SelfTo  string
	Effects []Effect
	Guard   Guard
}

var (
	open      = []string{Created, Assigned, Accepted, Delayed, Rejected, Done}
	projOpen  = []string{Accepted, Delayed, Done}
	ownerOnly = []Role{Owner}
	both      = []Role{Owner, Responsible}
)

// Table is the machine. Where several rows match a call, the first wins;
// rows sharing a from-status and action differ only by role.
var Table = []Row{
	// Tasks, after Megaplan: the owner sets a task for a responsible, who
	// accepts or rejects it, does it and hands in the work, which the owner
	// accepts or sends back.
	{Kind: "Task", From: []string{Created}, Action: "act_takeup", Roles: []Role{Executor, Auditor}, To: Accepted, Effects: []Effect{TakeUp, Start}},
	{Kind: "Task", From: []string{Created, Assigned, Accepted, Rejected}, Action: "act_delegate", Roles: ownerOnly, To: Assigned, SelfTo: Accepted, Effects: []Effect{SetResponsible, Start}},
	{Kind: "Task", From: []string{Assigned, Accepted}, Action: "act_delegate", Roles: []Role{Responsible}, To: Assigned, SelfTo: Accepted, Effects: []Effect{SetResponsible, Start}},
	{Kind: "Task", From: []string{Assigned}, Action: "act_accept_task", Roles: []Role{Responsible}, To: Accepted, Effects: []Effect{Start}},
	{Kind: "Task", From: []string{Assigned}, Action: "act_reject_task", Roles: []Role{Responsible}, To: Rejected},
	{Kind: "Task", From: []string{Accepted}, Action: "act_done", Roles: []Role{Responsible}, To: Done, SelfTo: Completed, Effects: []Effect{Finish}},
	{Kind: "Task", From: []string{Accepted}, Action: "act_done", Roles: ownerOnly, To: Completed, Effects: []Effect{Finish}},
	{Kind: "Task", From: []string{Accepted}, Action: "act_pause", Roles: both, To: Delayed},
	{Kind: "Task", From: []string{Delayed}, Action: "act_resume", Roles: both, To: Accepted},
	{Kind: "Task", From: []string{Done}, Action: "act_accept_work", Roles: ownerOnly, To: Completed, Effects: []Effect{Finish}},
	{Kind: "Task", From: []string{Done}, Action: "act_reject_work", Roles: ownerOnly, To: Accepted, Effects: []Effect{Reopen}},
	{Kind: "Task", From: open, Action: "act_cancel", Roles: ownerOnly, To: Cancelled, Effects: []Effect{Finish}},
	{Kind: "Task", From: []string{Assigned, Accepted, Delayed}, Action: "act_expire", Roles: ownerOnly, To: Expired, Effects: []Effect{Finish}},
	{Kind: "Task", From: []string{Completed, Cancelled, Expired, Rejected}, Action: "act_renew", Roles: ownerOnly, To: Assigned, SelfTo: Accepted, Effects: []Effect{Reopen}},
	{Kind: "Task", From: open, Action: "act_accept_deadline", Roles: ownerOnly, Effects: []Effect{TakeDeadline}, Guard: Pending},
	{Kind: "Task", From: open, Action: "act_reject_deadline", Roles: ownerOnly, Effects: []Effect{DropDeadline}, Guard: Pending},
	{Kind: "Task", From: []string{Created, Assigned, Accepted, Delayed}, Action: "act_convert", Roles: ownerOnly, Effects: []Effect{Convert}},

	// Projects have no acceptance step (ProjectActionRequest has no
	// act_accept_task): they start accepted and renew to accepted.
	{Kind: "Project", From: []string{Accepted}, Action: "act_done", Roles: []Role{Responsible}, To: Done, SelfTo: Completed, Effects: []Effect{Finish}},
	{Kind: "Project", From: []string{Accepted}, Action: "act_done", Roles: ownerOnly, To: Completed, Effects: []Effect{Finish}},
	{Kind: "Project", From: []string{Done}, Action: "act_accept_work", Roles: ownerOnly, To: Completed, Effects: []Effect{Finish}},
	{Kind: "Project", From: []string{Done}, Action: "act_reject_work", Roles: ownerOnly, To: Accepted, Effects: []Effect{Reopen}},
	{Kind: "Project", From: []string{Accepted}, Action: "act_pause", Roles: both, To: Delayed},
	{Kind: "Project", From: []string{Delayed}, Action: "act_resume", Roles: both, To: Accepted},
	{Kind: "Project", From: projOpen, Action: "act_cancel", Roles: ownerOnly, To: Cancelled, Effects: []Effect{Finish}},
	{Kind: "Project", From: []string{Accepted, Delayed}, Action: "act_expire", Roles: ownerOnly, To: Expired, Effects: []Effect{Finish}},
	{Kind: "Project", From: []string{Completed, Cancelled, Expired}, Action: "act_renew", Roles: ownerOnly, To: Accepted, Effects: []Effect{Reopen}},
	{Kind: "Project", From: projOpen, Action: "act_accept_deadline", Roles: ownerOnly, Effects: []Effect{TakeDeadline}, Guard: Pending},
	{Kind: "Project", From: projOpen, Action: "act_reject_deadline", Roles: ownerOnly, Effects: []Effect{DropDeadline}, Guard: Pending},
	{Kind: "Project", From: []string{Accepted, Delayed}, Action: "act_convert", Roles: ownerOnly, Effects: []Effect{Convert}},
}

// Deadline roles: who changes a deadline at once and who asks for a new
// one (POST /task/{id}/changeDeadline decides between the two).
var (
	DeadlineChangers = []Role{Owner}
	DeadlineAskers   = []Role{Responsible, Executor}
)

// Has reports whether the row names the role.
func (r *Row) Has(role Role) bool { return slices.Contains(r.Roles, role) }

// rowsByAction indexes Table by kind and action, keeping table order, and
// lists each kind's actions in the order they first appear: every list
// page asks Actions for each of its rows, and scanning the whole table per
// action was a tenth of the task screen's CPU.
var rowsByAction = sync.OnceValues(func() (map[[2]string][]*Row, map[string][]string) {
	rows, actions := map[[2]string][]*Row{}, map[string][]string{}
	for i := range Table {
		r := &Table[i]
		key := [2]string{r.Kind, r.Action}
		if len(rows[key]) == 0 {
			actions[r.Kind] = append(actions[r.Kind], r.Action)
		}
		rows[key] = append(rows[key], r)
	}
	return rows, actions
})

// Find is the first row of kind from status for action that one of the
// caller's roles may do, given whether the guard holds; nil when none.
func Find(kind, status, action string, has func(Role) bool, pending bool) *Row {
	rows, _ := rowsByAction()
	for _, r := range rows[[2]string{kind, action}] {
		if !slices.Contains(r.From, status) || (r.Guard == Pending && !pending) {
			continue
		}
		for _, role := range r.Roles {
			if has(role) {
				return r
			}
		}
	}
	return nil
}

// Actions lists, in table order and without repeats, what the caller may
// do from status: exactly the actions doAction would accept.
func Actions(kind, status string, has func(Role) bool, pending bool) []string {
	// The answer depends on nothing but these, and the table never
	// changes: a list page asks the same few questions for all its rows.
	key := actionsKey{kind: kind, status: status, pending: pending}
	for i, role := range allRoles {
		if has(role) {
			key.roles |= 1 << i
		}
	}
	if v, ok := actionsMemo.Load(key); ok {
		return v.([]string)
	}
	holds := func(role Role) bool { return key.roles&(1<<slices.Index(allRoles, role)) != 0 }
	_, actions := rowsByAction()
	out := []string{}
	for _, a := range actions[kind] {
		if Find(kind, status, a, holds, pending) != nil {
			out = append(out, a)
		}
	}
	// The status is the reference's enum (checked on every write), so the
	// memo holds at most kinds × statuses × 16 role sets × 2 answers.
	actionsMemo.Store(key, out)
	return slices.Clip(out)
}

var allRoles = []Role{Owner, Responsible, Executor, Auditor}

type actionsKey struct {
	kind, status string
	roles        uint8
	pending      bool
}

// actionsMemo holds Actions' answers; callers do not change the slices.
var actionsMemo sync.Map

// Known reports whether doAction of kind knows the action at all (an
// unknown one answers 422, a known one not allowed now 403). act_delete
// is the rights layer's, performed as a delete.
func Known(kind, action string) bool {
	if action == "act_delete" {
		return true
	}
	for _, r := range Table {
		if r.Kind == kind && r.Action == action {
			return true
		}
	}
	return false
}

// KnownActions lists the actions doAction of kind accepts, for the 422.
func KnownActions(kind string) []string {
	var out []string
	for _, r := range Table {
		if r.Kind == kind && !slices.Contains(out, r.Action) {
			out = append(out, r.Action)
		}
	}
	return append(out, "act_delete")
}
