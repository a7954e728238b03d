package realtime

import (
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/value"
)

// Control events the server sends about the connection itself.
const (
	evReady      = "ecomet.ready"      // authenticated: who the connection is
	evSubscribed = "ecomet.subscribed" // the routes a subscribe accepted, and the refused ones
	evError      = "ecomet.error"      // a message the server could not act on
)

// serverMessage is everything the server sends: {"event", "message", "id"}.
type serverMessage struct {
	Event   string `json:"event"`
	Message any    `json:"message"`
	ID      int64  `json:"id,omitempty"`
}

func encodeMessage(event string, msg any, id int64) []byte {
	b, err := json.Marshal(serverMessage{Event: event, Message: msg, ID: id})
	if err != nil {
		b, _ = json.Marshal(serverMessage{Event: evError, Message: map[string]string{"code": "internal"}})
	}
	return b
}

func (p *peer) sendControl(event string, msg any) { p.send(encodeMessage(event, msg, 0)) }

func (p *peer) sendReady() {
	var session any
	if p.session != 0 {
		session = strconv.FormatInt(p.session, 10)
	}
	p.sendControl(evReady, map[string]any{"uid": p.user.uid, "user": value.EncodeLink(p.user.key.user),
		"sessionId": session, "serverTime": dateTime(p.hub.now().UnixMilli())})
}

func dateTime(ms int64) any { return value.DateTime{}.Encode(ms, value.Options{}) }
