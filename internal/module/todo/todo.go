// Package todo owns the to-do rules beyond the generic engine: the
// reference's doAction requests (finish, renew, take, delete), the
// statuses a to-do goes through and the act_* they add to possibleActions.
// See docs/todo.md.
package todo

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/value"
)

// Status is one TodoStatus. Artel's statuses are the reference's
// masterType values themselves, so a status's id is its masterType and
// needs no table.
type Status struct {
	ID     string
	Name   [2]string // ru, en
	Master string
}

// Statuses answer GET /todoStatus; Scheduled is a to-do's status until
// it is finished (a to-do with no status is scheduled too).
var Statuses = []Status{
	{"scheduled", [2]string{"Запланировано", "Scheduled"}, "scheduled"},
	{"finished", [2]string{"Завершено", "Finished"}, "finished"},
	{"success", [2]string{"Успешно", "Successful"}, "success"},
	{"fail", [2]string{"Не состоялось", "Did not take place"}, "fail"},
	{"finish_without_result", [2]string{"Завершено без результата", "Finished without result"}, "finish_without_result"},
}

// Encode is the status as the API shows it, named in the language given.
func (s Status) Encode(lang string) map[string]any {
	name := s.Name[0]
	if lang == "en" {
		name = s.Name[1]
	}
	return map[string]any{"contentType": "TodoStatus", "id": s.ID, "name": name, "masterType": s.Master}
}

// statusByID finds a status by its id (or masterType, the same).
func statusByID(id string) (Status, bool) {
	i := slices.IndexFunc(Statuses, func(s Status) bool { return s.ID == id })
	if i < 0 {
		return Status{}, false
	}
	return Statuses[i], true
}

// Register adds the to-do rules to the engine: the when rules, the
// attendees kept with each write, the fields read from them, and the
// actions in possibleActions; list pages read the fields they follow
// from.
func Register(e *entity.Engine, p *rights.Policy) *Module {
	e.NeedFields("Todo", "status", "responsible", "userCreated", "when")
	m := &Module{}
	h := hooks{e: e, att: attendees{e.DB}, m: m}
	m.h = h
	e.Hook("Todo", entity.Hooks{BeforeSave: h.beforeSave, AfterSave: h.afterSave, BeforeDelete: h.beforeDelete})
	e.Compute("Todo", h.computer())
	e.Compute("Todo", entity.Computer{Fields: []string{"rights"}, Fill: h.fillRights})
	e.Compute("Todo", entity.Computer{Fields: []string{"schedule"}, Fill: h.fillSchedule})
	e.Compute("Todo", entity.Computer{Fields: []string{"isOverdue"}, Fill: h.fillOverdue})
	if p.More == nil {
		p.More = map[string]func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string{}
	}
	p.More["Todo"] = func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
		ids := make([]int64, len(recs))
		for i, rec := range recs {
			ids[i] = rec.ID
		}
		answers, _ := h.att.answersOf(ctx, sc, ids)
		out := make(map[int64][]string, len(recs))
		for _, rec := range recs {
			out[rec.ID] = possible(ctx, e, sc, rec, answers[rec.ID])
		}
		return out
	}
	return m
}

// Module is the to-do rules as the wiring holds them.
type Module struct {
	// Notify sends a notification (subscribe.Subscriptions.Send, set
	// once the subscriptions exist); nil sends none.
	Notify func(ctx context.Context, account int64, n *subscribe.Notification) error
	h      hooks
}

func (m *Module) notify(ctx context.Context, account int64, n *subscribe.Notification) error {
	if m == nil || m.Notify == nil {
		return nil
	}
	return m.Notify(ctx, account, n)
}

// inviteAnswer is the status each invitation action sets.
var inviteAnswer = map[string]string{"act_accept_invite": Accepted, "act_reject_invite": Rejected}

// possible is what the scope may do to a to-do now: an invitee (answer
// is their status, "" for someone not invited) accepts or rejects, and
// may change their mind; who may edit it (its creator and responsible,
// by the rights table) finishes or cancels an open one, renews a
// finished one, takes an open one given to someone else, and, being its
// responsible, gives it to someone (by writing responsible).
func possible(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record, answer string) []string {
	var acts []string
	if answer != "" && !finished(rec) {
		if answer != Accepted {
			acts = append(acts, "act_accept_invite")
		}
		if answer != Rejected {
			acts = append(acts, "act_reject_invite")
		}
	}
	if e.Policy == nil || e.Policy.Allow(ctx, sc, entity.ActEdit, rec.Type, rec) != nil {
		return acts
	}
	if finished(rec) {
		return append(acts, "act_renew")
	}
	acts = append(acts, "act_finish", "act_cancel")
	if sc.Actor.Type == "Employee" && rec.Links["responsible"] != sc.Actor {
		acts = append(acts, "act_take")
	}
	if rec.Links["responsible"] == sc.Actor {
		acts = append(acts, "act_give")
	}
	return acts
}

// finished tells whether a to-do's status is other than scheduled.
func finished(rec *entity.Record) bool {
	raw, _ := rec.Values["status"].(string)
	var s struct {
		MasterType string `json:"masterType"`
	}
	if raw == "" || json.Unmarshal([]byte(raw), &s) != nil {
		return false
	}
	return s.MasterType != "" && s.MasterType != "scheduled"
}

// statusJSON is the stored form of a status: named in Russian, the
// product's language, as other stored names are.
func statusJSON(s Status) json.RawMessage {
	b, _ := json.Marshal(s.Encode("ru"))
	return b
}

func linkJSON(l value.Link) json.RawMessage {
	b, _ := json.Marshal(value.EncodeLink(l))
	return b
}
