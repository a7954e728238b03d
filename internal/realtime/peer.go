package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Close codes the server uses.
const (
	statusGoingAway       = websocket.StatusGoingAway       // shutdown, abandoned poll
	statusPolicyViolation = websocket.StatusPolicyViolation // bad token, session ended, access revoked
	statusTryAgainLater   = websocket.StatusTryAgainLater   // the client reads too slowly
	statusUnsupported     = websocket.StatusUnsupportedData // a binary frame
)

const (
	maxQueue         = 512      // messages waiting for one slow client before it is dropped
	maxClientMessage = 64 << 10 // bytes in one client message
	maxBroadcast     = 4 << 10  // bytes of a broadcast's message: it has to fit one NOTIFY
)

// transport is how queued messages leave: a WebSocket or a long poll.
type transport interface {
	// wake says the queue has something (or the peer closed). It is called
	// once, then not again until the transport has found the queue empty.
	wake()
	// abort drops the connection at once.
	abort()
}

// peer is one client connection, whatever its transport.
type peer struct {
	hub        *Hub
	id         uint64
	account    int64
	ip         string
	cookie     string // the session cookie of the opening request
	queryToken string // ?token= of the opening request
	t          transport
	pollID     string
	done       chan struct{} // closed once the connection is gone
	opened     time.Time
	finished   sync.Once
	authed     atomic.Bool

	// Set by attach under hub.mu before the connection can receive
	// anything; read-only afterwards.
	user    *userState
	session int64

	subs     map[string]routeKind // guarded by hub.mu
	detached bool                 // guarded by hub.mu: gone from every index

	mu          sync.Mutex
	queue       [][]byte
	woken       bool
	closed      bool
	closeCode   websocket.StatusCode
	closeReason string
	lastPoll    time.Time
}

func (h *Hub) newPeer(account int64, r *http.Request) *peer {
	p := &peer{hub: h, id: h.nextPeer.Add(1), account: account, ip: clientIP(r),
		queryToken: r.URL.Query().Get("token"), done: make(chan struct{}), opened: time.Now()}
	if ck, err := r.Cookie(sessionCookie); err == nil {
		p.cookie = ck.Value
	}
	return p
}

// sessionCookie is the browser session cookie the API sets at sign-in
// (api.SessionCookie; the API imports this package, not the reverse).
const sessionCookie = "artel_session"

// track registers a new connection unless the hub is shutting down.
func (h *Hub) track(p *peer) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closing {
		return false
	}
	h.peers[p] = struct{}{}
	if h.cfg.Sockets != nil {
		h.cfg.Sockets.Inc()
	}
	return true
}

// finish is the end of a connection: it leaves every index and presence.
func (p *peer) finish() {
	p.finished.Do(func() {
		p.hub.mu.RLock()
		u := p.user
		p.hub.mu.RUnlock()
		if u != nil {
			p.hub.log.Debug("realtime: connection closed", "user", u.key.user, "account", p.account,
				"poll", p.pollID != "", "open", time.Since(p.opened).Round(time.Second))
		}
		p.hub.detach(p)
		if p.hub.cfg.Sockets != nil {
			p.hub.cfg.Sockets.Dec()
		}
		close(p.done)
	})
}

// send queues one encoded server message.
func (p *peer) send(msg []byte) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	if len(p.queue) >= maxQueue {
		p.mu.Unlock()
		p.close(statusTryAgainLater, "too slow")
		return
	}
	p.queue = append(p.queue, msg)
	wake := !p.woken
	p.woken = true
	p.mu.Unlock()
	if wake {
		p.t.wake()
	}
}

// take hands the transport what is queued and whether the peer is closing;
// an empty take re-arms wake for the next send.
func (p *peer) take() (msgs [][]byte, closed bool, code websocket.StatusCode, reason string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	msgs, p.queue = p.queue, nil
	if len(msgs) == 0 {
		p.woken = false
	}
	return msgs, p.closed, p.closeCode, p.closeReason
}

// close ends the connection once what is queued has been written. It must
// not be called with hub.mu held.
func (p *peer) close(code websocket.StatusCode, reason string) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed, p.closeCode, p.closeReason = true, code, reason
	wake := !p.woken
	p.woken = true
	p.mu.Unlock()
	if p.pollID != "" {
		// A long poll has no connection to wait for: it leaves now, and
		// the next GET learns why.
		p.finish()
	}
	if wake {
		p.t.wake()
	}
}

func (p *peer) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// clientMessage is anything a client sends; each type uses some fields.
type clientMessage struct {
	Type    string          `json:"type"`
	Routes  []string        `json:"routes"`
	Route   string          `json:"route"`
	Message json.RawMessage `json:"message"`
	ID      json.Number     `json:"id"`
	Token   string          `json:"token"`
}

var errUnauthorized = errors.New("realtime: unauthorized")

// handle runs one client message. The first one authenticates the
// connection (its token, else ?token=, else the session cookie); an
// error means the connection must be closed as a policy violation.
func (p *peer) handle(ctx context.Context, raw []byte) error {
	var m clientMessage
	bad := json.Unmarshal(raw, &m) != nil
	if !p.authed.Load() {
		if bad {
			return errUnauthorized
		}
		if err := p.authenticate(ctx, m.Token); err != nil {
			return err
		}
	}
	if bad {
		p.sendControl(evError, map[string]any{"code": "bad_message"})
		return nil
	}
	h := p.hub
	switch m.Type {
	case "subscribe":
		h.subscribe(ctx, p, m.Routes)
	case "unsubscribe":
		h.unsubscribe(p, m.Routes)
	case "broadcast":
		h.broadcast(p, m.Route, m.Message)
	case "invoice":
		h.ack(p, m.ID)
	case "", "auth":
		// A first message may carry nothing but its token.
	default:
		p.sendControl(evError, map[string]any{"code": "unknown_type", "type": m.Type})
	}
	return nil
}

func (p *peer) authenticate(ctx context.Context, token string) error {
	for _, t := range []string{token, p.queryToken, p.cookie} {
		if t != "" {
			token = t
			break
		}
	}
	// The credentials are not needed again; a connection holds no secret.
	p.cookie, p.queryToken = "", ""
	user, session, err := p.hub.authenticate(ctx, p.account, token, p.ip)
	if err != nil {
		return err
	}
	if err := p.hub.attach(ctx, p, user, session); err != nil {
		return err
	}
	p.authed.Store(true)
	p.sendReady()
	return nil
}

func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
