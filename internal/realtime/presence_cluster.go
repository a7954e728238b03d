package realtime

import (
	"hash/fnv"
	"strconv"
	"time"

	"github.com/artel/artel/internal/value"
)

// Presence between nodes: each node announces its first and last
// connection of an employee (sigPresence) and, every beatEvery, a digest
// of whom it holds (sigBeat). A node whose digest differs from what the
// others believe is asked for its whole state (sigStateReq, answered with
// sigState parts), which also heals anything lost while a LISTEN
// connection was down. A node silent for nodeTimeout is taken for dead;
// one that shuts down says so (sigGone).
const (
	beatEvery   = 10 * time.Second
	nodeTimeout = 35 * time.Second
	statePart   = 250 // employees per state part: well under one NOTIFY payload
)

type nodeView struct {
	users   map[userKey]bool
	seen    time.Time
	epoch   int64 // the state being received in parts
	partial map[userKey]bool
	got     int
}

func (pr *presence) start() {
	pr.wg.Add(1)
	go pr.persist()
	if !pr.h.bus.Cluster() {
		return
	}
	pr.resync()
	pr.wg.Add(1)
	go pr.beat()
}

// resync asks every other node for its state.
func (pr *presence) resync() { pr.h.publish(0, sigStateReq, signal{Node: pr.h.cfg.Node, To: "*"}) }

// stop says this node is gone and stores lastOnline for everyone who was
// online here and nowhere else.
func (pr *presence) stop() {
	h := pr.h
	if h.bus.Cluster() {
		h.publish(0, sigGone, signal{Node: h.cfg.Node})
	}
	pr.mu.Lock()
	pr.stopped = true
	for k := range pr.local {
		delete(pr.local, k)
		if !pr.onlineLocked(k) {
			pr.writes[k] = h.now()
		}
	}
	pr.mu.Unlock()
	close(pr.quit)
	pr.wg.Wait()
}

func (pr *presence) beat() {
	defer pr.wg.Done()
	t := time.NewTicker(beatEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-pr.quit:
			return
		case <-pr.h.bus.Done():
			return
		}
		pr.mu.Lock()
		n, sum := len(pr.local), digest(pr.local)
		var dead []*nodeView
		for id, v := range pr.nodes {
			if pr.h.now().Sub(v.seen) > nodeTimeout {
				delete(pr.nodes, id)
				dead = append(dead, v)
			}
		}
		pr.mu.Unlock()
		pr.h.publish(0, sigBeat, signal{Node: pr.h.cfg.Node, Count: n, Sum: sum})
		for _, v := range dead {
			for k := range v.users {
				pr.settle(k)
			}
		}
	}
}

func digest[V any](users map[userKey]V) uint64 {
	var sum uint64
	for k := range users {
		f := fnv.New64a()
		f.Write([]byte(strconv.FormatInt(k.account, 10) + ":" + strconv.FormatInt(k.user.ID, 10)))
		sum ^= f.Sum64()
	}
	return sum
}

// view returns the other node's view, made on first word from it.
func (pr *presence) view(node string) *nodeView {
	v := pr.nodes[node]
	if v == nil {
		v = &nodeView{users: map[userKey]bool{}}
		pr.nodes[node] = v
	}
	v.seen = pr.h.now()
	return v
}

func (pr *presence) onSignal(kind string, account int64, s signal) {
	self := s.Node == pr.h.cfg.Node
	var changed []userKey
	pr.mu.Lock()
	switch kind {
	case sigPresence:
		if s.User == nil {
			break
		}
		k := userKey{account, *s.User}
		if !self {
			if v := pr.view(s.Node); s.Online {
				v.users[k] = true
			} else {
				delete(v.users, k)
			}
		}
		changed = append(changed, k)
	case sigBeat:
		if !self {
			v := pr.view(s.Node)
			if len(v.users) != s.Count || digest(v.users) != s.Sum {
				// Not from this goroutine: the dispatcher must never wait on its own inbox.
				go pr.h.publish(0, sigStateReq, signal{Node: pr.h.cfg.Node, To: s.Node})
			}
		}
	case sigStateReq:
		if !self && (s.To == "*" || s.To == pr.h.cfg.Node) {
			go pr.sendState(pr.snapshot())
		}
	case sigState:
		if !self {
			changed = pr.statePart(s)
		}
	case sigGone:
		if v := pr.nodes[s.Node]; v != nil && !self {
			delete(pr.nodes, s.Node)
			for k := range v.users {
				changed = append(changed, k)
			}
		}
	}
	pr.mu.Unlock()
	for _, k := range changed {
		pr.settle(k)
	}
}

func (pr *presence) snapshot() []userKey {
	out := make([]userKey, 0, len(pr.local))
	for k := range pr.local {
		out = append(out, k)
	}
	return out
}

// sendState publishes this node's employees in parts.
func (pr *presence) sendState(keys []userKey) {
	epoch := pr.h.now().UnixNano()
	parts := max(1, (len(keys)+statePart-1)/statePart)
	for i := 0; i < parts; i++ {
		chunk := keys[min(i*statePart, len(keys)):min((i+1)*statePart, len(keys))]
		ks := make([][2]int64, len(chunk))
		for j, k := range chunk {
			ks[j] = [2]int64{k.account, k.user.ID}
		}
		pr.h.publish(0, sigState, signal{Node: pr.h.cfg.Node, Epoch: epoch, Part: i + 1, Parts: parts, Keys: ks})
	}
}

// statePart collects one part of another node's state; the last part
// replaces what this node believed of it. Called with pr.mu held.
func (pr *presence) statePart(s signal) []userKey {
	v := pr.view(s.Node)
	if v.epoch != s.Epoch {
		v.epoch, v.partial, v.got = s.Epoch, map[userKey]bool{}, 0
	}
	for _, k := range s.Keys {
		v.partial[userKey{k[0], value.Link{Type: "Employee", ID: k[1]}}] = true
	}
	v.got++
	if v.got < s.Parts {
		return nil
	}
	var changed []userKey
	for k := range v.users {
		if !v.partial[k] {
			changed = append(changed, k)
		}
	}
	for k := range v.partial {
		if !v.users[k] {
			changed = append(changed, k)
		}
	}
	v.users, v.partial, v.epoch = v.partial, nil, 0
	return changed
}
