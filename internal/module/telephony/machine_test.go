package telephony

import (
	"slices"
	"testing"
)

// Each row of docs/telephony.md's state table: a call in a state takes
// an event and ends in a state and type, or ignores it.
func TestMachineRows(t *testing.T) {
	calling := func(dir string) Call {
		return Call{Direction: dir, Type: dir, State: StateCalling, TimeStart: 1000}
	}
	talking := Call{Direction: TypeIn, Type: TypeIn, State: StateTalking, TimeStart: 1000, TimeTalk: 2000}
	hold := Call{Direction: TypeIn, Type: TypeIn, State: StateHold, TimeStart: 1000, TimeTalk: 2000}
	missed := Call{Direction: TypeIn, Type: TypeMiss, State: StateFinished, TimeStart: 1000, TimeEnd: 9000}
	done := Call{Direction: TypeOut, Type: TypeOut, State: StateFinished, TimeStart: 1000, TimeTalk: 2000, TimeEnd: 62000, Duration: 60}
	rows := []struct {
		name     string
		from     Call
		ev       Event
		changed  bool
		state    string
		typ      string
		duration int64
	}{
		{"incoming: a new call rings in", Call{}, Event{Event: "incoming", Time: 1000}, true, StateCalling, TypeIn, 0},
		{"outgoing: a new call dials out", Call{}, Event{Event: "outgoing", Time: 1000}, true, StateCalling, TypeOut, 0},
		{"ringing again is ignored", calling(TypeIn), Event{Event: "incoming", Time: 1500}, false, StateCalling, TypeIn, 0},
		{"answered: talking", calling(TypeIn), Event{Event: "talking", Time: 2000}, true, StateTalking, TypeIn, 0},
		{"talking again is ignored", talking, Event{Event: "talking", Time: 3000}, false, StateTalking, TypeIn, 0},
		{"on hold", talking, Event{Event: "hold", Time: 3000}, true, StateHold, TypeIn, 0},
		{"hold is only from talking", calling(TypeIn), Event{Event: "hold", Time: 3000}, false, StateCalling, TypeIn, 0},
		{"off hold", hold, Event{Event: "unhold", Time: 3000}, true, StateTalking, TypeIn, 0},
		{"talking takes a call off hold", hold, Event{Event: "talking", Time: 3000}, true, StateTalking, TypeIn, 0},
		{"transferred: still talking", talking, Event{Event: "transfer", TransferTo: "102", Time: 3000}, true, StateTalking, TypeIn, 0},
		{"a transfer needs a number", talking, Event{Event: "transfer", Time: 3000}, false, StateTalking, TypeIn, 0},
		{"finished after talk: duration", talking, Event{Event: "finished", Time: 92000}, true, StateFinished, TypeIn, 90},
		{"finished from hold", hold, Event{Event: "finished", Time: 32000}, true, StateFinished, TypeIn, 30},
		{"missed: an incoming call nobody answered", calling(TypeIn), Event{Event: "finished", Time: 9000}, true, StateFinished, TypeMiss, 0},
		{"failed: an outgoing call nobody answered", calling(TypeOut), Event{Event: "finished", Time: 9000}, true, StateFinished, TypeFail, 0},
		{"finished again is ignored", done, Event{Event: "finished", Time: 99000}, false, StateFinished, TypeOut, 60},
		{"a late talking event answers a missed call", missed, Event{Event: "talking", Time: 3000}, true, StateFinished, TypeIn, 6},
		{"a talking event after the end is ignored", missed, Event{Event: "talking", Time: 9500}, false, StateFinished, TypeMiss, 0},
		{"finished first: a missed call", Call{}, Event{Event: "finished", Time: 9000}, true, StateFinished, TypeMiss, 0},
		{"a late ringing event moves the start back", done, Event{Event: "outgoing", Time: 500}, true, StateFinished, TypeOut, 60},
		{"recording on a finished call", done, Event{Event: "recording", RecordingURL: "https://pbx.example/r/1.mp3"}, true, StateFinished, TypeOut, 60},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			c := row.from
			c.RecordLinks = slices.Clone(c.RecordLinks)
			if got := Step(&c, row.ev); got != row.changed {
				t.Fatalf("changed = %v, want %v", got, row.changed)
			}
			if c.State != row.state || c.Type != row.typ || c.Duration != row.duration {
				t.Fatalf("got %s/%s/%d, want %s/%s/%d", c.State, c.Type, c.Duration, row.state, row.typ, row.duration)
			}
		})
	}
}

// A recording is kept once however often the PBX repeats it.
func TestRecordingOnce(t *testing.T) {
	c := Call{Direction: TypeIn, Type: TypeIn, State: StateTalking}
	ev := Event{Event: "recording", RecordingURL: "https://pbx.example/r/1.mp3"}
	Step(&c, ev)
	if Step(&c, ev) || len(c.RecordLinks) != 1 {
		t.Fatalf("links %v", c.RecordLinks)
	}
}
