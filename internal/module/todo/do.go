package todo

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Request is a doAction body: one of the reference's Todo*ActionRequest,
// told apart by its contentType.
type Request struct {
	Action     string
	Status     Status       // act_finish: the status finished with
	ResultText string       // act_finish: the result, posted as a comment
	Attaches   []value.Link // act_finish: the result's files
	DeleteMode string       // act_delete: which of a repeating to-do's series (series_set.go)
	// ChangeMode answers an invitation to this to-do only
	// (changeCurrent) or to it and the later ones of its series
	// (changeSequent).
	ChangeMode string
}

// requestActions maps the reference's request types to the actions they
// ask for.
var requestActions = map[string]string{
	"TodoAcceptInvitationActionRequest": "act_accept_invite",
	"TodoRejectInvitationActionRequest": "act_reject_invite",
	"TodoFinishActionRequest":           "act_finish",
	"TodoRenewActionRequest":            "act_renew",
	"TodoTakeActionRequest":             "act_take",
	"TodoDeleteRepeatableActionRequest": "act_delete",
	// Artel's own: the reference lists act_cancel in possibleActions
	// and TodoRights.cancel but names no request for it (docs/todo.md).
	"TodoCancelActionRequest": "act_cancel",
}

// ParseRequest reads a doAction body; what does not fit is a 422.
func ParseRequest(in entity.Input) (Request, error) {
	r := Request{Status: Statuses[1]}
	var contentType string
	_ = json.Unmarshal(in["contentType"], &contentType)
	if r.Action = requestActions[contentType]; r.Action == "" {
		return r, &entity.Invalid{Errors: []entity.FieldError{{Field: "contentType", Code: value.CodeEnum,
			Value: &value.Error{Code: value.CodeEnum, Expected: "contentType", Allowed: requestTypes()}}}}
	}
	bad := &entity.Invalid{}
	if raw := in["status"]; len(raw) > 0 && string(raw) != "null" {
		var s struct {
			ID string `json:"id"`
		}
		st, ok := Status{}, json.Unmarshal(raw, &s) == nil
		if ok {
			st, ok = statusByID(s.ID)
		}
		if !ok || st.Master == "scheduled" {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "status", Code: value.CodeEnum,
				Value: &value.Error{Code: value.CodeEnum, Expected: "TodoStatus", Allowed: finishIDs()}})
		}
		r.Status = st
	}
	if raw := in["resultText"]; len(raw) > 0 && string(raw) != "null" && json.Unmarshal(raw, &r.ResultText) != nil {
		bad.Errors = append(bad.Errors, entity.FieldError{Field: "resultText", Code: value.CodeType, Value: &value.Error{Code: value.CodeType, Expected: "string"}})
	}
	if raw := in["resultAttaches"]; len(raw) > 0 && string(raw) != "null" {
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: "resultAttaches", Code: value.CodeType, Value: &value.Error{Code: value.CodeType, Expected: "File[]"}})
		}
		for _, it := range items {
			l, err := value.DecodeLink(it, []string{"File"})
			if err != nil || l.ID == 0 {
				bad.Errors = append(bad.Errors, entity.FieldError{Field: "resultAttaches", Code: value.CodeType, Value: &value.Error{Code: value.CodeType, Expected: "File[]"}})
				break
			}
			r.Attaches = append(r.Attaches, l)
		}
	}
	var mode string
	if raw := in["deleteMode"]; len(raw) > 0 && string(raw) != "null" &&
		(json.Unmarshal(raw, &mode) != nil || !slices.Contains([]string{"changeCurrent", "changeSequent", "changeTemplate"}, mode)) {
		bad.Errors = append(bad.Errors, entity.FieldError{Field: "deleteMode", Code: value.CodeEnum,
			Value: &value.Error{Code: value.CodeEnum, Expected: "deleteMode", Allowed: []string{"changeCurrent", "changeSequent", "changeTemplate"}}})
	}
	var change string
	if raw := in["changeMode"]; len(raw) > 0 && string(raw) != "null" &&
		(json.Unmarshal(raw, &change) != nil || !slices.Contains([]string{"changeCurrent", "changeSequent"}, change)) {
		bad.Errors = append(bad.Errors, entity.FieldError{Field: "changeMode", Code: value.CodeEnum,
			Value: &value.Error{Code: value.CodeEnum, Expected: "changeMode", Allowed: []string{"changeCurrent", "changeSequent"}}})
	}
	if len(bad.Errors) > 0 {
		return r, bad
	}
	r.DeleteMode, r.ChangeMode = mode, change
	return r, nil
}

func requestTypes() []string {
	out := make([]string, 0, len(requestActions))
	for k := range requestActions {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func finishIDs() []string {
	var out []string
	for _, s := range Statuses[1:] {
		out = append(out, s.ID)
	}
	return out
}

// Do performs one action on a to-do with no notifications sent (the
// demo company's setup); the server's is Module.Do.
func Do(ctx context.Context, e *entity.Engine, sc entity.Scope, id int64, req Request) (*entity.Record, error) {
	return (&Module{h: hooks{e: e, att: attendees{e.DB}}}).Do(ctx, sc, id, req)
}

// Do performs one action on a to-do and returns it after (as it was, for
// act_delete). An action possibleActions leaves out is ErrForbidden; a
// to-do that needs a result is not finished without one (422). Answers
// are told to the organiser, a cancellation to the invitees.
func (m *Module) Do(ctx context.Context, sc entity.Scope, id int64, req Request) (*entity.Record, error) {
	e, h := m.h.e, m.h
	h.m = m
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := e.Get(ctx, sc, "Todo", id)
		if err != nil {
			return err
		}
		if req.Action == "act_delete" {
			out = rec
			return h.deleteInSeries(ctx, sc, id, req.DeleteMode)
		}
		answers, err := h.att.answersOf(ctx, sc, []int64{id})
		if err != nil {
			return err
		}
		if !slices.Contains(possible(ctx, e, sc, rec, answers[id]), req.Action) {
			return entity.ErrForbidden
		}
		if status := inviteAnswer[req.Action]; status != "" {
			if err := h.answerAll(ctx, sc, rec, status, req.ChangeMode == "changeSequent"); err != nil {
				return err
			}
			out, err = e.Get(ctx, sc, "Todo", id)
			return err
		}
		in := entity.Input{}
		switch req.Action {
		case "act_finish":
			if in, err = finish(ctx, e, sc, rec, req); err != nil {
				return err
			}
		case "act_cancel":
			in = closing(e, Statuses[3]) // fail: it did not take place
		case "act_renew":
			in["status"], in["timeFinished"] = statusJSON(Statuses[0]), json.RawMessage("null")
		case "act_take":
			in["responsible"] = linkJSON(sc.Actor)
		}
		if out, err = e.Update(ctx, sc, "Todo", id, in); err != nil {
			return err
		}
		if req.Action == "act_cancel" {
			return h.tellCancelled(ctx, sc, out)
		}
		return nil
	})
	return out, err
}

// closing is the change that closes a to-do with a status now.
func closing(e *entity.Engine, st Status) entity.Input {
	now, _ := json.Marshal(value.DateTime{}.Encode(e.Now().UnixMilli(), value.Options{}))
	return entity.Input{"status": statusJSON(st), "timeFinished": now}
}

// finish is act_finish's change: the status, the time, and the result
// as a comment on the to-do (resultComment).
func finish(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record, req Request) (entity.Input, error) {
	need, _ := rec.Values["isNeedResult"].(int64)
	if need != 0 && req.ResultText == "" && len(req.Attaches) == 0 {
		return nil, entity.Invalidf("resultText", entity.CodeRequired, "")
	}
	in := closing(e, req.Status)
	if req.ResultText == "" && len(req.Attaches) == 0 {
		return in, nil
	}
	files := make([]any, len(req.Attaches))
	for i, l := range req.Attaches {
		files[i] = value.EncodeLink(l)
	}
	attaches, _ := json.Marshal(files)
	content, _ := json.Marshal(req.ResultText)
	comment, err := e.Create(ctx, sc, "Comment", entity.Input{"content": content, "attaches": attaches, "subject": linkJSON(rec.Link())})
	if err != nil {
		return nil, err
	}
	in["resultComment"] = linkJSON(comment.Link())
	return in, nil
}
