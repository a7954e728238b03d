package realtime

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/artel/artel/internal/entity"
)

// offlineGrace is how long a user stays online after their last
// connection closed, so a page reload or a move to another node does not
// flash "offline" at everyone.
const offlineGrace = 2 * time.Second

// presence knows who is online: an employee with at least one connection
// on any node. Each node counts its own connections and learns the
// others' from presence signals (see presence_cluster.go).
type presence struct {
	h       *Hub
	mu      sync.Mutex
	local   map[userKey]int       // connections on this node
	nodes   map[string]*nodeView  // the other nodes' employees
	told    map[userKey]bool      // announced online to this node's subscribers
	writes  map[userKey]time.Time // lastOnline values waiting to be stored
	kick    chan struct{}
	quit    chan struct{}
	stopped bool
	wg      sync.WaitGroup
}

func newPresence(h *Hub) *presence {
	return &presence{h: h, local: map[userKey]int{}, nodes: map[string]*nodeView{}, told: map[userKey]bool{},
		writes: map[userKey]time.Time{}, kick: make(chan struct{}, 1), quit: make(chan struct{})}
}

func tracked(k userKey) bool { return k.user.Type == "Employee" }

// add counts a new connection; the first one on this node tells the cluster.
func (pr *presence) add(k userKey) {
	if !tracked(k) {
		return
	}
	pr.mu.Lock()
	pr.local[k]++
	first := pr.local[k] == 1
	pr.mu.Unlock()
	if first {
		u := k.user
		pr.h.publish(k.account, sigPresence, signal{Node: pr.h.cfg.Node, User: &u, Online: true})
	}
}

// remove counts a closed connection; the last one on this node tells the cluster.
func (pr *presence) remove(k userKey) {
	if !tracked(k) {
		return
	}
	pr.mu.Lock()
	pr.local[k]--
	last := pr.local[k] <= 0
	if last {
		delete(pr.local, k)
	}
	pr.mu.Unlock()
	if last {
		u := k.user
		pr.h.publish(k.account, sigPresence, signal{Node: pr.h.cfg.Node, User: &u})
	}
}

// online reports whether the user has a connection on any node.
func (pr *presence) online(k userKey) bool {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	return pr.onlineLocked(k)
}

func (pr *presence) onlineLocked(k userKey) bool {
	if pr.local[k] > 0 {
		return true
	}
	for _, n := range pr.nodes {
		if n.users[k] {
			return true
		}
	}
	return false
}

// settle announces a change of a user's state to this node's subscribers:
// online at once, offline after the grace period if it still holds.
func (pr *presence) settle(k userKey) {
	pr.mu.Lock()
	on, told := pr.onlineLocked(k), pr.told[k]
	if on && !told {
		pr.told[k] = true
		if pr.local[k] > 0 {
			pr.writes[k] = pr.h.now()
		}
	}
	pr.mu.Unlock()
	switch {
	case on && !told:
		pr.announce(k, true)
		pr.wake()
	case !on && told:
		time.AfterFunc(offlineGrace, func() { pr.goOffline(k) })
	}
}

func (pr *presence) goOffline(k userKey) {
	pr.mu.Lock()
	gone := !pr.stopped && pr.told[k] && !pr.onlineLocked(k)
	if gone {
		delete(pr.told, k)
		pr.writes[k] = pr.h.now()
	}
	pr.mu.Unlock()
	if gone {
		pr.announce(k, false)
		pr.wake()
	}
}

// announce sends the change on the presence route of the user's account.
func (pr *presence) announce(k userKey, online bool) {
	h := pr.h
	msg := encodeMessage(presenceRoute, map[string]any{"contentType": k.user.Type, "id": strconv.FormatInt(k.user.ID, 10),
		"isOnline": online, "lastOnline": dateTime(h.now().UnixMilli())}, 0)
	h.mu.RLock()
	to := make([]*peer, 0, len(h.routes[routeKey{k.account, presenceRoute}]))
	for p := range h.routes[routeKey{k.account, presenceRoute}] {
		to = append(to, p)
	}
	h.mu.RUnlock()
	for _, p := range to {
		p.send(msg)
	}
}

// fillOnline is the engine's computer of Employee.isOnline: presence is in
// memory, so a whole page costs nothing.
func (h *Hub) fillOnline(_ context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	for _, rec := range recs {
		rec.SetComputed("isOnline", h.presence.online(userKey{sc.Account, rec.Link()}))
	}
	return nil
}

// OnlineCount is how many employees of the account are online.
func (h *Hub) OnlineCount(account int64) int {
	pr := h.presence
	pr.mu.Lock()
	defer pr.mu.Unlock()
	seen := map[int64]bool{}
	for k := range pr.local {
		if k.account == account {
			seen[k.user.ID] = true
		}
	}
	for _, n := range pr.nodes {
		for k := range n.users {
			if k.account == account {
				seen[k.user.ID] = true
			}
		}
	}
	return len(seen)
}

func (pr *presence) wake() {
	select {
	case pr.kick <- struct{}{}:
	default:
	}
}

// persist stores lastOnline, so it survives restarts. Writes go straight
// to the column, not through the engine: a connection opening is not an
// edit of the employee, and must not send everyone an entity event.
func (pr *presence) persist() {
	defer pr.wg.Done()
	for {
		select {
		case <-pr.kick:
			pr.flush()
		case <-pr.quit:
			pr.flush()
			return
		}
	}
}

func (pr *presence) flush() {
	pr.mu.Lock()
	batch := pr.writes
	pr.writes = map[userKey]time.Time{}
	pr.mu.Unlock()
	if len(batch) == 0 {
		return
	}
	h := pr.h
	t := h.cfg.Engine.Cat.Type("Employee")
	f := t.Field("lastOnline")
	if f == nil {
		return
	}
	q := "UPDATE " + t.Table + " SET " + f.Column + " = ? WHERE account_id = ? AND id = ?"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := h.cfg.DB.WithTx(ctx, func(ctx context.Context) error {
		for k, at := range batch {
			if err := h.cfg.DB.Exec(ctx, q, at.UnixMilli(), k.account, k.user.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		h.log.Warn("realtime: lastOnline not stored", "users", len(batch), "err", err)
	}
}
