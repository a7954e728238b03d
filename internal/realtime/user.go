package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// The resend window: a user's unacknowledged messages are kept this long,
// and at most this many of them, newest kept.
const (
	resendWindow = 2 * time.Minute
	resendMax    = 100
)

type pending struct {
	id    int64
	route string
	msg   []byte
	at    time.Time
}

// outbox is a user's unacknowledged messages, oldest first.
type outbox struct{ items []pending }

func (o *outbox) add(p pending) {
	o.items = append(o.items, p)
	if n := len(o.items); n > resendMax {
		o.items = slices.Delete(o.items, 0, n-resendMax)
	}
}

func (o *outbox) ack(id int64) {
	o.items = slices.DeleteFunc(o.items, func(p pending) bool { return p.id == id })
}

func (o *outbox) prune(now time.Time) {
	o.items = slices.DeleteFunc(o.items, func(p pending) bool { return now.Sub(p.at) > resendWindow })
	if len(o.items) == 0 {
		o.items = nil
	}
}

// Message ids are random below 2^53, so JavaScript reads them exactly and
// nodes need not agree on a counter.
func newMessageID() int64 { return rand.Int64N(1<<53-1) + 1 }

// ErrRoute refuses a message for a route that is not one of the user's own.
var ErrRoute = errors.New("realtime: not a user route")

// Send puts a message on one of a user's own routes (user:{uid},
// bums.call.user:{uid}, bums.call.commands, bums.call.apiProvider) for
// every connection of the user in the cluster that subscribes to it,
// once ctx's transaction has committed. It carries an id and is re-sent
// until acknowledged (see docs/realtime.md).
func (h *Hub) Send(ctx context.Context, account int64, user value.Link, routeName string, message any) error {
	r, ok := parseRoute(routeName)
	if !ok || !mayBroadcast(r, uidOf(user)) {
		return ErrRoute
	}
	raw, err := json.Marshal(message)
	if err != nil {
		return err
	}
	if len(raw) > maxBroadcast {
		return errors.New("realtime: message too large")
	}
	s := signal{User: &user, Route: routeName, Msg: raw, MsgID: newMessageID()}
	store.AfterCommit(ctx, func() { h.publish(account, sigSend, s) })
	return nil
}

// broadcast is a client's message to its own user's other connections.
func (h *Hub) broadcast(p *peer, routeName string, msg json.RawMessage) {
	r, ok := parseRoute(routeName)
	if !ok || !mayBroadcast(r, p.user.uid) {
		p.sendControl(evError, map[string]any{"code": "forbidden", "route": routeName})
		return
	}
	if len(msg) > maxBroadcast {
		p.sendControl(evError, map[string]any{"code": "too_large", "route": routeName})
		return
	}
	if len(msg) == 0 {
		msg = json.RawMessage("null")
	}
	user := p.user.key.user
	h.publish(p.account, sigSend, signal{Node: h.cfg.Node, Peer: p.id, User: &user, Route: routeName, Msg: msg, MsgID: newMessageID()})
}

// deliverUser hands a user message to the user's connections on this node
// that subscribe to its route, except the one that broadcast it, and keeps
// it for re-sending. A node keeps it also for a user online on another
// node, so a client reconnecting here after that node died gets it.
func (h *Hub) deliverUser(account int64, user value.Link, s signal) {
	key := userKey{account, user}
	msg := encodeMessage(s.Route, s.Msg, s.MsgID)
	now := h.now()
	var to []*peer
	h.mu.Lock()
	u := h.users[key]
	if u == nil && h.presence.online(key) {
		u = &userState{key: key, uid: uidOf(user), peers: map[*peer]struct{}{}, left: now}
		h.users[key] = u
	}
	if u != nil {
		u.outbox.add(pending{id: s.MsgID, route: s.Route, msg: msg, at: now})
		for p := range u.peers {
			if _, ok := p.subs[s.Route]; ok && !(s.Node == h.cfg.Node && s.Peer == p.id) {
				to = append(to, p)
			}
		}
	}
	h.mu.Unlock()
	for _, p := range to {
		p.send(msg)
	}
}

// ack is a client's "invoice": the message is not to be re-sent, on any node.
func (h *Hub) ack(p *peer, id json.Number) {
	n, err := id.Int64()
	if err != nil || n <= 0 {
		p.sendControl(evError, map[string]any{"code": "bad_message", "type": "invoice"})
		return
	}
	user := p.user.key.user
	h.publish(p.account, sigAck, signal{User: &user, MsgID: n})
}

func (h *Hub) acked(account int64, user value.Link, id int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if u := h.users[userKey{account, user}]; u != nil {
		u.outbox.ack(id)
	}
}
