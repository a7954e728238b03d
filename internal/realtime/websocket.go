package realtime

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/artel/artel/internal/rights"
)

const (
	authTimeout  = 30 * time.Second // to send the first message
	pingEvery    = 45 * time.Second // finds connections that died without a close
	writeTimeout = 10 * time.Second
	// messageBudget bounds the database work of one client message.
	messageBudget = 30 * time.Second
)

// wsConn is the WebSocket transport. An idle connection is one reading
// goroutine with a small stack and two small buffers: the request's own
// goroutine ends after the handshake, client messages run on a goroutine
// of their own, writing happens on one started when messages are queued
// and ended when the queue is empty, and pings ride a timer.
type wsConn struct {
	c    *websocket.Conn
	conn net.Conn // under c, for write deadlines
	p    *peer
	mu   sync.Mutex
	ping *time.Timer
}

// ServeWebSocket is GET /ecomet/websocket. The handshake checks the Origin
// against the Host (the library's default), so another site cannot open
// a socket with the user's cookie.
func (h *Hub) ServeWebSocket(w http.ResponseWriter, r *http.Request) {
	account, err := h.cfg.Accounts.Resolve(r.Host)
	if err != nil {
		http.Error(w, "no account for this host", http.StatusNotFound)
		return
	}
	h.mu.RLock()
	closing := h.closing
	h.mu.RUnlock()
	if closing {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	sb := &smallBuffers{ResponseWriter: w}
	c, err := websocket.Accept(sb, r, nil)
	if err != nil {
		return // Accept has answered
	}
	c.SetReadLimit(maxClientMessage)
	p := h.newPeer(account, r)
	ws := &wsConn{c: c, conn: sb.conn, p: p}
	p.t = ws
	if !h.track(p) {
		_ = c.Close(statusGoingAway, "server shutting down")
		return
	}
	// The connection is hijacked, so the request's goroutine may end: a
	// fresh one reads, with a small stack, and the request, its context
	// and net/http's state for it become garbage. That is most of what an
	// idle connection would otherwise keep.
	go func() {
		defer p.finish()
		ws.read()
	}()
}

// read runs client messages until the connection ends.
func (ws *wsConn) read() {
	p := ws.p
	// Reads wait without a context: one per connection would register a
	// callback on the hub's context for every read. Close aborts what is
	// left instead.
	ctx := context.Background()
	deadline := time.AfterFunc(authTimeout, func() {
		if !p.authed.Load() {
			p.close(statusPolicyViolation, "authentication timeout")
		}
	})
	defer deadline.Stop()
	defer ws.stopPing()
	for {
		typ, data, err := ws.c.Read(ctx)
		if err != nil {
			p.close(statusGoingAway, "")
			return
		}
		if p.isClosed() {
			continue // a close is on its way; the client's last words are moot
		}
		if typ != websocket.MessageText {
			p.close(statusUnsupported, "text messages only")
			continue
		}
		wasAuthed := p.authed.Load()
		if err := ws.handle(ctx, data); err != nil {
			if errors.Is(err, errUnauthorized) || errors.Is(err, rights.ErrNoGuestAccess) || errors.Is(err, errClosing) {
				p.close(statusPolicyViolation, "unauthorized")
			} else {
				p.hub.log.Error("realtime: client message", "err", err)
				p.close(websocket.StatusInternalError, "internal error")
			}
			continue
		}
		if !wasAuthed && p.authed.Load() {
			ws.startPing()
		}
	}
}

// handle runs a client message on a goroutine of its own: signing in and
// rights checks go deep into the database driver, and a stack grown
// there would stay with the idle reading goroutine for good.
func (ws *wsConn) handle(ctx context.Context, data []byte) error {
	ctx, cancel := context.WithTimeout(ctx, messageBudget)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		// Off the request's goroutine, net/http's recoverer is no help: a
		// bug here must cost one connection, not the process.
		defer func() {
			if v := recover(); v != nil {
				ws.p.hub.log.Error("realtime: panic", "panic", v, "stack", string(debug.Stack()))
				done <- errPanic
			}
		}()
		done <- ws.p.handle(ctx, data)
	}()
	return <-done
}

var errPanic = errors.New("realtime: panic handling a message")

// connBuffer sizes a connection's read and write buffers: the messages
// are a few hundred bytes, and an idle connection keeps its buffers for
// life (net/http's are 4 KB each). Larger messages still pass, in more
// system calls.
const connBuffer = 512

// smallBuffers makes the WebSocket handshake hijack the connection with
// connBuffer-sized buffers instead of net/http's; whatever the client
// already sent is carried over.
type smallBuffers struct {
	http.ResponseWriter
	conn net.Conn
}

func (w *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = conn
	// What the client sent after its handshake may already sit in
	// net/http's reader. It is moved into the new reader's buffer, where
	// the library looks for it (it reads the connection itself after).
	br := bufio.NewReaderSize(conn, connBuffer)
	if n := brw.Reader.Buffered(); n > 0 {
		b, _ := brw.Reader.Peek(n)
		br = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(b)), conn), max(connBuffer, n))
		if _, err := br.Peek(n); err != nil {
			conn.Close()
			return nil, nil, err
		}
	}
	// net/http flushed the 101 answer before handing the connection over,
	// so its writer holds nothing to carry.
	return conn, bufio.NewReadWriter(br, bufio.NewWriterSize(conn, connBuffer)), nil
}

func (w *smallBuffers) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// abort drops the connection without a word (after Shutdown's budget).
func (ws *wsConn) abort() { _ = ws.c.CloseNow() }

// wake starts the writer; the peer calls it once per non-empty queue.
func (ws *wsConn) wake() { go ws.flush() }

// flush writes until the queue is empty, then closes the connection if
// the peer is closing.
func (ws *wsConn) flush() {
	for {
		msgs, closed, code, reason := ws.p.take()
		if len(msgs) == 0 {
			if closed {
				if code == statusGoingAway && reason == "" {
					_ = ws.c.CloseNow() // the client went away; nothing to say
				} else {
					_ = ws.c.Close(code, reason)
				}
			}
			return
		}
		// A client that cannot take the batch in writeTimeout is dropped.
		// The deadline is the connection's own, not a context's: a
		// context per write costs a timer and registrations that ten
		// thousand writers at once would queue on.
		_ = ws.conn.SetWriteDeadline(time.Now().Add(writeTimeout))
		for _, m := range msgs {
			if err := ws.c.Write(context.Background(), websocket.MessageText, m); err != nil {
				ws.p.close(statusGoingAway, "")
				_ = ws.c.CloseNow()
				ws.p.take() // drop the rest and re-arm; the peer is closed, so nothing more comes
				return
			}
		}
		_ = ws.conn.SetWriteDeadline(time.Time{})
	}
}

func (ws *wsConn) startPing() {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.ping = time.AfterFunc(pingEvery, ws.pingOnce)
}

func (ws *wsConn) stopPing() {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if ws.ping != nil {
		ws.ping.Stop()
	}
}

func (ws *wsConn) pingOnce() {
	ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
	err := ws.c.Ping(ctx)
	cancel()
	if err != nil {
		_ = ws.c.CloseNow()
		return
	}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if !ws.p.isClosed() {
		ws.ping.Reset(pingEvery)
	}
}
