package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
)

// Config is one crash run.
type Config struct {
	Binary   string        // the artel binary to run
	Kills    int           // SIGKILLs to deliver
	Postgres string        // a PostgreSQL URL to create a fresh database on; "" runs SQLite
	Writers  int           // concurrent writers; default 4
	MaxUp    time.Duration // longest a process lives between kills; default 400ms
	Seed     uint64        // 0 picks one from the clock
	Progress io.Writer     // when set, one line per kill and start
}

// Result is what a run found. Lost counts acknowledged writes that are not
// in the database after the last restart; Problems are any other failures
// (integrity, counts, a clean shutdown that was not).
type Result struct {
	Database   string
	Seed       uint64
	Kills      int
	StartKills int // of Kills, those that hit a process before it answered
	Creates    int // acknowledged creates
	Updates    int // acknowledged updates
	Acked      int
	Found      int
	Lost       int
	Attempted  int // creates sent, answered or not
	Unanswered int
	Statuses   map[int]int // answers other than 200
	Rows       int64       // tasks the API lists after the last restart
	DBRows     int64       // tasks the database holds once the server stopped
	Integrity  string      // SQLite's integrity_check, or "readable" on PostgreSQL
	Problems   []string
	Elapsed    time.Duration
}

// OK reports a run without a lost write or any other problem.
func (r *Result) OK() bool { return r.Lost == 0 && len(r.Problems) == 0 }

func (r *Result) String() string {
	var other []string
	codes := make([]int, 0, len(r.Statuses))
	for code := range r.Statuses {
		codes = append(codes, code)
	}
	sort.Ints(codes)
	for _, code := range codes {
		other = append(other, fmt.Sprintf("%d×%d", r.Statuses[code], code))
	}
	if other == nil {
		other = []string{"none"}
	}
	s := fmt.Sprintf("crashtest %s: %d kills (%d during start), seed %d, %s\n", r.Database, r.Kills, r.StartKills, r.Seed, r.Elapsed.Round(time.Millisecond)) +
		fmt.Sprintf("  writes acknowledged %d (creates %d, updates %d), found %d, lost %d\n", r.Acked, r.Creates, r.Updates, r.Found, r.Lost) +
		fmt.Sprintf("  unanswered %d, other answers: %s\n", r.Unanswered, strings.Join(other, ", ")) +
		fmt.Sprintf("  tasks listed %d, in the database %d (creates acknowledged %d, sent %d); integrity: %s\n", r.Rows, r.DBRows, r.Creates, r.Attempted, r.Integrity)
	for i, p := range r.Problems {
		if i == 10 { // one broken run can name thousands of tasks
			s += fmt.Sprintf("  ... and %d more problems\n", len(r.Problems)-i)
			break
		}
		s += "  PROBLEM: " + p + "\n"
	}
	return s
}

// Admin credentials the first start bootstraps.
const (
	adminLogin    = "crash@example.com"
	adminPassword = "crash-test-password"
)

// Run crashes a server over and over under concurrent writers, then checks
// that every acknowledged write survived. err is for a run that could not
// be carried out; a carried-out run that lost writes has !res.OK().
func Run(ctx context.Context, cfg Config) (res *Result, err error) {
	began := time.Now()
	if cfg.Writers <= 0 {
		cfg.Writers = 4
	}
	if cfg.MaxUp <= 0 {
		cfg.MaxUp = 400 * time.Millisecond
	}
	if cfg.Seed == 0 {
		cfg.Seed = uint64(time.Now().UnixNano())
	}
	res = &Result{Database: "sqlite", Seed: cfg.Seed, Statuses: map[int]int{}}
	defer func() { res.Elapsed = time.Since(began) }()
	dir, err := os.MkdirTemp("", "artel-crash")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	logf, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return res, err
	}
	defer logf.Close()

	s := &loadgen.Restartable{Binary: cfg.Binary, Log: logf,
		Env: []string{"ARTEL_ADMIN_EMAIL=" + adminLogin, "ARTEL_ADMIN_PASSWORD=" + adminPassword}}
	dbFile, dbURL := filepath.Join(dir, "data", "artel.db"), ""
	if cfg.Postgres != "" {
		res.Database = "postgres"
		var drop func()
		if dbURL, drop, err = createDatabase(ctx, cfg.Postgres); err != nil {
			return res, err
		}
		defer drop()
		s.Args = []string{"--data", filepath.Dir(dbFile), "--database-url", dbURL}
	} else {
		// An empty ARTEL_DATABASE_URL keeps a caller's environment from
		// pointing the server elsewhere.
		s.Args = []string{"--data", filepath.Dir(dbFile), "--database-url", ""}
	}
	defer func() { _ = s.Kill() }() // never leave a process behind

	if err := s.Start(ctx); err != nil {
		return res, err
	}
	c := &client{srv: s, http: &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Writers, DisableCompression: true}}}
	if c.token, err = signIn(c); err != nil {
		return res, err
	}
	l := &ledger{statuses: res.Statuses}
	var stop atomic.Bool
	var wg sync.WaitGroup
	stopWriters := func() { stop.Store(true); wg.Wait() }
	defer stopWriters() // runs before the kill above: writers waiting for a restart give up
	for i := range cfg.Writers {
		wg.Add(1)
		go c.writer(i, cfg.Seed, l, &stop, &wg)
	}

	say := func(format string, args ...any) {
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "%s %7.2fs "+format+"\n", append([]any{res.Database, time.Since(began).Seconds()}, args...)...)
		}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0))
	up := func() time.Duration { return cfg.MaxUp/20 + time.Duration(rng.Int64N(int64(cfg.MaxUp-cfg.MaxUp/20))) }
	for res.Kills < cfg.Kills {
		if err := sleep(ctx, up()); err != nil {
			return res, err
		}
		if err := s.Kill(); err != nil {
			return res, err
		}
		res.Kills++
		say("kill %d", res.Kills)
		// Now and then the next process dies too, before it even answers:
		// in its migrations, or as it opens a database left mid-write.
		if res.Kills < cfg.Kills && rng.IntN(5) == 0 {
			if err := s.Launch(); err != nil {
				return res, err
			}
			if err := sleep(ctx, time.Duration(rng.Int64N(int64(150*time.Millisecond)))); err != nil {
				return res, err
			}
			if err := s.Kill(); err != nil {
				return res, err
			}
			res.Kills++
			res.StartKills++
			say("kill %d, during start", res.Kills)
		}
		if err := s.Start(ctx); err != nil {
			return res, err
		}
		say("up again")
	}
	stopWriters() // between requests: nothing is in flight from here on

	res.Attempted, res.Unanswered = l.creates, l.unanswered
	if err := verify(c, l, res); err != nil {
		return res, err
	}
	if err := s.Stop(); err != nil {
		res.Problems = append(res.Problems, err.Error())
	}
	if dbURL != "" {
		err = checkPostgres(ctx, dbURL, res)
	} else {
		err = checkSQLite(ctx, dbFile, res)
	}
	return res, err
}

func signIn(c *client) (string, error) {
	form := url.Values{"grant_type": {"password"}, "username": {adminLogin}, "password": {adminPassword}}
	r, err := c.http.PostForm(c.srv.Base()+"/api/v3/auth/access_token", form)
	if err != nil {
		return "", err
	}
	defer r.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := decodeJSON(r, &tok); err != nil || tok.AccessToken == "" {
		return "", fmt.Errorf("sign in: status %d: %v", r.StatusCode, err)
	}
	return tok.AccessToken, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}
