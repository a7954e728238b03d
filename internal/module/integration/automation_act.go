package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// act does one action and answers what it did, as the run history shows.
func (m *Module) act(ctx context.Context, r *Rule, account int64, subject *value.Link, a Action) (string, error) {
	sys := entity.Scope{Account: account, Actor: r.Owner, System: true}
	switch a.Type {
	case ActTask:
		if a.Template != "" {
			return m.fromTemplate(ctx, sys, r, subject, a)
		}
		fallthrough
	case ActTodo:
		in := entity.Input{}
		in["name"], _ = json.Marshal(a.Name)
		in["responsible"] = a.Responsible
		if len(a.Responsible) == 0 {
			in["responsible"], _ = json.Marshal(value.EncodeLink(r.Owner))
		}
		typ := "Task"
		if a.Type == ActTodo {
			typ = "Todo"
			day := m.e.Now().AddDate(0, 0, a.InDays)
			in["when"], _ = json.Marshal(map[string]any{"contentType": "IntervalDates", "to": nil,
				"from": map[string]any{"contentType": "DateOnly", "year": day.Year(), "month": int(day.Month()) - 1, "day": day.Day()}})
		}
		if subject != nil && m.e.Cat.Type(typ).Field("relations") != nil {
			in["relations"], _ = json.Marshal([]any{value.EncodeLink(*subject)})
		}
		rec, err := m.e.Create(ctx, sys, typ, in)
		if err != nil {
			return "", err
		}
		return typ + " " + strconv.FormatInt(rec.ID, 10), nil
	case ActField:
		if subject == nil {
			return "", entity.ErrNotFound
		}
		if _, err := m.e.Update(ctx, sys, subject.Type, subject.ID, entity.Input{a.Field: a.Value}); err != nil {
			return "", err
		}
		return a.Field, nil
	case ActNotify:
		to := r.Owner
		if len(a.Recipient) > 0 {
			l, err := value.DecodeLink(a.Recipient, []string{"Employee"})
			if err != nil {
				return "", err
			}
			to = l
		}
		var s value.Link
		if subject != nil {
			s = *subject
		}
		if m.Notify == nil {
			return "", fmt.Errorf("no notifications")
		}
		if err := m.Notify(ctx, account, &subscribe.Notification{Recipient: to, Type: TypeAutomation, Subject: s,
			Sender: r.Owner, Content: subscribe.Excerpt(a.Text), Active: true}); err != nil {
			return "", err
		}
		return "Employee " + strconv.FormatInt(to.ID, 10), nil
	case ActWebhook:
		return m.callWebhook(ctx, r, account, subject, a.Webhook)
	case ActDeal:
		return m.moveDeal(ctx, sys, subject, a.State)
	}
	return "", fmt.Errorf("unknown action %q", a.Type)
}

// TypeAutomation is the type of a rule's notification.
const TypeAutomation = "automation"

// callWebhook writes a delivery of the subject to a webhook subscription,
// posted, signed and retried as its events are.
func (m *Module) callWebhook(ctx context.Context, r *Rule, account int64, subject *value.Link, hookID string) (string, error) {
	id, _ := strconv.ParseInt(hookID, 10, 64)
	h, err := m.hook(ctx, account, id)
	if err != nil {
		return "", err
	}
	var data any
	s := value.Link{}
	if subject != nil {
		s = *subject
		rec, err := m.e.Get(ctx, entity.Scope{Account: account, System: true}, s.Type, s.ID)
		if err != nil {
			return "", err
		}
		sel := entity.Selection{Full: true}
		if err := m.e.Expand(ctx, entity.Scope{Account: account, System: true}, []*entity.Record{rec}, sel); err != nil {
			return "", err
		}
		data = entity.Encode(rec, sel, nil, value.Options{})
	}
	now := m.e.Now().UnixMilli()
	body, _ := json.Marshal(map[string]any{"event": "automation", "automation": strconv.FormatInt(r.ID, 10),
		"contentType": s.Type, "id": strconv.FormatInt(s.ID, 10), "webhook": hookID, "time": now, "data": data})
	if err := m.e.DB.Exec(ctx, `INSERT INTO webhook_deliveries (account_id, webhook_id, event, entity_type, entity_id,
		body, status, attempts, next_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
		account, h.ID, "automation", s.Type, s.ID, string(body), Pending, now, now); err != nil {
		return "", err
	}
	return "Webhook " + hookID, nil
}
