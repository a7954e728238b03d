package telephony

import (
	"context"
	"slices"

	"github.com/artel/artel/internal/entity"
)

// Command is what an employee asks of the PBX: place a call, hang up,
// hold, take off hold, transfer to a number, send DTMF digits.
type Command struct {
	CallID   string `json:"callId"`
	Employee int64  `json:"employeeId"`
	Command  string `json:"command"`
	Phone    string `json:"phone"`
	Arg      string `json:"arg"`
}

// Commands a provider takes.
var Commands = []string{"call", "hangup", "hold", "unhold", "transfer", "dtmf"}

// Provider carries commands to the telephone network; its events come
// back through Module.Apply.
type Provider interface {
	Send(ctx context.Context, account int64, c Command) error
}

// webhookProvider keeps commands until the PBX fetches them
// (POST /telephony/pbx/commands), in the transaction that asked.
type webhookProvider struct{ m *Module }

func (p webhookProvider) Send(ctx context.Context, account int64, c Command) error {
	return p.m.Engine.DB.Exec(ctx, `INSERT INTO call_commands (account_id, call_id, employee_id, command, phone, arg, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, account, c.CallID, c.Employee, c.Command, c.Phone, c.Arg, p.m.Engine.Now().UnixMilli())
}

// simulatedProvider is a PBX in the process: each command is answered at
// once with the events a real exchange would send, through Apply. It
// drives the demo and the browser tests.
type simulatedProvider struct{ m *Module }

func (p simulatedProvider) Send(ctx context.Context, account int64, c Command) error {
	ev := Event{CallID: c.CallID, EmployeeID: c.Employee}
	switch c.Command {
	case "call":
		ev.Event, ev.To, ev.Direction = "outgoing", c.Phone, TypeOut
	case "hangup":
		ev.Event = "finished"
	case "hold", "unhold":
		ev.Event = c.Command
	case "transfer":
		ev.Event, ev.TransferTo = "transfer", c.Phone
	default:
		return nil // DTMF digits reach nobody in a simulation
	}
	_, err := p.m.Apply(ctx, account, ev)
	if err == errIgnored {
		return nil
	}
	return err
}

// provider is the account's chosen provider.
func (m *Module) provider(ctx context.Context, account int64) (Provider, error) {
	s, _, err := loadSettings(ctx, m.Engine.DB, account)
	if err != nil {
		return nil, err
	}
	if s.Provider == "simulated" {
		return simulatedProvider{m}, nil
	}
	return webhookProvider{m}, nil
}

// Send checks a command and hands it to the account's provider.
func (m *Module) Send(ctx context.Context, account int64, c Command) error {
	if !slices.Contains(Commands, c.Command) {
		return entity.Invalidf("command", "invalid_enum", "")
	}
	if c.CallID == "" {
		return entity.Invalidf("callId", entity.CodeRequired, "")
	}
	if (c.Command == "call" || c.Command == "transfer") && len(digitsOf(c.Phone)) < 3 {
		return entity.Invalidf("phone", "invalid_phone", "")
	}
	if c.Command == "dtmf" && (c.Arg == "" || len(c.Arg) > 32 || len([]rune(c.Arg)) != len(dtmfOnly(c.Arg))) {
		return entity.Invalidf("arg", "invalid_format", "")
	}
	p, err := m.provider(ctx, account)
	if err != nil {
		return err
	}
	return m.Engine.DB.WithTx(ctx, func(ctx context.Context) error { return p.Send(ctx, account, c) })
}

func digitsOf(s string) string {
	out := []rune{}
	for _, r := range s {
		if r >= '0' && r <= '9' {
			out = append(out, r)
		}
	}
	return string(out)
}

func dtmfOnly(s string) string {
	out := []rune{}
	for _, r := range s {
		if (r >= '0' && r <= '9') || r == '*' || r == '#' {
			out = append(out, r)
		}
	}
	return string(out)
}
