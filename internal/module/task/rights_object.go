package task

import (
	"context"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
)

// The rights field of Task and Project (the reference's TaskRights and
// ProjectRights): per reader, every boolean answered from what the code
// already enforces, never from a copy of the rules. act_* come from the
// possibleActions the policy and the status table give; the rest from
// the policy's own Allow and Visible and the deadline rules. A single
// read returns it; a list only when it names rights in fields.
// docs/tasks.md, "The rights object", lists each field's source.

// taskRights and projectRights are the reference's booleans, in its order.
var (
	taskRights = []string{"read", "edit", "remove", "updateDeepLastActivity", "acceptWork", "rejectWork",
		"acceptTask", "rejectTask", "acceptDeadline", "rejectDeadline", "changeDeadline", "requestDeadline",
		"createSubtask", "createNegotiationSubtask", "editExecutors", "editExtFields", "readMilestone",
		"createMilestone", "createFinOperation", "convert", "delegate", "readBonuses", "linkDeal", "takeup",
		"useTemplate", "toTemplate", "changeOwner", "pause", "resume", "cancel", "expire", "done", "renew",
		"rateVoteAvailable", "rateVoteWillBeAvailable", "rateResultsAvailable", "rateCustomVoteAvailable",
		"rateChangeVoteAvailable", "rateSeeVote", "rateWidgetAvailable", "reminderRecipient", "editMainInfo",
		"changeContractor", "addNewNegotiationItem", "deleteNegotiationItem", "editNegotiationItemVersion"}
	projectRights = []string{"read", "edit", "remove", "acceptWork", "rejectWork", "acceptDeadline",
		"rejectDeadline", "changeDeadline", "requestDeadline", "createTask", "createNegotiationTask",
		"createSubproject", "editExecutors", "editExtFields", "readMilestone", "createMilestone",
		"createFinOperation", "convert", "readBonuses", "linkDeal", "useTemplate", "toTemplate", "changeOwner",
		"pause", "resume", "cancel", "expire", "done", "renew", "reminderRecipient"}
)

// byAction are the rights that are exactly one act_* of possibleActions.
var byAction = map[string]string{
	"read": "act_read", "edit": "act_edit", "remove": "act_delete",
	"acceptTask": "act_accept_task", "rejectTask": "act_reject_task",
	"acceptWork": "act_accept_work", "rejectWork": "act_reject_work",
	"done": "act_done", "pause": "act_pause", "resume": "act_resume", "cancel": "act_cancel",
	"expire": "act_expire", "renew": "act_renew", "convert": "act_convert",
	"delegate": "act_delegate", "takeup": "act_takeup",
	"acceptDeadline": "act_accept_deadline", "rejectDeadline": "act_reject_deadline",
}

// byEdit are the rights the plain update (or the generic collection
// calls, for executors and deals) grants exactly to who may edit: the
// engine checks act_edit and nothing finer. The three *CanEditExtFields
// flags are stored but not enforced, so editExtFields follows act_edit.
var byEdit = []string{"editExecutors", "editExtFields", "editMainInfo", "changeContractor", "changeOwner", "linkDeal"}

// NotOffered are the reference's rights for what the product does not do
// yet (ratings, updating the deep last activity): always false.
var NotOffered = []string{"updateDeepLastActivity", "rateVoteAvailable", "rateVoteWillBeAvailable",
	"rateResultsAvailable", "rateCustomVoteAvailable", "rateChangeVoteAvailable", "rateSeeVote", "rateWidgetAvailable"}

// RightsFields lists the booleans of kind's rights object.
func RightsFields(kind string) []string {
	if kind == "Project" {
		return projectRights
	}
	return taskRights
}

func registerRights(e *entity.Engine) {
	for _, kind := range []string{"Task", "Project"} {
		e.Compute(kind, entity.Computer{Fields: []string{"rights"}, Fill: fillRights(e)})
	}
	// The negotiation rights read it from each listed task.
	e.NeedFields("Task", "isNegotiation")
}

// fillRights computes the rights of a page of one kind: the page's
// possibleActions and memberships are read once, not per record.
func fillRights(e *entity.Engine) func(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	return func(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
		if e.Policy == nil || sc.System {
			return nil // as possibleActions: the system is not a reader
		}
		acts := possibleOf(ctx, e, sc, recs)
		many, err := pageMemberships(ctx, e, sc, recs)
		if err != nil {
			return err
		}
		page, err := pageRights(ctx, e, sc, recs[0].Type.Name)
		if err != nil {
			return err
		}
		for _, rec := range recs {
			r := newRoles(ctx, e, sc, rec)
			r.many = many[rec.ID]
			if r.many == nil {
				r.many = map[string]bool{}
			}
			rec.SetComputed("rights", rightsOf(sc, rec, acts[rec.ID], r, page))
		}
		return nil
	}
}

// possibleOf reuses the possibleActions the read already computed (a
// single read, a list without onlyRequestedFields) and asks the policy
// otherwise.
func possibleOf(ctx context.Context, e *entity.Engine, sc entity.Scope, recs []*entity.Record) map[int64][]string {
	out := make(map[int64][]string, len(recs))
	for _, rec := range recs {
		list, ok := rec.Computed["possibleActions"].([]string)
		if !ok {
			return e.Policy.PossibleActions(ctx, sc, recs)
		}
		out[rec.ID] = list
	}
	return out
}

// pageFacts are the rights that depend on the reader and the kind only.
type pageFacts struct {
	createTask, createProject, createMilestone, createFinOperation, seeMilestones, seeBonuses bool
}

func pageRights(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string) (pageFacts, error) {
	var f pageFacts
	var err error
	mayCreate := func(typ string) bool {
		t, terr := e.Type(typ)
		if terr != nil {
			err = terr
			return false
		}
		return e.Policy.Allow(ctx, sc, entity.ActCreate, t, nil) == nil
	}
	// A type every record of which the reader sees: milestones and
	// bonuses are, by the rules table, seen by every employee or none.
	seesAll := func(typ string) bool {
		t, terr := e.Type(typ)
		if terr != nil {
			err = terr
			return false
		}
		cond, verr := e.Policy.Visible(ctx, sc, t)
		if verr != nil {
			err = verr
		}
		return verr == nil && cond == nil
	}
	own := e.Cat.Type(kind)
	f.createTask, f.createProject = mayCreate("Task"), mayCreate("Project")
	f.createMilestone = own.Has("milestones") && mayCreate("Milestone")
	f.createFinOperation = own.Has("financeOperations") && mayCreate("FinOperation")
	f.seeMilestones = own.Has("milestones") && seesAll("Milestone")
	f.seeBonuses = own.Has("bonuses") && seesAll("Bonus")
	return f, err
}

// rightsOf builds one record's object: {"contentType": "TaskRights",
// "id": the record's id, booleans}, an embedded BaseEntity shaped as
// the reference has it.
func rightsOf(sc entity.Scope, rec *entity.Record, acts []string, r *roles, page pageFacts) map[string]any {
	kind := rec.Type.Name
	b := map[string]bool{}
	for field, act := range byAction {
		b[field] = slices.Contains(acts, act)
	}
	edit := b["edit"]
	for _, field := range byEdit {
		b[field] = edit
	}
	b["changeDeadline"], b["requestDeadline"] = deadlineRights(rec, r)
	// Subtasks and subprojects are plain creates naming this record as
	// parent, which the reader sees (it is reading it).
	if kind == "Project" {
		b["createTask"], b["createNegotiationTask"] = page.createTask, page.createTask
		b["createSubproject"] = page.createProject
	} else {
		b["createSubtask"], b["createNegotiationSubtask"] = page.createTask, page.createTask
	}
	// Milestones are created through /task/{id}/milestones (seeing the
	// task is enough); a finance operation is created, then linked to
	// the record, which takes editing it.
	b["createMilestone"] = page.createMilestone
	b["readMilestone"] = page.seeMilestones
	b["readBonuses"] = page.seeBonuses
	b["createFinOperation"] = page.createFinOperation && edit
	// Clone: from a template it makes work, from work a template; either
	// is a create of the record's own type by who sees it.
	mayClone := page.createTask
	if kind == "Project" {
		mayClone = page.createProject
	}
	template := rec.Values["isTemplate"] == int64(1)
	b["useTemplate"], b["toTemplate"] = template && mayClone, !template && mayClone
	// Negotiation items: added, corrected and deleted by who may edit a
	// negotiation task (negotiation.go, mayEdit and negotiationTask).
	negotiation := edit && rec.Values["isNegotiation"] == int64(1)
	for _, field := range []string{"addNewNegotiationItem", "deleteNegotiationItem", "editNegotiationItemVersion"} {
		b[field] = negotiation
	}
	b["reminderRecipient"] = named(sc, rec, r)
	out := map[string]any{"contentType": kind + "Rights", "id": strconv.FormatInt(rec.ID, 10)}
	for _, field := range RightsFields(kind) {
		out[field] = b[field]
	}
	return out
}

// named: the reader takes part in the record in one of the table's roles
// by name (an administrator's owner rights do not make them one), as the
// "mine" filter counts it.
func named(sc entity.Scope, rec *entity.Record, r *roles) bool {
	if sc.Actor.ID == 0 {
		return false
	}
	return rec.Links["owner"] == sc.Actor || rec.Links["responsible"] == sc.Actor || r.member("executors") || r.member("auditors")
}
