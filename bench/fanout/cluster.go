package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL admin connection

	"github.com/artel/artel/bench/internal/loadgen"
)

const (
	adminLogin    = "admin@example.com"
	adminPassword = "fanout-admin-password"
)

// cluster is the servers of one run: one on SQLite, two on PostgreSQL.
type cluster struct {
	nodes   []*loadgen.Proc
	admin   *loadgen.Client // signed in on the first node; writes go there
	stop    func()
	restart func() error
}

// cpu is the nodes' CPU time so far.
func (cl *cluster) cpu() time.Duration {
	var total time.Duration
	for _, p := range cl.nodes {
		if d, err := loadgen.CPUTime(p.Cmd.Process.Pid); err == nil {
			total += d
		}
	}
	return total
}

// runtime sums Go's own view of the nodes' memory from /metrics: heap
// in use, goroutine stacks, goroutines.
func (cl *cluster) runtime(ctx context.Context) (heap, stack, goroutines float64) {
	for _, p := range cl.nodes {
		c := loadgen.NewClient(p.URL, 1)
		b, err := c.Do(ctx, "GET", "/metrics", nil)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			name, val, ok := strings.Cut(line, " ")
			if !ok {
				continue
			}
			v, _ := strconv.ParseFloat(strings.TrimSpace(val), 64)
			switch name {
			case "go_memstats_heap_inuse_bytes":
				heap += v
			case "go_memstats_stack_inuse_bytes":
				stack += v
			case "go_goroutines":
				goroutines += v
			}
		}
	}
	return heap, stack, goroutines
}

func (cl *cluster) rss() int64 {
	var total int64
	for _, p := range cl.nodes {
		if n, err := p.RSS(); err == nil {
			total += n
		}
	}
	return total
}

func startCluster(ctx context.Context, c config, setup string) (*cluster, error) {
	dir, err := os.MkdirTemp("", "artel-fanout-")
	if err != nil {
		return nil, err
	}
	env := []string{"ARTEL_ADMIN_EMAIL=" + adminLogin, "ARTEL_ADMIN_PASSWORD=" + adminPassword}
	cl := &cluster{}
	var cleanups []func()
	cl.stop = func() {
		for i := len(cleanups) - 1; i >= 0; i-- {
			cleanups[i]()
		}
	}
	cleanups = append(cleanups, func() { os.RemoveAll(dir) })
	var args [][]string
	switch setup {
	case "sqlite":
		args = [][]string{{"serve", "--data", filepath.Join(dir, "data")}}
	case "postgres":
		dbURL, drop, err := loadgen.FreshPostgres(ctx, c.postgres, "fanout")
		if err != nil {
			cl.stop()
			return nil, err
		}
		cleanups = append(cleanups, drop)
		args = [][]string{{"serve", "--database-url", dbURL}, {"serve", "--database-url", dbURL}}
	default:
		cl.stop()
		return nil, fmt.Errorf("unknown setup %q", setup)
	}
	// One at a time: the first migrates and creates the administrator.
	start := func(round int) error {
		cl.nodes = nil
		for i, a := range args {
			p, err := loadgen.Start(c.binary, a, env, filepath.Join(dir, fmt.Sprintf("node%d-%d.log", i, round)))
			if err != nil {
				return err
			}
			cleanups = append(cleanups, func() { _ = p.Stop() })
			cl.nodes = append(cl.nodes, p)
		}
		token := ""
		if cl.admin != nil {
			token = cl.admin.Token // sessions live in the database
		}
		cl.admin = loadgen.NewClient(cl.nodes[0].URL, 8)
		cl.admin.Token = token
		return nil
	}
	// The servers are started again for the measurement: making the
	// users hashes their passwords with argon2, whose garbage would blur
	// the memory baseline of a process that lived through it.
	cl.restart = func() error {
		for _, p := range cl.nodes {
			_ = p.Stop()
		}
		return start(1)
	}
	if err := start(0); err != nil {
		cl.stop()
		return nil, err
	}
	if err := cl.admin.SignIn(ctx, adminLogin, adminPassword); err != nil {
		cl.stop()
		return nil, err
	}
	return cl, nil
}

// account is what the sockets need: per user a live-socket token, and
// the task every user sees.
type account struct {
	tokens []string
	task   string
}

// prepare creates the users (in parallel: each password is hashed with
// argon2) and a task on which all of them are auditors.
func prepare(ctx context.Context, cl *cluster, users int) (*account, error) {
	acc := &account{tokens: make([]string, users)}
	ids := make([]string, users)
	var wg sync.WaitGroup
	errs := make(chan error, users)
	sem := make(chan struct{}, 4)
	for i := 0; i < users; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			login := fmt.Sprintf("user%d@example.com", i)
			b, err := cl.admin.Do(ctx, "POST", "/api/v3/employee", map[string]any{"firstName": "User", "lastName": fmt.Sprint(i),
				"login": login, "password": "fanout-password", "canLogin": true, "isWorking": true})
			if err != nil {
				errs <- err
				return
			}
			var e struct {
				Data struct{ ID string } `json:"data"`
			}
			_ = json.Unmarshal(b, &e)
			ids[i] = e.Data.ID
			u := loadgen.NewClient(cl.nodes[0].URL, 1)
			if err := u.SignIn(ctx, login, "fanout-password"); err != nil {
				errs <- err
				return
			}
			b, err = u.Do(ctx, "GET", "/api/v3/accountInfo", nil)
			var info struct {
				Data struct {
					EcometToken string `json:"ecometToken"`
				} `json:"data"`
			}
			if err == nil {
				err = json.Unmarshal(b, &info)
			}
			if err != nil || info.Data.EcometToken == "" {
				errs <- fmt.Errorf("accountInfo of %s: %v", login, err)
				return
			}
			acc.tokens[i] = info.Data.EcometToken
		}(i)
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	auditors := make([]any, len(ids))
	for i, id := range ids {
		auditors[i] = map[string]any{"contentType": "Employee", "id": id}
	}
	b, err := cl.admin.Do(ctx, "POST", "/api/v3/task", map[string]any{"name": "Fan-out", "auditors": auditors})
	if err != nil {
		return nil, err
	}
	var t struct {
		Data struct{ ID string } `json:"data"`
	}
	if err := json.Unmarshal(b, &t); err != nil || t.Data.ID == "" {
		return nil, fmt.Errorf("task: %s", b)
	}
	acc.task = t.Data.ID
	return acc, nil
}
