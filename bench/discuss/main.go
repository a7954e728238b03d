// Command discuss measures the chats (docs/discuss.md) on the real binary
// over HTTP: a chat of three people with a long history (20,000 messages
// by default) among 200 other chats of the reader, then, as an ordinary
// employee, the newest page of the history, a page deep in it (keyset,
// after a message in the middle), and the chat list pinned first, each
// for a fixed time from concurrent clients; then send-to-delivery: how
// long from a message's POST until its ChatEvent reaches another member's
// live socket. It prints one table and writes bench/results/<date>-discuss.json.
//
//	go run ./bench/discuss -binary bin/artel [-postgres URL]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
)

const (
	adminLogin    = "admin@bench.local"
	adminPassword = "bench admin password"
	password      = "bench person password"
)

type config struct {
	binary, postgres, out  string
	messages, chats, sends int
	concurrency            int
	duration               time.Duration
}

type result struct {
	Dialect  string  `json:"dialect"`
	Key      string  `json:"key"`
	What     string  `json:"what"`
	Items    int     `json:"itemsPerAnswer"`
	PerSec   float64 `json:"perSec"`
	P50ms    float64 `json:"p50ms"`
	P99ms    float64 `json:"p99ms"`
	Errors   int64   `json:"errors"`
	SetupSec float64 `json:"setupSec,omitempty"`
}

func main() {
	var c config
	flag.StringVar(&c.binary, "binary", "bin/artel", "the artel binary to measure")
	flag.StringVar(&c.postgres, "postgres", "", "also measure on this PostgreSQL URL (a fresh database is made in it)")
	flag.StringVar(&c.out, "out", "bench/results", "where the JSON result goes")
	flag.IntVar(&c.messages, "messages", 20000, "messages in the long chat")
	flag.IntVar(&c.chats, "chats", 200, "other chats of the reader")
	flag.IntVar(&c.sends, "sends", 200, "messages timed from POST to the other member's socket")
	flag.IntVar(&c.concurrency, "concurrency", 8, "concurrent clients per scenario")
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "measured time per scenario")
	flag.Parse()
	ctx := context.Background()
	results, err := measure(ctx, c, "sqlite", nil)
	if err != nil {
		log.Fatal(err)
	}
	if c.postgres != "" {
		db, drop, err := loadgen.FreshPostgres(ctx, c.postgres, "bench_discuss")
		if err != nil {
			log.Fatal(err)
		}
		rs, err := measure(ctx, c, "postgres", []string{"--database-url", db})
		drop()
		if err != nil {
			log.Fatal(err)
		}
		results = append(results, rs...)
	}
	report(c, results)
}

// measure starts the binary on a fresh database, makes the chats and
// runs the scenarios.
func measure(ctx context.Context, c config, dialect string, args []string) ([]result, error) {
	dir, err := os.MkdirTemp("", "artel-discuss-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if args == nil {
		args = []string{"--data", filepath.Join(dir, "data")}
	}
	env := []string{"ARTEL_ADMIN_EMAIL=" + adminLogin, "ARTEL_ADMIN_PASSWORD=" + adminPassword}
	proc, err := loadgen.Start(c.binary, append([]string{"serve"}, args...), env, filepath.Join(dir, "server.log"))
	if err != nil {
		return nil, err
	}
	defer proc.Stop()
	admin := loadgen.NewClient(proc.URL, c.concurrency)
	if err := admin.SignIn(ctx, adminLogin, adminPassword); err != nil {
		return nil, err
	}
	start := time.Now()
	w, err := fill(ctx, c, admin)
	if err != nil {
		return nil, err
	}
	setup := time.Since(start).Seconds()
	log.Printf("%s: %d messages, %d chats in %.0f s", dialect, c.messages, c.chats+1, setup)
	reader := loadgen.NewClient(proc.URL, c.concurrency)
	if err := reader.SignIn(ctx, "reader@bench.local", password); err != nil {
		return nil, err
	}
	// The reader has read the long chat (the usual case; each other chat
	// keeps one unread message), so the list counts what is unread, not
	// the whole history.
	if _, err := reader.Do(ctx, "POST", "/api/v3/topic/"+w.chat+"/comments/markAsRead", nil); err != nil {
		return nil, err
	}
	history := "/api/v3/topic/" + w.chat + "/comments"
	var out []result
	for _, s := range []struct{ key, what, path string }{
		{"history-newest", "the long chat's newest page (30), as a member", history + loadgen.Q(map[string]any{"limit": 30})},
		{"history-deep", "a page (30) in the middle of the history, keyset", history + loadgen.Q(map[string]any{"limit": 30,
			"pageAfter": map[string]any{"contentType": "Comment", "id": w.middle}})},
		{"chat-list", "the reader's chat list (100), pinned first", "/api/v3/topic/attachedFirst" + loadgen.Q(map[string]any{"limit": 100,
			"fields": []string{"name", "isPrivate", "isDiscussable", "owner", "visavis", "participants", "unreadCommentsCount", "isAttached", "soundDisable"}})},
	} {
		r, err := run(ctx, c, reader, s.path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.key, err)
		}
		r.Dialect, r.Key, r.What, r.SetupSec = dialect, s.key, s.what, setup
		log.Printf("%s %-15s %5d items  %7.1f/s  p50 %6.1f ms  p99 %6.1f ms  errors %d", dialect, s.key, r.Items, r.PerSec, r.P50ms, r.P99ms, r.Errors)
		out = append(out, r)
	}
	if c.sends > 0 {
		r, err := delivery(ctx, proc.URL, admin, reader.Token, w, c.sends)
		if err != nil {
			return nil, fmt.Errorf("delivery: %w", err)
		}
		r.Dialect, r.Key, r.What = dialect, "send-delivery", "a message's POST until its event is on a member's socket"
		log.Printf("%s send-delivery   p50 %6.1f ms  p99 %6.1f ms", dialect, r.P50ms, r.P99ms)
		out = append(out, r)
	}
	return out, nil
}

// run drives one path from concurrent clients for the configured time.
func run(ctx context.Context, c config, cl *loadgen.Client, path string) (result, error) {
	body, err := cl.Do(ctx, "GET", path, nil)
	if err != nil {
		return result{}, err
	}
	var page struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		return result{}, err
	}
	op := func(ctx context.Context, w *loadgen.Worker) error { _, err := cl.Do(ctx, "GET", path, nil); return err }
	loadgen.Run(ctx, c.concurrency, 2*time.Second, 1, op, loadgen.NewRecorder())
	rec := loadgen.NewRecorder()
	loadgen.Run(ctx, c.concurrency, c.duration, 2, op, rec)
	st := rec.Snapshot()
	return result{Items: len(page.Data), PerSec: st.PerSec(), P50ms: ms(st.P50), P99ms: ms(st.P99), Errors: st.Errors}, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// world is what fill made: the long chat, a message in its middle, the
// reader and the writer.
type world struct {
	chat, middle     string
	readerID, writer string
}

// fill makes the reader and a writer, the reader's other chats (each
// with a message), and the long chat of the three, written by eight
// writers as the administrator and the writer in turn.
func fill(ctx context.Context, c config, admin *loadgen.Client) (*world, error) {
	w := &world{}
	var err error
	if w.readerID, err = person(ctx, admin, "reader@bench.local"); err != nil {
		return nil, err
	}
	if w.writer, err = person(ctx, admin, "writer@bench.local"); err != nil {
		return nil, err
	}
	people := []map[string]any{emp(w.readerID), emp(w.writer)}
	for i := range c.chats {
		id, err := create(ctx, admin, "/api/v3/topic", map[string]any{"name": fmt.Sprintf("Чат %d", i), "isDiscussable": true, "participants": people})
		if err != nil {
			return nil, err
		}
		if _, err := create(ctx, admin, "/api/v3/topic/"+id+"/comments", map[string]any{"content": "Начнём"}); err != nil {
			return nil, err
		}
	}
	if w.chat, err = create(ctx, admin, "/api/v3/topic", map[string]any{"name": "Долгая история", "isDiscussable": true, "participants": people}); err != nil {
		return nil, err
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1); i <= int64(c.messages); i = next.Add(1) {
				id, err := create(ctx, admin, "/api/v3/topic/"+w.chat+"/comments",
					map[string]any{"content": fmt.Sprintf("Сообщение %d: обсуждаем поставку и сроки по договору", i)})
				if err != nil {
					errs <- err
					return
				}
				if i == int64(c.messages/2) {
					mu.Lock()
					w.middle = id
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return w, <-errs
}

func emp(id string) map[string]any { return map[string]any{"contentType": "Employee", "id": id} }

func person(ctx context.Context, admin *loadgen.Client, login string) (string, error) {
	return create(ctx, admin, "/api/v3/employee", map[string]any{"firstName": "Сотрудник", "lastName": login,
		"login": login, "password": password, "canLogin": true, "isWorking": true})
}

// create posts a body and answers the new entity's id.
func create(ctx context.Context, cl *loadgen.Client, path string, body any) (string, error) {
	raw, err := cl.Do(ctx, "POST", path, body)
	if err != nil {
		return "", err
	}
	var e struct {
		Data struct{ ID string } `json:"data"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return "", err
	}
	return e.Data.ID, nil
}
