package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
	_ "github.com/jackc/pgx/v5/stdlib"
)

type config struct {
	binary, postgres string
	events, writers  int
	kills            int
	wait             time.Duration
	log              string // where the server's output goes; a temporary file when empty
}

type result struct {
	database                       string
	acked, received, lost, repeats int
	extra, badSignatures           int
	kills                          int
	p50, p99, max                  time.Duration
	writeTime, drainTime           time.Duration
}

func (r *result) String() string {
	return fmt.Sprintf("webhooks %s: %d creates acknowledged, %d kills, written in %s, last event %s after the last write\n"+
		"  events received %d, lost %d, repeats %d, unacknowledged creates delivered %d, bad signatures %d\n"+
		"  request-to-receipt p50 %s, p99 %s, max %s\n",
		r.database, r.acked, r.kills, r.writeTime.Round(time.Millisecond), r.drainTime.Round(time.Millisecond),
		r.received, r.lost, r.repeats, r.extra, r.badSignatures,
		r.p50.Round(time.Millisecond), r.p99.Round(time.Millisecond), r.max.Round(time.Millisecond))
}

const (
	adminLogin    = "hooks@example.com"
	adminPassword = "webhook-bench-password"
)

// receiver keeps the first receipt of each task's create event.
type receiver struct {
	mu       sync.Mutex
	secret   string
	got      map[string]time.Time // task id -> first receipt
	seen     map[string]bool      // X-Artel-Delivery ids
	repeats  int
	badSigns int
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	at := time.Now()
	var ev struct{ ID string }
	_ = json.Unmarshal(b, &ev)
	mac := hmac.New(sha256.New, []byte(rc.secret))
	mac.Write(b)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if r.Header.Get("X-Artel-Signature") != "sha256="+hex.EncodeToString(mac.Sum(nil)) {
		rc.badSigns++
	}
	if d := r.Header.Get("X-Artel-Delivery"); rc.seen[d] {
		rc.repeats++
	} else {
		rc.seen[d] = true
	}
	if _, ok := rc.got[ev.ID]; !ok {
		rc.got[ev.ID] = at
	}
}

func run(ctx context.Context, cfg config) (*result, error) {
	res := &result{database: "sqlite"}
	dir, err := os.MkdirTemp("", "artel-webhooks")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	logName := cfg.log
	if logName == "" {
		logName = filepath.Join(dir, "server.log")
	}
	logf, err := os.Create(logName)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	s := &loadgen.Restartable{Binary: cfg.binary, Log: logf, Env: []string{"ARTEL_ADMIN_EMAIL=" + adminLogin, "ARTEL_ADMIN_PASSWORD=" + adminPassword},
		Args: []string{"--data", filepath.Join(dir, "data"), "--database-url", ""}}
	if cfg.postgres != "" {
		res.database = "postgres"
		dbURL, drop, err := loadgen.FreshPostgres(ctx, cfg.postgres, "bench_webhooks")
		if err != nil {
			return nil, err
		}
		defer drop()
		s.Args[3] = dbURL
	}
	defer func() { _ = s.Kill() }() // never leave a process behind
	if err := s.Start(ctx); err != nil {
		return nil, err
	}
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: cfg.writers * 2}}
	token, err := signIn(hc, s.Base())
	if err != nil {
		return nil, err
	}
	rc := &receiver{got: map[string]time.Time{}, seen: map[string]bool{}}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	hs := &http.Server{Handler: rc}
	go hs.Serve(l)
	defer hs.Close()
	var hook struct{ Data struct{ Secret string } }
	if err := call(hc, s.Base(), token, "/api/v3/webhook", map[string]any{"url": "http://" + l.Addr().String() + "/in",
		"entityType": "Task", "events": []string{"on_after_create"}}, &hook); err != nil {
		return nil, err
	}
	rc.secret = hook.Data.Secret

	// Writers create tasks until cfg.events are acknowledged; a create
	// sent while the server is down is tried again (and its unanswered
	// attempt may still have committed: its event arrives as "extra").
	var mu sync.Mutex
	sent := map[string]time.Time{}
	var acked, next atomic.Int64
	var wg sync.WaitGroup
	began := time.Now()
	for range cfg.writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for acked.Load() < int64(cfg.events) && ctx.Err() == nil {
				n := next.Add(1)
				at := time.Now()
				var out struct{ Data struct{ ID string } }
				if err := call(hc, s.Base(), token, "/api/v3/task", map[string]any{"name": fmt.Sprintf("Вебхук %d", n)}, &out); err != nil {
					time.Sleep(20 * time.Millisecond)
					continue
				}
				if acked.Add(1) > int64(cfg.events) {
					return
				}
				mu.Lock()
				sent[out.Data.ID] = at
				mu.Unlock()
			}
		}()
	}
	for k := 1; k <= cfg.kills; k++ {
		for acked.Load() < int64(cfg.events*k/(cfg.kills+1)) && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		_ = s.Kill()
		res.kills++
		if err := s.Start(ctx); err != nil {
			return res, err
		}
	}
	wg.Wait()
	res.writeTime = time.Since(began)
	writesDone := time.Now()

	deadline := time.Now().Add(cfg.wait)
	missing := func() int {
		rc.mu.Lock()
		defer rc.mu.Unlock()
		n := 0
		for id := range sent {
			if _, ok := rc.got[id]; !ok {
				n++
			}
		}
		return n
	}
	for missing() > 0 && time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(50 * time.Millisecond)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	var lat []time.Duration
	var last time.Time
	for id, at := range sent {
		got, ok := rc.got[id]
		if !ok {
			res.lost++
			continue
		}
		res.received++
		lat = append(lat, max(got.Sub(at), 0))
		if got.After(last) {
			last = got
		}
	}
	res.drainTime = max(last.Sub(writesDone), 0)
	res.acked, res.repeats, res.badSignatures = len(sent), rc.repeats, rc.badSigns
	res.extra = len(rc.got) - res.received
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if n := len(lat); n > 0 {
		res.p50, res.p99, res.max = lat[n/2], lat[min(n-1, n*99/100)], lat[n-1]
	}
	return res, nil
}

func signIn(hc *http.Client, base string) (string, error) {
	form := url.Values{"grant_type": {"password"}, "username": {adminLogin}, "password": {adminPassword}}
	r, err := hc.PostForm(base+"/api/v3/auth/access_token", form)
	if err != nil {
		return "", err
	}
	defer r.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(r.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		return "", fmt.Errorf("sign in: status %d: %v", r.StatusCode, err)
	}
	return tok.AccessToken, nil
}

// call POSTs body as JSON and decodes a 200 answer into out.
func call(hc *http.Client, base, token, path string, body, out any) error {
	b, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	r, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer r.Body.Close()
	if r.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(r.Body)
		return fmt.Errorf("%s: %d %s", path, r.StatusCode, msg)
	}
	return json.NewDecoder(r.Body).Decode(out)
}
