package realtime

import (
	"context"
	"errors"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/value"
)

func (h *Hub) sweep() {
	now := h.now()
	var stale []*userState
	var idle []*peer
	h.mu.Lock()
	for k, u := range h.users {
		u.outbox.prune(now)
		switch {
		case len(u.peers) == 0 && now.Sub(u.left) > resendWindow:
			delete(h.users, k)
		case len(u.peers) > 0 && now.Sub(u.filled) > scopeTTL:
			stale = append(stale, u)
		}
	}
	for _, p := range h.polls {
		if p.pollIdle(now) {
			idle = append(idle, p)
		}
	}
	h.mu.Unlock()
	for _, p := range idle {
		p.close(statusGoingAway, "poll abandoned")
		h.dropPoll(p)
	}
	for _, u := range stale {
		h.refreshScope(u)
	}
}

// refreshScope re-reads a user's rights; a user who may no longer sign in
// (a guest whose access was switched off) is disconnected.
func (h *Hub) refreshScope(u *userState) {
	ctx, cancel := context.WithTimeout(h.ctx, dispatchBudget)
	defer cancel()
	sc := entity.Scope{Account: u.key.account, Actor: u.key.user}
	err := h.cfg.Rights.Fill(ctx, &sc)
	h.mu.Lock()
	var peers []*peer
	if err == nil {
		u.scope, u.filled = sc, h.now()
	} else if errors.Is(err, rights.ErrNoGuestAccess) {
		for p := range u.peers {
			peers = append(peers, p)
		}
	}
	h.mu.Unlock()
	if err != nil && !errors.Is(err, rights.ErrNoGuestAccess) {
		h.log.Warn("realtime: rights", "user", u.key.user, "err", err)
	}
	for _, p := range peers {
		p.close(statusPolicyViolation, "access revoked")
	}
}

// attach binds an authenticated connection to its user and makes it
// count for presence.
func (h *Hub) attach(ctx context.Context, p *peer, user value.Link, session int64) error {
	key := userKey{p.account, user}
	h.mu.RLock()
	u := h.users[key]
	fresh := u != nil && h.now().Sub(u.filled) < scopeTTL
	h.mu.RUnlock()
	var sc entity.Scope
	if !fresh {
		sc = entity.Scope{Account: p.account, Actor: user}
		if err := h.cfg.Rights.Fill(ctx, &sc); err != nil {
			return err
		}
	}
	h.mu.Lock()
	if h.closing || p.detached || p.isClosed() {
		h.mu.Unlock()
		return errClosing
	}
	if u = h.users[key]; u == nil {
		u = &userState{key: key, uid: uidOf(user), peers: map[*peer]struct{}{}}
		h.users[key] = u
	}
	if !fresh {
		u.scope, u.filled = sc, h.now()
	}
	u.peers[p] = struct{}{}
	p.user, p.session = u, session
	h.mu.Unlock()
	h.presence.add(key)
	return nil
}

// detach forgets a closed connection.
func (h *Hub) detach(p *peer) {
	h.mu.Lock()
	delete(h.peers, p)
	p.detached = true
	for name, kind := range p.subs {
		if accountWide(kind) {
			h.unindex(routeKey{p.account, name}, p)
		}
	}
	p.subs = nil
	u := p.user
	if u != nil {
		delete(u.peers, p)
		if len(u.peers) == 0 {
			u.left = h.now()
		}
	}
	h.mu.Unlock()
	if u != nil {
		h.presence.remove(u.key)
	}
}

func (h *Hub) unindex(k routeKey, p *peer) {
	if set := h.routes[k]; set != nil {
		delete(set, p)
		if len(set) == 0 {
			delete(h.routes, k)
		}
	}
}

func accountWide(k routeKind) bool {
	return k == routeEntityType || k == routeEntityOne || k == routePresence
}
