package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// sourceAddrs spread the sockets over several loopback source addresses,
// so 10,000 of them never run short of ephemeral ports.
const sourceAddrs = 8

// sock is one idle client socket; its reader records when each edit's
// event arrived.
type sock struct {
	conn  *websocket.Conn
	node  int
	round *round
	lat   []time.Duration
}

// round is one edit: when it was sent and who still waits for it.
type round struct {
	start atomic.Int64 // unix nanoseconds
	left  sync.WaitGroup
}

func clients() []*http.Client {
	out := make([]*http.Client, sourceAddrs)
	for i := range out {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(i+1))}, Timeout: 10 * time.Second}
		out[i] = &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	}
	return out
}

// openSockets opens n sockets, each subscribed to the task's updates as
// one of the users, alternating between the nodes.
func openSockets(ctx context.Context, cl *cluster, acc *account, n, conc int) ([]*sock, error) {
	hc := clients()
	r := &round{}
	socks := make([]*sock, n)
	var failed atomic.Value
	var wg sync.WaitGroup
	sem := make(chan struct{}, conc)
	for i := 0; i < n && failed.Load() == nil; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			s, err := openOne(ctx, hc[i%len(hc)], cl.nodes[i%len(cl.nodes)].URL, acc.tokens[i%len(acc.tokens)])
			if err != nil {
				failed.Store(fmt.Errorf("socket %d: %w", i, err))
				return
			}
			s.node, s.round = i%len(cl.nodes), r
			socks[i] = s
		}(i)
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		closeAll(socks)
		return nil, err
	}
	for _, s := range socks {
		go s.read()
	}
	return socks, nil
}

func openOne(ctx context.Context, hc *http.Client, base, token string) (*sock, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ecomet/websocket", &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		return nil, err
	}
	b, _ := json.Marshal(map[string]any{"type": "subscribe", "token": token, "routes": []string{"entity.updated:Task"}})
	if err := conn.Write(ctx, websocket.MessageText, b); err != nil {
		conn.CloseNow()
		return nil, err
	}
	// ecomet.ready, then ecomet.subscribed: the socket is live after it.
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			conn.CloseNow()
			return nil, err
		}
		var m struct{ Event string }
		if json.Unmarshal(data, &m) == nil && m.Event == "ecomet.subscribed" {
			return &sock{conn: conn}, nil
		}
	}
}

var eventMark = []byte(`"entity.updated:Task"`)

func (s *sock) read() {
	for {
		_, data, err := s.conn.Read(context.Background())
		if err != nil {
			return
		}
		if bytes.Contains(data, eventMark) {
			s.lat = append(s.lat, time.Since(time.Unix(0, s.round.start.Load())))
			s.round.left.Done()
		}
	}
}

func closeAll(socks []*sock) {
	for _, s := range socks {
		if s != nil {
			s.conn.CloseNow()
		}
	}
}

// fanOut edits the task rounds times through the first node, each time
// waiting until every socket has the event, and records the latencies.
func fanOut(ctx context.Context, cl *cluster, acc *account, socks []*sock, rounds int, f *Figure) error {
	r := socks[0].round
	var writes []time.Duration
	for i := 0; i < rounds; i++ {
		r.left.Add(len(socks))
		start := time.Now()
		r.start.Store(start.UnixNano())
		if _, err := cl.admin.Do(ctx, "POST", "/api/v3/task/"+acc.task, map[string]any{"name": fmt.Sprintf("Fan-out %d", i)}); err != nil {
			return err
		}
		writes = append(writes, time.Since(start))
		done := make(chan struct{})
		go func() { r.left.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			return fmt.Errorf("round %d: not every socket had the event within 60 s", i)
		}
	}
	all := make([][]time.Duration, len(cl.nodes))
	for _, s := range socks {
		all[s.node] = append(all[s.node], s.lat...)
	}
	var every []time.Duration
	for node, lats := range all {
		every = append(every, lats...)
		f.PerNode = append(f.PerNode, summarize(fmt.Sprintf("node %d", node+1), lats))
	}
	f.Delivery = summarize("all", every)
	f.Write = summarize("write", writes)
	return nil
}
