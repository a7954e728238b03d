package realtime

import (
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Signals are the hub's own events. They ride the signal bus as
// entity.Event values whose Type names the signal and whose only field is
// the JSON payload, so one bus driver (in process or LISTEN/NOTIFY)
// carries both kinds of event.
const (
	sigConnected = "@connected" // local only: the LISTEN connection is up again
	sigSend      = "@send"      // a message for one user's channel
	sigAck       = "@ack"       // a user acknowledged a message
	sigSessions  = "@sessions"  // sessions of a user ended
	sigRights    = "@rights"    // rights of some users (or all) changed
	sigPresence  = "@presence"  // a node's first socket of a user opened, or its last closed
	sigBeat      = "@beat"      // a node is alive, with a digest of the users it holds
	sigStateReq  = "@statereq"  // please send your presence state
	sigState     = "@state"     // one part of a node's presence state
	sigGone      = "@gone"      // a node shut down
)

// signal is the payload of every signal; each kind uses some fields.
type signal struct {
	Node     string          `json:"n,omitempty"`
	To       string          `json:"to,omitempty"`
	User     *value.Link     `json:"u,omitempty"`
	Users    []value.Link    `json:"us,omitempty"`
	All      bool            `json:"all,omitempty"`
	Route    string          `json:"r,omitempty"`
	Msg      json.RawMessage `json:"m,omitempty"`
	MsgID    int64           `json:"id,omitempty"`
	Peer     uint64          `json:"p,omitempty"` // the socket that broadcast, which does not get its own message
	Sessions []int64         `json:"ss,omitempty"`
	Online   bool            `json:"on,omitempty"`
	Count    int             `json:"c,omitempty"`
	Sum      uint64          `json:"sum,omitempty"`
	Keys     [][2]int64      `json:"k,omitempty"` // presence: (account, employee id)
	Epoch    int64           `json:"e,omitempty"`
	Part     int             `json:"pt,omitempty"`
	Parts    int             `json:"pts,omitempty"`
}

func (h *Hub) publish(account int64, kind string, s signal) {
	b, _ := json.Marshal(s)
	h.bus.Signals().Publish(entity.Event{Account: account, Type: kind, Fields: []string{string(b)}})
}

func decodeSignal(ev entity.Event) (signal, bool) {
	var s signal
	if len(ev.Fields) != 1 || json.Unmarshal([]byte(ev.Fields[0]), &s) != nil {
		return s, false
	}
	return s, true
}

// onSignal handles one signal in the dispatcher.
func (h *Hub) onSignal(ev entity.Event) {
	if ev.Type == sigConnected {
		h.presence.resync()
		return
	}
	s, ok := decodeSignal(ev)
	if !ok {
		return
	}
	switch ev.Type {
	case sigSend:
		if s.User != nil {
			h.deliverUser(ev.Account, *s.User, s)
		}
	case sigAck:
		if s.User != nil {
			h.acked(ev.Account, *s.User, s.MsgID)
		}
	case sigSessions:
		if s.User != nil {
			h.sessionsEnded(ev.Account, *s.User, s.Sessions)
		}
	case sigRights:
		h.rightsChanged(ev.Account, s.Users, s.All)
	case sigPresence, sigBeat, sigStateReq, sigState, sigGone:
		h.presence.onSignal(ev.Type, ev.Account, s)
	}
}
