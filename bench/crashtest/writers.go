package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
)

// task is what the writers know about one task whose create was
// acknowledged: its name, and every value they sent to its "statement"
// field, in order, with whether the answer was a 200.
type task struct {
	id     int64
	name   string
	values []string
	acked  []bool
}

// ledger is everything the writers did. Each task is written by the writer
// that created it only, one request at a time, so the order of its values
// is the order in which they can have been committed.
type ledger struct {
	mu         sync.Mutex
	tasks      []*task
	creates    int // attempted creates, answered or not
	unanswered int // transport errors: the server died under the request
	odd        int // answers 200 that do not echo what was written
	statuses   map[int]int
}

func (l *ledger) note(status int, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err != nil {
		l.unanswered++
	} else if status != http.StatusOK {
		l.statuses[status]++
	}
}

// client sends the writers' requests. The timeout only bounds a hung
// server; a kill resets connections at once.
type client struct {
	srv   *loadgen.Restartable
	token string
	http  *http.Client
}

// do sends a JSON request and decodes data into out when answered 200.
func (c *client) do(method, path string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.srv.Base()+path, rd)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, err // the answer was cut off: not an acknowledgement
	}
	if res.StatusCode == http.StatusOK && out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return 0, fmt.Errorf("200 with an unreadable body: %v", err)
		}
	}
	return res.StatusCode, nil
}

type taskData struct {
	Data struct {
		ID        string `json:"id"`
		Name      string `json:"name"`
		Statement string `json:"statement"`
	} `json:"data"`
}

// writer creates tasks and changes their statement until stop is set. It
// only ever stops between requests, so when all writers have returned no
// request of theirs is still in flight.
func (c *client) writer(n int, seed uint64, l *ledger, stop *atomic.Bool, wg *sync.WaitGroup) {
	defer wg.Done()
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	var own []*task
	for seq := 0; !stop.Load(); seq++ {
		gen := c.srv.Gen()
		var status int
		var err error
		if len(own) == 0 || rng.IntN(3) == 0 {
			name := fmt.Sprintf("crash w%d c%d", n, seq)
			l.mu.Lock()
			l.creates++
			l.mu.Unlock()
			var got taskData
			status, err = c.do("POST", "/api/v3/task", map[string]any{"name": name}, &got)
			id, _ := strconv.ParseInt(got.Data.ID, 10, 64)
			if err == nil && status == http.StatusOK {
				t := &task{id: id, name: name}
				l.mu.Lock()
				if id > 0 && got.Data.Name == name {
					own, l.tasks = append(own, t), append(l.tasks, t)
				} else {
					l.odd++
				}
				l.mu.Unlock()
			}
		} else {
			t := own[rng.IntN(len(own))]
			val := fmt.Sprintf("w%d u%d", n, seq)
			l.mu.Lock()
			t.values, t.acked = append(t.values, val), append(t.acked, false)
			i := len(t.values) - 1
			l.mu.Unlock()
			var got taskData
			status, err = c.do("POST", "/api/v3/task/"+strconv.FormatInt(t.id, 10), map[string]any{"statement": val}, &got)
			if err == nil && status == http.StatusOK {
				l.mu.Lock()
				if got.Data.Statement == val {
					t.acked[i] = true
				} else {
					l.odd++
				}
				l.mu.Unlock()
			}
		}
		l.note(status, err)
		if err != nil {
			// No answer: most likely the server died under us. Wait for the
			// next process, so nothing the old one was doing can still
			// commit after this writer's next write, and the order holds.
			waitNewGen(c.srv, gen, stop)
		}
	}
}

func waitNewGen(s *loadgen.Restartable, gen int64, stop *atomic.Bool) {
	for s.Gen() == gen && !stop.Load() {
		time.Sleep(5 * time.Millisecond)
	}
}
