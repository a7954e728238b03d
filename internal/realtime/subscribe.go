package realtime

import (
	"context"
)

// refusal names a route a subscribe did not take, and why.
type refusal struct {
	Route string `json:"route"`
	Code  string `json:"code"` // unknown_route, not_found, forbidden, too_many, internal
}

// subscribe adds routes to a connection and answers ecomet.subscribed. A
// route of one entity is taken only if the user sees that entity now
// (checked in one query per content type); a user route only if it is
// the user's own. Unacknowledged messages on the routes just taken follow.
func (h *Hub) subscribe(ctx context.Context, p *peer, names []string) {
	u := p.user
	h.mu.RLock()
	sc := u.scope
	h.mu.RUnlock()
	refused := []refusal{}
	var ok []route
	one := map[string][]int64{}
	for _, name := range names {
		r, valid := parseRoute(name)
		code := ""
		switch {
		case !valid:
			code = "unknown_route"
		case r.kind == routeEntityType || r.kind == routeEntityOne:
			if h.cfg.Engine.Cat.Type(r.typ) == nil {
				code = "not_found"
			} else if r.kind == routeEntityOne {
				one[r.typ] = append(one[r.typ], r.id)
			}
		case (r.kind == routeUser || r.kind == routeAuth) && r.uid != "" && r.uid != u.uid:
			code = "forbidden"
		case r.kind == routePresence && sc.Guest:
			code = "forbidden" // who of the staff is online is the staff's business
		}
		if code != "" {
			refused = append(refused, refusal{name, code})
			continue
		}
		ok = append(ok, r)
	}
	seen := map[string]map[int64]bool{}
	for typ, ids := range one {
		vis, err := h.visibleIDs(ctx, sc, h.cfg.Engine.Cat.Type(typ), ids)
		if err != nil {
			h.log.Error("realtime: subscribe", "type", typ, "err", err)
		}
		seen[typ] = vis
	}
	accepted := []string{}
	fresh := map[string]bool{}
	h.mu.Lock()
	if p.subs == nil && !p.detached {
		p.subs = map[string]routeKind{}
	}
	for _, r := range ok {
		if r.kind == routeEntityOne && !seen[r.typ][r.id] {
			refused = append(refused, refusal{r.name, "not_found"})
			continue
		}
		if _, dup := p.subs[r.name]; dup {
			accepted = append(accepted, r.name)
			continue
		}
		if p.detached || len(p.subs) >= maxSubs {
			refused = append(refused, refusal{r.name, "too_many"})
			continue
		}
		p.subs[r.name] = r.kind
		if accountWide(r.kind) {
			k := routeKey{p.account, r.name}
			if h.routes[k] == nil {
				h.routes[k] = map[*peer]struct{}{}
			}
			h.routes[k][p] = struct{}{}
		}
		accepted = append(accepted, r.name)
		fresh[r.name] = true
	}
	var resend [][]byte
	for _, it := range u.outbox.items {
		if fresh[it.route] {
			resend = append(resend, it.msg)
		}
	}
	h.mu.Unlock()
	p.sendControl(evSubscribed, map[string]any{"routes": accepted, "refused": refused})
	for _, msg := range resend {
		p.send(msg)
	}
}

// unsubscribe drops routes; unknown ones are ignored.
func (h *Hub) unsubscribe(p *peer, names []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, name := range names {
		kind, ok := p.subs[name]
		if !ok {
			continue
		}
		delete(p.subs, name)
		if accountWide(kind) {
			h.unindex(routeKey{p.account, name}, p)
		}
	}
}
