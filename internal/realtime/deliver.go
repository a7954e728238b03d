package realtime

import (
	"context"
	"strconv"

	"github.com/artel/artel/internal/entity"
)

// target is a connection an entity event may go to, and by which routes.
type target struct {
	p               *peer
	viaType, viaOne bool
}

// deliverEntity sends one entity event to the connections subscribed to
// its routes whose user may see the entity. The payload names the entity
// and the fields written, never their values: the client fetches what it
// shows through the API, under the same rights.
func (h *Hub) deliverEntity(ev entity.Event) {
	t := h.cfg.Engine.Cat.Type(ev.Type)
	if t == nil {
		return
	}
	typeRoute, oneRoute := entityTypeRoute(ev.Action, ev.Type), ""
	if ev.Action != actionCreated {
		oneRoute = entityOneRoute(ev.Action, ev.Type, ev.ID)
	}
	targets := map[*peer]*target{}
	users := map[*userState]bool{}
	add := func(p *peer) *target {
		tg := targets[p]
		if tg == nil {
			tg = &target{p: p}
			targets[p] = tg
			users[p.user] = true
		}
		return tg
	}
	h.mu.RLock()
	for p := range h.routes[routeKey{ev.Account, typeRoute}] {
		add(p).viaType = true
	}
	if oneRoute != "" {
		for p := range h.routes[routeKey{ev.Account, oneRoute}] {
			add(p).viaOne = true
		}
	}
	h.mu.RUnlock()
	if len(targets) == 0 {
		return
	}
	list := make([]*userState, 0, len(users))
	for u := range users {
		list = append(list, u)
	}
	ctx, cancel := context.WithTimeout(h.ctx, dispatchBudget)
	defer cancel()
	sees := map[*userState]bool{}
	if ev.Action == actionDropped {
		// The row is gone, so no visibility can be checked any more: the
		// event goes to whoever subscribed to this entity (checked then,
		// and re-checked at every update since), and on the type route
		// only to users who see every entity of the type.
		for _, u := range list {
			if cond, err := h.condition(ctx, u.scope, t); err == nil && cond == nil {
				sees[u] = true
			}
		}
	} else {
		var err error
		if sees, err = h.seers(ctx, t, ev.Account, ev.ID, list); err != nil {
			h.log.Error("realtime: event not delivered", "type", ev.Type, "id", ev.ID, "err", err)
			return
		}
	}
	payload := map[string]any{"contentType": ev.Type, "id": strconv.FormatInt(ev.ID, 10), "action": ev.Action, "fields": ev.Fields}
	var typeMsg, oneMsg []byte
	var lost []*peer
	for _, tg := range targets {
		ok := sees[tg.p.user]
		if tg.viaType && ok {
			if typeMsg == nil {
				typeMsg = encodeMessage(typeRoute, payload, 0)
			}
			tg.p.send(typeMsg)
		}
		if tg.viaOne && (ok || ev.Action == actionDropped) {
			if oneMsg == nil {
				oneMsg = encodeMessage(oneRoute, payload, 0)
			}
			tg.p.send(oneMsg)
		}
		if tg.viaOne && (!ok || ev.Action == actionDropped) {
			lost = append(lost, tg.p)
		}
	}
	h.forgetEntity(ev, lost)
}

// forgetEntity ends the one-entity subscriptions that can no longer be
// served: every one of a dropped entity, and those of users who stopped
// seeing it (they would otherwise learn of its deletion later).
func (h *Hub) forgetEntity(ev entity.Event, lost []*peer) {
	if len(lost) == 0 && ev.Action != actionDropped {
		return
	}
	names := []string{entityOneRoute(actionUpdated, ev.Type, ev.ID), entityOneRoute(actionDropped, ev.Type, ev.ID)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if ev.Action == actionDropped {
		for _, name := range names {
			for p := range h.routes[routeKey{ev.Account, name}] {
				lost = append(lost, p)
			}
		}
	}
	for _, p := range lost {
		for _, name := range names {
			if _, ok := p.subs[name]; ok {
				delete(p.subs, name)
				h.unindex(routeKey{ev.Account, name}, p)
			}
		}
	}
}
