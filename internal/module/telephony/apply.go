package telephony

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/crm"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// Module is the telephony rules over the engine.
type Module struct {
	Engine *entity.Engine
	// Notify tells an employee of a missed call (subscribe.Subscriptions.Send).
	Notify func(ctx context.Context, account int64, n *subscribe.Notification) error
	// Push sends the widget its messages after commit (realtime Hub.Send).
	Push func(ctx context.Context, account int64, user value.Link, route string, message any) error
}

// TypeMissedCall is the notification of a missed call.
const TypeMissedCall = "call_missed"

// errIgnored is an event that names nothing to do: an incoming call
// without a phone (spec 001 §5), or a hold of a call never heard of.
var errIgnored = errors.New("telephony: event ignored")

// Apply runs one provider event in one transaction: the call's row is
// found or made by its provider id and locked, stepped through the
// machine, matched to a client and an employee; a finished call gets its
// one to-do, a missed one notifies. It answers the call as it is now.
func (m *Module) Apply(ctx context.Context, account int64, ev Event) (*row, error) {
	if ev.CallID == "" {
		return nil, entity.Invalidf("callId", entity.CodeRequired, "")
	}
	if !slices.Contains(Events, ev.Event) {
		return nil, entity.Invalidf("event", value.CodeEnum, "")
	}
	if ev.Event == "recording" && !validLink(ev.RecordingURL) {
		return nil, entity.Invalidf("recordingUrl", value.CodeFormat, "")
	}
	if ev.Event == "incoming" && ev.From == "" {
		return nil, errIgnored
	}
	now := m.Engine.Now().UnixMilli()
	if ev.Time <= 0 {
		ev.Time = now
	}
	db := m.Engine.DB
	var out *row
	err := db.WithTx(ctx, func(ctx context.Context) error {
		if err := claim(ctx, db, account, ev.CallID, ev.Time); err != nil {
			return err
		}
		r, err := lockCall(ctx, db, account, ev.CallID)
		if err != nil {
			return err
		}
		fresh := r.State == StateNone
		if r.From == "" {
			r.From = ev.From
		}
		if r.To == "" {
			r.To = ev.To
		}
		if !Step(&r.Call, ev) {
			if fresh {
				return errIgnored
			}
			out = r
			return nil
		}
		if err := m.settle(ctx, account, r, ev, fresh); err != nil {
			return err
		}
		out = r
		if err := saveRow(ctx, db, account, r, crm.NormalPhone(r.Other())); err != nil {
			return err
		}
		if m.Push != nil && r.Employee != 0 {
			emp := value.Link{Type: "Employee", ID: r.Employee}
			return m.Push(ctx, account, emp, "bums.call.user:"+strconv.FormatInt(r.Employee, 10), pushMessage(r))
		}
		return nil
	})
	return out, err
}

// Other is the number on the far side: the caller of an incoming call,
// the callee of an outgoing one.
func (c *Call) Other() string {
	if c.Direction == TypeOut {
		return c.To
	}
	return c.From
}

// settle does what a changed call needs beyond the machine.
func (m *Module) settle(ctx context.Context, account int64, r *row, ev Event, fresh bool) error {
	db := m.Engine.DB
	sc := entity.Scope{Account: account, System: true}
	if r.ClientID == 0 {
		if client, err := matchClient(ctx, m.Engine, sc, r.Other()); err != nil {
			return err
		} else if client != nil {
			r.ClientType, r.ClientID = client.Type.Name, client.ID
		}
	}
	if r.Employee == 0 {
		r.Employee = ev.EmployeeID
		if r.Employee != 0 {
			// A PBX naming nobody is told so by the field it sent.
			if _, err := m.Engine.Get(ctx, sc, "Employee", r.Employee); errors.Is(err, entity.ErrNotFound) {
				return entity.Invalidf("employeeId", "link_not_found", "")
			} else if err != nil {
				return err
			}
		}
		if r.Employee == 0 {
			id, err := employeeByNumber(ctx, db, account, ev.InternalNumber)
			if err != nil {
				return err
			}
			r.Employee = id
		}
		if r.Employee == 0 {
			resp, err := m.responsible(ctx, account, r)
			if err != nil {
				return err
			}
			r.Employee = resp
		}
	}
	if r.State == StateFinished {
		if err := m.writeTodo(ctx, sc, r); err != nil {
			return err
		}
	}
	if r.Missed() && !r.Notified && m.Notify != nil {
		resp, err := m.responsible(ctx, account, r)
		if err != nil {
			return err
		}
		if resp != 0 {
			r.Notified = true
			subject := value.Link{Type: "Todo", ID: r.TodoID}
			if r.ClientID != 0 {
				subject = value.Link{Type: r.ClientType, ID: r.ClientID}
			}
			return m.Notify(ctx, account, &subscribe.Notification{Recipient: value.Link{Type: "Employee", ID: resp},
				Type: TypeMissedCall, Subject: subject, Content: "Пропущенный звонок " + r.Other()})
		}
	}
	return nil
}

// responsible is who answers for a call nobody took: the client's first
// responsible employee, or the account's configured one.
func (m *Module) responsible(ctx context.Context, account int64, r *row) (int64, error) {
	if r.ClientID != 0 {
		sc := entity.Scope{Account: account, System: true}
		rec, err := m.Engine.Get(ctx, sc, r.ClientType, r.ClientID)
		if err != nil {
			return 0, err
		}
		if err := m.Engine.Expand(ctx, sc, []*entity.Record{rec}, entity.Selection{Fields: []string{"responsibles"}, Only: true}); err != nil {
			return 0, err
		}
		for _, l := range rec.Many["responsibles"] {
			if l.Type == "Employee" {
				return l.ID, nil
			}
		}
	}
	s, _, err := loadSettings(ctx, m.Engine.DB, account)
	return s.MissedEmployee, err
}

// matchClient finds the client with the number (the CRM's rule: digits
// only, a leading 8 as 7), people before companies.
func matchClient(ctx context.Context, e *entity.Engine, sc entity.Scope, phone string) (*entity.Record, error) {
	norm := crm.NormalPhone(phone)
	if len(norm) < 5 {
		return nil, nil
	}
	found, err := crm.Duplicates(ctx, e, sc, crm.Traits{Phones: []string{norm}}, nil)
	if err != nil || len(found) == 0 {
		return nil, err
	}
	return found[0], nil
}
