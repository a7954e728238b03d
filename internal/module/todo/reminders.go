package todo

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Transports are the ways Artel delivers a reminder (GET
// /todo/reminderTransports): on the live socket and as a notification.
var Transports = []string{"web"}

// MaxBefore is the earliest a reminder may come before its to-do.
const MaxBefore = 30 * 24 * time.Hour

// DefaultRemindersSetting is the user setting (userSetting) holding a
// user's DefaultReminder list; its entry of type "todo" is given to each
// to-do they create without reminders of its own.
const DefaultRemindersSetting = "defaultReminders"

// reminder is one entry of Todo.reminders.
type reminder struct {
	Transport string      `json:"transport"`
	Before    int64       `json:"-"` // seconds
	Recipient *value.Link `json:"-"`
	Active    bool        `json:"-"`
}

// encode is the stored (and shown) Reminder.
func (r reminder) encode() map[string]any {
	var to any
	if r.Recipient != nil {
		to = value.EncodeLink(*r.Recipient)
	}
	return map[string]any{"contentType": "Reminder", "transport": r.Transport, "isActive": r.Active, "recipient": to,
		"timeBefore": map[string]any{"contentType": "DateInterval", "value": r.Before}}
}

// parseReminders reads a written reminders list: each with a transport
// Artel delivers, a timeBefore of 0 to 30 days, a recipient (an employee
// or a guest; the to-do's responsible when none) and isActive (true
// when absent).
func parseReminders(raw []byte) ([]reminder, error) {
	var items []struct {
		Transport  string          `json:"transport"`
		TimeBefore json.RawMessage `json:"timeBefore"`
		Recipient  json.RawMessage `json:"recipient"`
		IsActive   *bool           `json:"isActive"`
	}
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if json.Unmarshal(raw, &items) != nil {
		return nil, entity.Invalidf("reminders", value.CodeType, "Reminder[]")
	}
	out := make([]reminder, 0, len(items))
	for _, it := range items {
		r := reminder{Transport: it.Transport, Active: it.IsActive == nil || *it.IsActive}
		if !slices.Contains(Transports, r.Transport) {
			return nil, &entity.Invalid{Errors: []entity.FieldError{{Field: "reminders", Code: value.CodeEnum,
				Value: &value.Error{Code: value.CodeEnum, Expected: "transport", Allowed: Transports}}}}
		}
		before, err := value.DateInterval{}.Decode(it.TimeBefore)
		secs, _ := before.(int64)
		if err != nil || before == nil || secs < 0 || secs > int64(MaxBefore.Seconds()) {
			return nil, entity.Invalidf("reminders", value.CodeRange, "timeBefore")
		}
		r.Before = secs
		if len(it.Recipient) > 0 && string(it.Recipient) != "null" {
			l, err := value.DecodeLink(it.Recipient, []string{"Employee", "ContractorHuman"})
			if err != nil {
				return nil, entity.Invalidf("reminders", value.CodeEnum, "recipient")
			}
			r.Recipient = &l
		}
		out = append(out, r)
	}
	return out, nil
}

func storeReminders(rs []reminder) string {
	list := make([]any, len(rs))
	for i, r := range rs {
		list[i] = r.encode()
	}
	b, _ := json.Marshal(list)
	return string(b)
}

// defaultReminders are the writer's DefaultReminder of type "todo", from
// their settings; none when they set none.
func (h hooks) defaultReminders(ctx context.Context, sc entity.Scope) ([]reminder, error) {
	if sc.Actor.ID == 0 {
		return nil, nil
	}
	raw, err := account.SettingValue(ctx, h.e.DB, sc.Account, account.KindUser, sc.Actor, DefaultRemindersSetting)
	if err != nil || len(raw) == 0 {
		return nil, err
	}
	var defs []struct {
		Type     string          `json:"type"`
		Reminder json.RawMessage `json:"reminder"`
	}
	if json.Unmarshal(raw, &defs) != nil {
		return nil, nil // a setting the user broke does not stop their to-dos
	}
	for _, d := range defs {
		if d.Type == "todo" {
			rs, err := parseReminders([]byte("[" + string(d.Reminder) + "]"))
			if err != nil {
				return nil, nil
			}
			return rs, nil
		}
	}
	return nil, nil
}

// writeDue replaces the to-do's unsent reminders with those its
// reminders and time make due: each active one at the start less its
// timeBefore, for its recipient (the responsible when none). One whose
// moment has passed but whose to-do has not started is due at once; a
// to-do that has started reminds no one.
func (h hooks) writeDue(ctx context.Context, account int64, rec *entity.Record, now int64) error {
	if err := h.att.exec(ctx, `DELETE FROM todo_reminders WHERE account_id = ? AND todo_id = ? AND sent_at IS NULL`, account, rec.ID); err != nil {
		return err
	}
	span, ok := value.SpanOf(rec.Values["when"])
	if !ok || span.Start <= now {
		return nil
	}
	rs, _ := parseReminders([]byte(str(rec.Values["reminders"])))
	for _, r := range rs {
		to := r.Recipient
		if to == nil {
			if l, ok := rec.Links["responsible"]; ok {
				to = &l
			}
		}
		if !r.Active || to == nil {
			continue
		}
		due := max(span.Start-r.Before*1000, now)
		if err := h.att.exec(ctx, `INSERT INTO todo_reminders (account_id, todo_id, recipient_type, recipient_id, due_ms)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, account, rec.ID, to.Type, to.ID, due); err != nil {
			return err
		}
	}
	return nil
}
