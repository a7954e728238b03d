package task

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Deadline change requests (the reference's DeadlineChangeRequest). The
// owner moves a deadline at once; the responsible or an executor asks, and
// the owner answers with act_accept_deadline or act_reject_deadline (or by
// posting the request's status). The task's deadlineChangeRequest names
// the pending request only and is cleared when it is answered, so
// "pending" needs no extra read; answered requests stay, with their status.

const (
	reqCreated   = "created"
	reqAccepted  = "accepted"
	reqRejected  = "rejected"
	reqCancelled = "cancelled"
)

// ChangeDeadline serves POST /task/{id}/changeDeadline (and the project's):
// body {deadline, request?}. It returns the task or project after it.
func ChangeDeadline(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, in entity.Input) (*entity.Record, error) {
	dt, err := e.Type("DeadlineChangeRequest")
	if err != nil {
		return nil, err
	}
	raw, given := in["deadline"]
	if !given || string(raw) == "null" {
		return nil, entity.Invalidf("deadline", entity.CodeRequired, "")
	}
	deadline, err := dt.Field("deadline").Kind.Decode(raw)
	if err != nil {
		return nil, fieldErr("deadline", err)
	}
	var text any
	if raw, given := in["request"]; given {
		if text, err = dt.Field("request").Kind.Decode(raw); err != nil {
			return nil, fieldErr("request", err)
		}
	}
	var out *entity.Record
	err = e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := lockedGet(ctx, e, sc, kind, id)
		if err != nil {
			return err
		}
		r := newRoles(ctx, e, sc, rec)
		change, ask := deadlineRights(rec, r)
		switch {
		case change:
			c := entity.NewChange(sc, rec.Type, rec)
			c.Values["deadline"] = deadline
			out, err = save(ctx, e, sc, c)
			return err
		case ask:
			out, err = request(asMachine(ctx), e, sc, rec, deadline, text)
			return err
		}
		if r.err != nil {
			return r.err
		}
		return entity.ErrForbidden
	})
	return out, err
}

// deadlineRights is what changeDeadline does for the caller: move the
// deadline at once (change), file a request (ask), or neither. The
// rights object (rights_object.go) answers changeDeadline and
// requestDeadline from it too.
func deadlineRights(rec *entity.Record, r *roles) (change, ask bool) {
	switch {
	case hasAny(r, DeadlineChangers):
		return true, false
	case hasAny(r, DeadlineAskers):
		// Ask only where the owner could answer.
		return false, Find(rec.Type.Name, statusOf(rec), "act_accept_deadline", func(Role) bool { return true }, true) != nil
	}
	return false, false
}

func hasAny(r *roles, list []Role) bool {
	for _, role := range list {
		if r.has(role) {
			return true
		}
	}
	return false
}

// request files a new pending request; one already pending is cancelled,
// as asking again replaces the question.
func request(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record, deadline, text any) (*entity.Record, error) {
	if err := setRequestStatus(ctx, e, sc, rec, reqCancelled); err != nil {
		return nil, err
	}
	dt, _ := e.Type("DeadlineChangeRequest")
	rc := entity.NewChange(sc, dt, nil)
	rc.Values["deadline"], rc.Values["status"] = deadline, reqCreated
	if text != nil {
		rc.Values["request"] = text
	}
	issue := rec.Link()
	rc.Links["issue"] = &issue
	made, err := save(ctx, e, sc, rc)
	if err != nil {
		return nil, err
	}
	c := entity.NewChange(sc, rec.Type, rec)
	l := made.Link()
	c.Links["deadlineChangeRequest"] = &l
	return save(ctx, e, sc, c)
}

// answer resolves the pending request inside a row's change c: accepting
// takes its deadline; either way the task stops naming it.
func answer(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record, c *entity.Change, accept bool) error {
	status := reqRejected
	if accept {
		l := rec.Links["deadlineChangeRequest"]
		req, err := e.Get(ctx, entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true}, l.Type, l.ID)
		if err != nil {
			return err
		}
		c.Values["deadline"], status = req.Values["deadline"], reqAccepted
	}
	c.Links["deadlineChangeRequest"] = nil
	return setRequestStatus(ctx, e, sc, rec, status)
}

// setRequestStatus writes the pending request's answer, if one is pending.
func setRequestStatus(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record, status string) error {
	l, ok := rec.Links["deadlineChangeRequest"]
	if !ok {
		return nil
	}
	req, err := e.Get(ctx, entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true}, l.Type, l.ID)
	if errors.Is(err, entity.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	rc := entity.NewChange(sc, req.Type, req)
	rc.Values["status"] = status
	who := sc.Actor
	rc.Links["whoUpdated"] = &who
	_, err = save(ctx, e, sc, rc)
	return err
}

// AnswerRequest serves POST /deadlineChangeRequest/{id}: {"status":
// "accepted"|"rejected"} by whoever may accept or reject it on its task,
// {"status":"cancelled"} by its author (or an administrator). It returns
// the task or project the request is about.
func AnswerRequest(ctx context.Context, e *entity.Engine, sc entity.Scope, id int64, in entity.Input) (*entity.Record, error) {
	var status string
	allowed := []string{reqAccepted, reqRejected, reqCancelled}
	if raw, given := in["status"]; !given || json.Unmarshal(raw, &status) != nil || !contains(allowed, status) {
		return nil, &entity.Invalid{Errors: []entity.FieldError{{Field: "status", Code: value.CodeEnum,
			Value: &value.Error{Code: value.CodeEnum, Expected: "status", Allowed: allowed}}}}
	}
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		req, err := e.Get(ctx, sc, "DeadlineChangeRequest", id)
		if err != nil {
			return err
		}
		issue, ok := req.Links["issue"]
		if !ok {
			return entity.ErrNotFound
		}
		rec, err := lockedGet(ctx, e, sc, issue.Type, issue.ID)
		if err != nil {
			return err
		}
		if l, ok := rec.Links["deadlineChangeRequest"]; !ok || l != req.Link() {
			return entity.ErrForbidden // answered already, or replaced
		}
		switch status {
		case reqAccepted, reqRejected:
			action := map[string]string{reqAccepted: "act_accept_deadline", reqRejected: "act_reject_deadline"}[status]
			out, err = Do(ctx, e, sc, issue.Type, issue.ID, Request{Action: action})
			return err
		}
		if !sc.Admin && req.Links["owner"] != sc.Actor {
			return entity.ErrForbidden
		}
		mctx := asMachine(ctx)
		if err := setRequestStatus(mctx, e, sc, rec, reqCancelled); err != nil {
			return err
		}
		c := entity.NewChange(sc, rec.Type, rec)
		c.Links["deadlineChangeRequest"] = nil
		out, err = save(mctx, e, sc, c)
		return err
	})
	return out, err
}

func fieldErr(field string, err error) error {
	var ve *value.Error
	if errors.As(err, &ve) {
		return &entity.Invalid{Errors: []entity.FieldError{{Field: field, Code: ve.Code, Value: ve}}}
	}
	return entity.Invalidf(field, value.CodeFormat, "")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
