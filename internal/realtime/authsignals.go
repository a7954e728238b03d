package realtime

import (
	"context"
	"strconv"

	"github.com/artel/artel/internal/value"
)

// rightsPerSignal bounds the users named in one rights signal, so it fits
// a NOTIFY payload.
const rightsPerSignal = 100

// SessionsEnded is auth's hook, called after the commit that ended
// sessions of a user: sign-out, a session closed from the list, dismissal,
// block, a password change or reset. Every node tells that user's
// connections and closes those that rode the ended sessions.
func (h *Hub) SessionsEnded(account int64, user value.Link, ids []int64) {
	h.publish(account, sigSessions, signal{User: &user, Sessions: ids})
}

// RightsChanged is the rights hook, called after the commit that changed
// the permissions of users (nil: everyone in the account).
func (h *Hub) RightsChanged(account int64, users []value.Link) {
	if users == nil {
		h.publish(account, sigRights, signal{All: true})
		return
	}
	for len(users) > 0 {
		n := min(len(users), rightsPerSignal)
		h.publish(account, sigRights, signal{Users: users[:n]})
		users = users[n:]
	}
}

// authNotice is a connection and which auth routes it listens on.
type authNotice struct {
	p              *peer
	change, revoke bool
}

// notices lists a user's connections with their auth subscriptions.
func (h *Hub) notices(u *userState) []authNotice {
	h.mu.RLock()
	defer h.mu.RUnlock()
	out := make([]authNotice, 0, len(u.peers))
	for p := range u.peers {
		_, c := p.subs[prefixAuthChange+u.uid]
		_, r := p.subs[prefixRevoke+u.uid]
		out = append(out, authNotice{p, c, r})
	}
	return out
}

func (h *Hub) sessionsEnded(account int64, user value.Link, ids []int64) {
	h.mu.RLock()
	u := h.users[userKey{account, user}]
	h.mu.RUnlock()
	if u == nil {
		return
	}
	list := h.notices(u)
	if len(list) == 0 {
		return
	}
	ended := map[int64]bool{}
	strs := make([]string, len(ids))
	for i, id := range ids {
		ended[id], strs[i] = true, strconv.FormatInt(id, 10)
	}
	msg := map[string]any{"uid": u.uid, "reason": "session_ended", "sessionIds": strs}
	change := encodeMessage(prefixAuthChange+u.uid, msg, 0)
	revoke := encodeMessage(prefixRevoke+u.uid, msg, 0)
	// A connection opened with the live-socket token stays while the user
	// keeps a session somewhere (another browser, the mobile app).
	ctx, cancel := context.WithTimeout(h.ctx, dispatchBudget)
	defer cancel()
	live, err := h.cfg.Auth.Sessions(ctx, account, user)
	keepTokens := err != nil || len(live) > 0
	for _, n := range list {
		if n.change {
			n.p.send(change)
		}
		if n.revoke {
			n.p.send(revoke)
		}
		if ended[n.p.session] || (n.p.session == 0 && !keepTokens) {
			n.p.close(statusPolicyViolation, "session ended")
		}
	}
}

func (h *Hub) rightsChanged(account int64, users []value.Link, all bool) {
	named := map[value.Link]bool{}
	for _, l := range users {
		named[l] = true
	}
	var list []*userState
	h.mu.RLock()
	for k, u := range h.users {
		if k.account == account && len(u.peers) > 0 && (all || named[k.user]) {
			list = append(list, u)
		}
	}
	h.mu.RUnlock()
	for _, u := range list {
		h.refreshScope(u)
		msg := encodeMessage(prefixAuthChange+u.uid, map[string]any{"uid": u.uid, "reason": "rights_changed"}, 0)
		for _, n := range h.notices(u) {
			if n.change {
				n.p.send(msg)
			}
		}
	}
}
