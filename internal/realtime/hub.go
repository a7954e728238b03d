// Package realtime owns the live socket: the WebSocket at /ecomet/websocket
// and its long-polling twin at /comet/, the channels (routes) clients
// subscribe to, the rights check of every entity event before it is sent,
// the re-sending of unacknowledged messages, presence, and the event bus
// drivers (in process, or PostgreSQL LISTEN/NOTIFY between nodes).
// docs/realtime.md is the protocol.
package realtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"os"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Config is what the hub needs from the rest of the server.
type Config struct {
	DB       *store.DB
	Engine   *entity.Engine
	Rights   *rights.Service
	Auth     *auth.Service
	Accounts *auth.Accounts
	Bus      Bus
	// Node names this process among the nodes sharing the database.
	Node string
	Log  *slog.Logger
	// Sockets counts open connections (the artel_live_sockets gauge).
	Sockets interface {
		Inc()
		Dec()
	}
}

// Limits.
const (
	scopeTTL       = 5 * time.Minute // a user's rights are re-read at least this often
	maxSubs        = 1000            // routes per connection
	inboxSize      = 4096            // events waiting for the dispatcher
	dispatchBudget = 10 * time.Second
)

var errClosing = errors.New("realtime: shutting down")

type userKey struct {
	account int64
	user    value.Link
}

type routeKey struct {
	account int64
	route   string
}

// userState is one user on this node: their rights, open connections and
// unacknowledged messages. It outlives the last connection by the resend
// window, so a reconnecting client gets what it missed.
type userState struct {
	key    userKey
	uid    string
	scope  entity.Scope
	filled time.Time
	peers  map[*peer]struct{}
	outbox outbox
	left   time.Time
}

// Hub is the live socket of one node.
type Hub struct {
	cfg      Config
	log      *slog.Logger
	bus      Bus
	now      func() time.Time
	ctx      context.Context
	cancel   context.CancelFunc
	inbox    chan job
	wg       sync.WaitGroup
	presence *presence
	nextPeer atomic.Uint64
	warned   atomic.Int64 // when the inbox was last found full (unix seconds)

	// mu guards the indexes below and every peer's subs.
	mu      sync.RWMutex
	closing bool
	users   map[userKey]*userState
	routes  map[routeKey]map[*peer]struct{} // account-wide routes only
	peers   map[*peer]struct{}
	polls   map[string]*peer // long-poll connections by account and id
}

type job struct {
	ev     entity.Event
	signal bool
}

// New starts the hub of this node over its bus.
func New(cfg Config) *Hub {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	h := &Hub{cfg: cfg, log: cfg.Log, bus: cfg.Bus, now: time.Now, inbox: make(chan job, inboxSize),
		users: map[userKey]*userState{}, routes: map[routeKey]map[*peer]struct{}{},
		peers: map[*peer]struct{}{}, polls: map[string]*peer{}}
	h.ctx, h.cancel = context.WithCancel(context.Background())
	h.presence = newPresence(h)
	cfg.Engine.Compute("Employee", entity.Computer{Fields: []string{"isOnline"}, InLists: true, Fill: h.fillOnline})
	// The engine publishes from the committing request's goroutine: the
	// hand-off keeps rights queries and writes to sockets out of it.
	cfg.Bus.Entities().Subscribe(func(ev entity.Event) { h.enqueue(job{ev: ev}) })
	cfg.Bus.Signals().Subscribe(func(ev entity.Event) { h.enqueue(job{ev: ev, signal: true}) })
	h.wg.Add(2)
	go h.dispatch()
	go h.janitor()
	h.presence.start()
	return h
}

// enqueue hands an event to the dispatcher. When the inbox is full the
// event waits in a goroutine of its own rather than blocking the caller,
// which may be the dispatcher itself (a connection it closes publishes
// presence); order is then no longer kept, which only an overload costs.
func (h *Hub) enqueue(j job) {
	select {
	case h.inbox <- j:
		return
	default:
	}
	if now := time.Now().Unix(); h.warned.Swap(now) != now { // once a second at most
		h.log.Warn("realtime: dispatcher behind", "queued", len(h.inbox))
	}
	go func() {
		select {
		case h.inbox <- j:
		case <-h.ctx.Done():
		}
	}()
}

// dispatch handles events one at a time, so each client sees them in the
// order this node received them.
func (h *Hub) dispatch() {
	defer h.wg.Done()
	for {
		select {
		case j := <-h.inbox:
			h.handle(j)
		case <-h.ctx.Done():
			return
		}
	}
}

// handle runs one event; a bug in it costs that event, not the process.
func (h *Hub) handle(j job) {
	defer func() {
		if v := recover(); v != nil {
			h.log.Error("realtime: panic", "type", j.ev.Type, "panic", v, "stack", string(debug.Stack()))
		}
	}()
	if j.signal {
		h.onSignal(j.ev)
	} else {
		h.deliverEntity(j.ev)
	}
}

// janitor forgets users whose resend window has passed, drops expired
// messages, closes abandoned long polls and re-reads stale rights.
func (h *Hub) janitor() {
	defer h.wg.Done()
	t := time.NewTicker(15 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			h.sweep()
		case <-h.ctx.Done():
			return
		}
	}
}

// Shutdown closes every connection with "going away" after writing what
// is queued for it and waits for them within ctx. New connections are
// refused from the start. Events still flow, so the writes of requests
// in flight reach the other nodes; Close stops that.
func (h *Hub) Shutdown(ctx context.Context) {
	h.mu.Lock()
	h.closing = true
	peers := make([]*peer, 0, len(h.peers))
	for p := range h.peers {
		peers = append(peers, p)
	}
	h.mu.Unlock()
	for _, p := range peers {
		p.close(statusGoingAway, "server shutting down")
	}
	for _, p := range peers {
		select {
		case <-p.done:
		case <-ctx.Done():
			return
		}
	}
}

// Close stops the hub after Shutdown: presence is stored and the other
// nodes told, then the bus stops.
func (h *Hub) Close() {
	h.mu.Lock()
	h.closing = true
	left := make([]*peer, 0, len(h.peers))
	for p := range h.peers {
		left = append(left, p)
	}
	h.mu.Unlock()
	for _, p := range left {
		p.t.abort()
	}
	h.presence.stop()
	h.cancel()
	h.wg.Wait()
	h.bus.Close()
}

// NodeName names this process among the nodes sharing a database:
// host, process id and a random part, so a restarted node is a new one.
func NodeName() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return host + "-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b)
}
