// Package telephony owns calls: the state machine a provider's events
// drive (docs/telephony.md), the providers (a signed webhook any PBX
// pushes to, and a simulated one for the demo and tests), matching a
// call's number to a client, the call's to-do and the widget's messages.
package telephony

import "slices"

// Call states and types as spec 001 §4.1 names them.
const (
	StateNone     = ""
	StateCalling  = "calling"
	StateTalking  = "talking"
	StateHold     = "hold"
	StateFinished = "finished"

	TypeIn   = "in"
	TypeOut  = "out"
	TypeMiss = "miss"
	TypeFail = "fail"
)

// Events a provider sends.
var Events = []string{"incoming", "outgoing", "talking", "hold", "unhold", "transfer", "finished", "recording"}

// Call is one call as the machine sees it; times are unix milliseconds.
type Call struct {
	ID            int64
	ProviderID    string
	Direction     string // in or out: who dialled, which never changes
	Type          string // in, out, miss, fail
	State         string
	From, To      string
	TransferredTo string
	TimeStart     int64
	TimeTalk      int64 // 0: nobody answered (yet)
	TimeEnd       int64
	Duration      int64 // seconds of talk
	RecordLinks   []string
}

// Event is one provider event (the webhook's body, docs/telephony.md).
type Event struct {
	CallID         string `json:"callId"`
	Event          string `json:"event"`
	From           string `json:"from"`
	To             string `json:"to"`
	EmployeeID     int64  `json:"employeeId"`
	InternalNumber string `json:"internalNumber"`
	Time           int64  `json:"time"`
	RecordingURL   string `json:"recordingUrl"`
	TransferTo     string `json:"transferTo"`
	// Direction ("in" or "out") tells a call first heard of by a later
	// event which way it goes; incoming and outgoing say it themselves.
	Direction string `json:"direction"`
}

func (ev Event) dir() string {
	if ev.Direction == TypeOut {
		return TypeOut
	}
	return TypeIn
}

// Step applies one event to a call, answering whether it changed. An
// event whose state is already reached is ignored (spec 001 §4.1), which
// makes repeated events harmless; an event arriving after a later one
// still adds what it knows (an earlier start, a talk that began before
// the end), so events out of order end in the same call.
func Step(c *Call, ev Event) bool {
	t := ev.Time
	switch ev.Event {
	case "incoming", "outgoing":
		dir := TypeIn
		if ev.Event == "outgoing" {
			dir = TypeOut
		}
		if c.State == StateNone {
			c.Direction, c.Type, c.State, c.TimeStart = dir, dir, StateCalling, t
			return true
		}
		if t < c.TimeStart {
			c.TimeStart = t
			c.recount()
			return true
		}
	case "talking":
		switch c.State {
		case StateNone:
			c.State, c.TimeStart, c.TimeTalk = StateTalking, t, t
			c.Direction, c.Type = ev.dir(), ev.dir()
			return true
		case StateCalling, StateHold:
			c.State = StateTalking
			if c.TimeTalk == 0 {
				c.TimeTalk = t
			}
			return true
		case StateFinished:
			// A late talking event: the call was answered after all.
			if c.TimeTalk == 0 && t <= c.TimeEnd {
				c.TimeTalk, c.Type = t, c.Direction
				c.recount()
				return true
			}
		}
	case "hold":
		if c.State == StateTalking {
			c.State = StateHold
			return true
		}
	case "unhold":
		if c.State == StateHold {
			c.State = StateTalking
			return true
		}
	case "transfer":
		if (c.State == StateTalking || c.State == StateHold) && ev.TransferTo != "" && ev.TransferTo != c.TransferredTo {
			c.State, c.TransferredTo = StateTalking, ev.TransferTo
			return true
		}
	case "finished":
		if c.State != StateFinished {
			if c.State == StateNone {
				c.TimeStart, c.Direction = t, ev.dir()
			}
			c.State, c.TimeEnd = StateFinished, t
			c.recount()
			return true
		}
	case "recording":
		if ev.RecordingURL != "" && !slices.Contains(c.RecordLinks, ev.RecordingURL) {
			c.RecordLinks = append(c.RecordLinks, ev.RecordingURL)
			return true
		}
	}
	return false
}

// recount derives a finished call's type and talk duration: nobody
// answered makes an incoming call missed and an outgoing one failed.
func (c *Call) recount() {
	if c.State != StateFinished {
		return
	}
	if c.TimeTalk == 0 {
		c.Type, c.Duration = TypeMiss, 0
		if c.Direction == TypeOut {
			c.Type = TypeFail
		}
		return
	}
	c.Type, c.Duration = c.Direction, max(0, (c.TimeEnd-c.TimeTalk)/1000)
}

// Missed reports a finished incoming call nobody answered.
func (c *Call) Missed() bool { return c.State == StateFinished && c.Type == TypeMiss }
