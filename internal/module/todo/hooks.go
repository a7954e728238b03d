package todo

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// subjectTypes are who may be invited (Participant.subject).
var subjectTypes = []string{"Employee", "ContractorHuman", "ContractorCompany"}

// hooks keeps a to-do's when in shape and its attendees in step with it.
type hooks struct {
	e   *entity.Engine
	att attendees
	m   *Module
}

func (h hooks) beforeSave(ctx context.Context, c *entity.Change) error {
	if v, given := c.Values["when"]; given {
		w, err := normalWhen(v)
		if err != nil {
			return err
		}
		c.Values["when"] = w
	}
	if raw, given := c.Held["participants"]; given {
		if _, err := h.parseSubjects(ctx, c.Scope, raw); err != nil {
			return err
		}
	}
	if v, given := c.Values["category"]; given && v != nil {
		cat, err := categoryOf(v)
		if err != nil {
			return err
		}
		c.Values["category"] = cat
	}
	return h.remindersBeforeSave(ctx, c)
}

// remindersBeforeSave checks and normalises written reminders, and gives
// a new to-do without any its writer's default reminder.
func (h hooks) remindersBeforeSave(ctx context.Context, c *entity.Change) error {
	var rs []reminder
	if v, given := c.Values["reminders"]; given {
		var err error
		if rs, err = parseReminders([]byte(str(v))); err != nil {
			return err
		}
	} else if c.New {
		var err error
		if rs, err = h.defaultReminders(ctx, c.Scope); err != nil || rs == nil {
			return err
		}
	} else {
		return nil
	}
	c.Values["reminders"] = storeReminders(rs)
	return nil
}

// afterSave rewrites the to-do's reminders due when its time, responsible
// or reminders changed, and its attendee rows (with the busy days they
// count in) when its time, responsible or invitees changed. An invitee
// kept keeps their answer; a new one is asked (requested) and told,
// unless they invite themselves.
func (h hooks) afterSave(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	_, whenChanged := c.Values["when"]
	_, respChanged := c.Links["responsible"]
	_, remindersChanged := c.Values["reminders"]
	raw, invited := c.Held["participants"]
	if c.New || whenChanged || respChanged || remindersChanged {
		if err := h.writeDue(ctx, c.Scope.Account, rec, h.e.Now().UnixMilli()); err != nil {
			return err
		}
	}
	if resp := rec.Links["responsible"]; respChanged && !c.New && resp.Type == "Employee" && resp != c.Scope.Actor {
		// Given to someone: they hear of it (act_give is this write).
		n := &subscribe.Notification{Recipient: resp, Type: "todo_given", Subject: rec.Link(), Sender: c.Scope.Actor, Content: str(rec.Values["name"])}
		if err := h.m.notify(ctx, c.Scope.Account, n); err != nil {
			return err
		}
	}
	if !c.New && !whenChanged && !respChanged && !invited {
		return nil
	}
	old, err := h.att.participants(ctx, c.Scope.Account, []int64{rec.ID})
	if err != nil {
		return err
	}
	ps := old[rec.ID]
	if invited {
		subjects, err := h.parseSubjects(ctx, c.Scope, raw)
		if err != nil {
			return err
		}
		before := ps
		ps = withAnswers(subjects, ps, c.Scope.Actor)
		if err := h.tellInvited(ctx, c.Scope, rec, before, ps); err != nil {
			return err
		}
	}
	return h.write(ctx, c.Scope.Account, rec, ps)
}

// tellInvited notifies those newly asked to come (not the writer).
func (h hooks) tellInvited(ctx context.Context, sc entity.Scope, rec *entity.Record, before, after []Participant) error {
	for _, p := range after {
		if p.Status != Requested || p.Subject.Type == "ContractorCompany" ||
			slices.ContainsFunc(before, func(b Participant) bool { return b.Subject == p.Subject }) {
			continue
		}
		n := &subscribe.Notification{Recipient: p.Subject, Type: "todo_invite", Subject: rec.Link(),
			Sender: sc.Actor, Content: str(rec.Values["name"])}
		if err := h.m.notify(ctx, sc.Account, n); err != nil {
			return err
		}
	}
	return nil
}

func (h hooks) write(ctx context.Context, account int64, rec *entity.Record, ps []Participant) error {
	var span *value.Span
	if sp, ok := value.SpanOf(rec.Values["when"]); ok {
		span = &sp
	}
	var resp *value.Link
	if l, ok := rec.Links["responsible"]; ok {
		resp = &l
	}
	return h.counted(ctx, account, rec.ID, func() error { return h.att.write(ctx, account, rec.ID, span, resp, ps) })
}

func (h hooks) beforeDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	for _, table := range []string{"todo_dav", "todo_reminders", "todo_occurrences"} {
		if err := h.att.exec(ctx, `DELETE FROM `+table+` WHERE account_id = ? AND todo_id = ?`, sc.Account, rec.ID); err != nil {
			return err
		}
	}
	return h.counted(ctx, sc.Account, rec.ID, func() error {
		return h.att.exec(ctx, `DELETE FROM todo_attendees WHERE account_id = ? AND todo_id = ?`, sc.Account, rec.ID)
	})
}

// withAnswers keeps the answers of those invited before.
func withAnswers(subjects []value.Link, before []Participant, actor value.Link) []Participant {
	was := map[value.Link]string{}
	for _, p := range before {
		was[p.Subject] = p.Status
	}
	out := make([]Participant, len(subjects))
	for i, s := range subjects {
		status, ok := was[s]
		switch {
		case !ok && s == actor:
			status = Accepted
		case !ok:
			status = Requested
		}
		out[i] = Participant{Subject: s, Status: status}
	}
	return out
}

// parseSubjects reads a written participants list: Participant objects
// (their subject counts; a status given by the writer does not, since
// only the invitee answers) or bare links, each someone the writer sees,
// none twice.
func (h hooks) parseSubjects(ctx context.Context, sc entity.Scope, raw json.RawMessage) ([]value.Link, error) {
	var items []json.RawMessage
	if string(raw) == "null" {
		return nil, nil
	}
	if json.Unmarshal(raw, &items) != nil {
		return nil, entity.Invalidf("participants", value.CodeType, "Participant[]")
	}
	var out []value.Link
	seen := map[value.Link]bool{}
	for _, it := range items {
		var p struct {
			ContentType string          `json:"contentType"`
			Subject     json.RawMessage `json:"subject"`
		}
		if json.Unmarshal(it, &p) != nil {
			return nil, entity.Invalidf("participants", value.CodeType, "Participant[]")
		}
		ref := it
		if p.ContentType == "Participant" {
			if len(p.Subject) == 0 || string(p.Subject) == "null" {
				return nil, entity.Invalidf("participants", entity.CodeRequired, "subject")
			}
			ref = p.Subject
		}
		l, err := value.DecodeLink(ref, subjectTypes)
		if err != nil {
			bad := &entity.Invalid{Errors: []entity.FieldError{{Field: "participants", Code: value.CodeEnum}}}
			var ve *value.Error
			if errors.As(err, &ve) {
				bad.Errors[0].Code, bad.Errors[0].Value = ve.Code, ve
			}
			return nil, bad
		}
		if _, err := h.e.Get(ctx, sc, l.Type, l.ID); errors.Is(err, entity.ErrNotFound) {
			return nil, entity.Invalidf("participants", entity.CodeLinkNotFound, l.Type+" "+strconv.FormatInt(l.ID, 10))
		} else if err != nil {
			return nil, err
		}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out, nil
}
