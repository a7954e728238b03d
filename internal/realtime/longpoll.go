package realtime

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/artel/artel/internal/rights"
)

const (
	pollWait     = 25 * time.Second // a GET answers by then, empty if need be
	pollAbandon  = 60 * time.Second // a long poll with no request for this long is closed
	pollLinger   = 10 * time.Second // a closed one waits this long for the GET that learns why
	pollMaxBatch = 100              // client messages in one POST
)

// pollIDs are chosen by the client: random, so they must be long enough
// not to be guessed, and plain enough to sit in a path.
var pollIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,128}$`)

// pollConn is the long-polling transport: queued messages wait for the
// next GET, which wake releases.
type pollConn struct{ ready chan struct{} }

func (pc *pollConn) abort() {}

func (pc *pollConn) wake() {
	select {
	case pc.ready <- struct{}{}:
	default:
	}
}

// ServeComet is the long-polling transport, /comet/{id} and
// /comet/{id}/mobile: POST carries client messages (the first one
// authenticates, as on the socket), GET waits for server messages.
func (h *Hub) ServeComet(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.Path, "/comet/")
	id, tail, _ := strings.Cut(rest, "/")
	if !pollIDPattern.MatchString(id) || (tail != "" && tail != "mobile") {
		writePoll(w, http.StatusNotFound, map[string]any{"error": "not_found"})
		return
	}
	account, err := h.cfg.Accounts.Resolve(r.Host)
	if err != nil {
		writePoll(w, http.StatusNotFound, map[string]any{"error": "not_found"})
		return
	}
	key := strconv.FormatInt(account, 10) + "/" + id
	switch r.Method {
	case http.MethodPost:
		h.pollPost(w, r, account, key)
	case http.MethodGet:
		h.pollGet(w, r, key)
	default:
		writePoll(w, http.StatusMethodNotAllowed, map[string]any{"error": "method_not_allowed"})
	}
}

func (h *Hub) pollPost(w http.ResponseWriter, r *http.Request, account int64, key string) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxClientMessage+1))
	if err != nil || len(body) > maxClientMessage {
		writePoll(w, http.StatusRequestEntityTooLarge, map[string]any{"error": "too_large"})
		return
	}
	var batch []json.RawMessage
	if trimmed := strings.TrimSpace(string(body)); strings.HasPrefix(trimmed, "[") {
		err = json.Unmarshal(body, &batch)
	} else {
		batch = []json.RawMessage{body}
	}
	if err != nil || len(batch) == 0 || len(batch) > pollMaxBatch {
		writePoll(w, http.StatusBadRequest, map[string]any{"error": "bad_message"})
		return
	}
	h.mu.Lock()
	p := h.polls[key]
	if p == nil {
		if h.closing {
			h.mu.Unlock()
			writePoll(w, http.StatusServiceUnavailable, map[string]any{"error": "shutting_down"})
			return
		}
		p = h.newPeer(account, r)
		p.pollID, p.t = key, &pollConn{ready: make(chan struct{}, 1)}
		h.polls[key] = p
		h.peers[p] = struct{}{}
		if h.cfg.Sockets != nil {
			h.cfg.Sockets.Inc()
		}
	}
	h.mu.Unlock()
	p.touch()
	for _, raw := range batch {
		if p.isClosed() {
			break
		}
		if err := p.handle(r.Context(), raw); err != nil {
			if !errors.Is(err, errUnauthorized) && !errors.Is(err, rights.ErrNoGuestAccess) && !errors.Is(err, errClosing) {
				h.log.Error("realtime: authenticate", "err", err)
			}
			p.close(statusPolicyViolation, "unauthorized")
			h.dropPoll(p)
			writePoll(w, http.StatusUnauthorized, map[string]any{"error": "unauthorized"})
			return
		}
	}
	writePoll(w, http.StatusOK, map[string]any{"accepted": len(batch)})
}

// pollGet answers what is queued, waiting up to pollWait for something.
func (h *Hub) pollGet(w http.ResponseWriter, r *http.Request, key string) {
	h.mu.RLock()
	p := h.polls[key]
	h.mu.RUnlock()
	if p == nil {
		writePoll(w, http.StatusNotFound, map[string]any{"error": "not_found"})
		return
	}
	p.touch()
	ready := p.t.(*pollConn).ready
	timer := time.NewTimer(pollWait)
	defer timer.Stop()
	for {
		msgs, closed, code, reason := p.take()
		if len(msgs) > 0 || closed {
			out := map[string]any{"messages": joinRaw(msgs)}
			if closed && len(msgs) == 0 {
				out["closed"] = map[string]any{"code": int(code), "reason": reason}
				h.dropPoll(p)
			}
			writePoll(w, http.StatusOK, out)
			return
		}
		select {
		case <-ready:
		case <-timer.C:
			writePoll(w, http.StatusOK, map[string]any{"messages": []json.RawMessage{}})
			return
		case <-r.Context().Done():
			return
		}
	}
}

func joinRaw(msgs [][]byte) []json.RawMessage {
	out := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		out[i] = m
	}
	return out
}

func (p *peer) touch() {
	p.mu.Lock()
	p.lastPoll = p.hub.now()
	p.mu.Unlock()
}

// pollIdle reports whether the janitor should close (an abandoned poll) or
// forget (a closed one nobody came for) this long poll.
func (p *peer) pollIdle(now time.Time) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	idle := now.Sub(p.lastPoll)
	return idle > pollAbandon || (p.closed && idle > pollLinger)
}

// dropPoll forgets a long poll for good.
func (h *Hub) dropPoll(p *peer) {
	p.finish()
	h.mu.Lock()
	if h.polls[p.pollID] == p {
		delete(h.polls, p.pollID)
	}
	h.mu.Unlock()
}

func writePoll(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
