package task

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/value"
)

// Register installs the task rules: the hook on every Task and Project
// write and the act_* of the table in their possibleActions.
func Register(e *entity.Engine, p *rights.Policy) {
	for _, kind := range []string{"Task", "Project"} {
		e.Hook(kind, entity.Hooks{BeforeSave: beforeSave(e)})
		// possibleActions reads these from each listed record.
		e.NeedFields(kind, "status", "owner", "responsible", "deadlineChangeRequest", "isTemplate")
	}
	if p.More == nil {
		p.More = map[string]func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string{}
	}
	p.More["Task"], p.More["Project"] = Possible(e), Possible(e)
	registerFilters(e)
	registerParts(e)
	registerSchedules(e)
	registerNegotiation(e)
	registerRights(e)
}

// Derived are the fields the journal of changes (internal/module/history)
// leaves out: the visa counts follow from the visas and approvers
// (negotiation_tally.go), which are journalled themselves.
var Derived = []string{"visaOkCount", "visaBadCount", "shouldVisasCount"}

// Request is a doAction body: TaskActionRequest or ProjectActionRequest,
// plus the new responsible of act_delegate (the reference's request has
// no field for it; /task/{id}/delegate sends the employee as the body).
type Request struct {
	Action      string
	Text        string
	Responsible *value.Link
}

// ParseRequest reads a doAction body.
func ParseRequest(in entity.Input) (Request, error) {
	var r Request
	bad := &entity.Invalid{}
	if raw, ok := in["action"]; !ok || json.Unmarshal(raw, &r.Action) != nil || r.Action == "" {
		bad.Add("action", entity.CodeRequired, "")
	}
	if raw, ok := in["text"]; ok && string(raw) != "null" && json.Unmarshal(raw, &r.Text) != nil {
		bad.Errors = append(bad.Errors, entity.FieldError{Field: "text", Code: value.CodeType, Value: &value.Error{Code: value.CodeType, Expected: "string"}})
	}
	if raw, ok := in["responsible"]; ok && string(raw) != "null" {
		l, err := value.DecodeLink(raw, []string{"Employee"})
		if err != nil {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "responsible", Code: value.CodeType, Value: &value.Error{Code: value.CodeType, Expected: "Employee"}})
		}
		r.Responsible = &l
	}
	if len(bad.Errors) > 0 {
		return r, bad
	}
	return r, nil
}

// Do performs one action on a task or project (kind) for the scope and
// returns the record after it: the converted entity for act_convert, the
// record as it was for act_delete. An unknown action is a 422; a known
// one the table does not allow the caller now is entity.ErrForbidden,
// exactly when possibleActions leaves it out.
func Do(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, req Request) (*entity.Record, error) {
	if !Known(kind, req.Action) {
		return nil, &entity.Invalid{Errors: []entity.FieldError{{Field: "action", Code: value.CodeEnum,
			Value: &value.Error{Code: value.CodeEnum, Expected: "action", Allowed: KnownActions(kind)}}}}
	}
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := lockedGet(ctx, e, sc, kind, id)
		if err != nil {
			return err
		}
		if req.Action == "act_delete" {
			// The rights layer decides deletes; the engine asks it.
			out = rec
			return e.Delete(ctx, sc, kind, id)
		}
		r := newRoles(ctx, e, sc, rec)
		row := Find(kind, statusOf(rec), req.Action, r.has, pending(rec))
		if r.err != nil {
			return r.err
		}
		if row == nil {
			return entity.ErrForbidden
		}
		if out, err = apply(asMachine(ctx), e, sc, rec, row, req); err != nil {
			return err
		}
		return comment(ctx, e, sc, out, req.Text)
	})
	return out, err
}

// lockedGet reads a record for a transition after taking its row lock, so
// two transitions at once (pause against done) run one after the other
// and the second sees the first's status. SQLite's writer already runs
// one transaction at a time; on PostgreSQL read committed would let both
// read the old status.
func lockedGet(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64) (*entity.Record, error) {
	t, err := e.Type(kind)
	if err != nil {
		return nil, err
	}
	if _, err := e.DB.Q(ctx).ExecContext(ctx, e.DB.Dialect.Rebind(fmt.Sprintf(
		"UPDATE %s SET id = id WHERE account_id = ? AND id = ?", t.Table)), sc.Account, id); err != nil {
		return nil, fmt.Errorf("task: lock %s %d: %w", kind, id, err)
	}
	return e.Get(ctx, sc, kind, id)
}

// apply writes a row's status and effects in one save.
func apply(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record, row *Row, req Request) (*entity.Record, error) {
	if slices.Contains(row.Effects, Convert) {
		return convert(ctx, e, sc, rec)
	}
	now := e.Now().UnixMilli()
	c := entity.NewChange(sc, rec.Type, rec)
	for _, eff := range row.Effects {
		switch eff {
		case SetResponsible:
			if req.Responsible == nil {
				return nil, entity.Invalidf("responsible", entity.CodeRequired, "")
			}
			l := *req.Responsible
			c.Links["responsible"] = &l
		case TakeUp:
			a := sc.Actor
			c.Links["responsible"] = &a
		case Finish:
			c.Values["actualFinish"] = now
		case Reopen:
			c.Values["actualFinish"] = nil
		case TakeDeadline, DropDeadline:
			if err := answer(ctx, e, sc, rec, c, eff == TakeDeadline); err != nil {
				return nil, err
			}
		}
	}
	if to := target(row, linksAfter(c)); to != "" {
		if to != rec.String("status") {
			c.Values["status"], c.Values["statusChangeTime"] = to, now
		}
		if to == Accepted && slices.Contains(row.Effects, Start) {
			c.Values["actualStart"] = now
		}
	}
	return save(ctx, e, sc, c)
}

// target is the status a row leads to with the links the action leaves:
// SelfTo when the responsible is the owner; created instead of assigned
// when nobody is responsible (renewing a task whose responsible was
// cleared).
func target(row *Row, links map[string]value.Link) string {
	to := row.To
	resp, hasResp := links["responsible"]
	if row.SelfTo != "" && hasResp && resp == links["owner"] {
		to = row.SelfTo
	}
	if to == Assigned && !hasResp {
		to = Created
	}
	return to
}

// save stores a module change as the caller. The table has already
// decided: an executor or auditor taking a task up may do so though the
// rights layer lets only owner and responsible edit, so such a save runs
// with the system's rights, still in the caller's name (userUpdated,
// events).
func save(ctx context.Context, e *entity.Engine, sc entity.Scope, c *entity.Change) (*entity.Record, error) {
	if e.Policy != nil && !sc.System && !c.New {
		if err := e.Policy.Allow(ctx, sc, entity.ActEdit, c.Type, c.Old); errors.Is(err, entity.ErrForbidden) {
			sc.System = true
		}
	}
	if c.Type.Name == "DeadlineChangeRequest" {
		// Requests are written only here, by the table's rules; the
		// generic API leaves them to administrators.
		sc.System = true
	}
	c.Scope = sc
	return e.Save(ctx, c)
}

// comment posts an action's text as a comment on the record, as Megaplan
// does with the text of a TaskActionRequest.
func comment(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record, text string) error {
	if text == "" {
		return nil
	}
	content, _ := json.Marshal(text)
	subject, _ := json.Marshal(value.EncodeLink(rec.Link()))
	_, err := e.Create(ctx, sc, "Comment", entity.Input{"content": content, "subject": subject})
	return err
}
