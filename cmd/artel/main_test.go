package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/store/storetest"
)

var binary string

// TestMain builds the real binary once; the tests drive it as a user would.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "artel-bin")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "artel")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type server struct {
	cmd  *exec.Cmd
	url  string
	out  *syncBuffer
	done chan error
}

// syncBuffer is the server's output, written by the process's copier and
// read by the test while it runs.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// start runs `artel serve` and waits for /healthz. The port is free when
// chosen but may be taken by another test process before the server binds
// it, so readiness is the server's own "listening" line as well as an
// answer, and a start that lost its port tries another.
func start(t *testing.T, env []string, args ...string) *server {
	t.Helper()
	for attempt := 0; ; attempt++ {
		s, lost := tryStart(t, env, args...)
		if !lost || attempt == 2 {
			return s
		}
	}
}

func tryStart(t *testing.T, env []string, args ...string) (*server, bool) {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(binary, append([]string{"serve", "--listen", addr}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	s := &server{cmd: cmd, url: "http://" + addr, out: &syncBuffer{}, done: make(chan error, 1)}
	cmd.Stdout, cmd.Stderr = s.out, s.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	// Up to a minute: a first start with --demo on PostgreSQL writes the
	// demo company first (about 11 s on a 2-core machine); readiness is
	// waited for here, not timed.
	for i := 0; i < 1200; i++ {
		if strings.Contains(s.out.String(), "url=http://"+addr) {
			if r, err := http.Get(s.url + "/healthz"); err == nil && r.StatusCode == 200 {
				r.Body.Close()
				return s, false
			}
		}
		select {
		case err := <-s.done:
			if strings.Contains(s.out.String(), "address already in use") {
				return nil, true
			}
			t.Fatalf("server exited: %v\n%s", err, s.out)
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("server did not answer /healthz:\n%s", s.out)
	return nil, false
}

// stop sends SIGTERM and expects a clean exit 0.
func (s *server) stop(t *testing.T) {
	t.Helper()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, s.out)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("no exit after SIGTERM:\n%s", s.out)
	}
}

func (s *server) signIn(t *testing.T, login, password string) int {
	t.Helper()
	r, err := http.PostForm(s.url+"/api/v3/auth/access_token", url.Values{"grant_type": {"password"}, "username": {login}, "password": {password}})
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	return r.StatusCode
}

func testEnv(t *testing.T, dialect string) []string {
	dir, u := storetest.URL(t, dialect)
	return []string{"ARTEL_DATA=" + dir, "ARTEL_DATABASE_URL=" + u}
}

func TestServeFirstStartAndShutdown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, dialect string) {
		e := append(testEnv(t, dialect), "ARTEL_ADMIN_EMAIL=boss@example.com", "ARTEL_ADMIN_PASSWORD=first-start-pass")
		s := start(t, e)
		if code := s.signIn(t, "boss@example.com", "first-start-pass"); code != 200 {
			t.Fatalf("admin sign-in: %d\n%s", code, s.out)
		}
		s.stop(t)
		log := s.out.String()
		for _, want := range []string{"Created the account", "shutting down", "msg=request method=POST path=/api/v3/auth/access_token status=200 duration="} {
			if !strings.Contains(log, want) {
				t.Errorf("log lacks %q:\n%s", want, log)
			}
		}
		// A second start creates nothing.
		s = start(t, e)
		s.stop(t)
		if strings.Contains(s.out.String(), "Created the account") {
			t.Fatalf("second start bootstrapped again:\n%s", s.out)
		}
	})
}

func TestGeneratedPasswordShownOnce(t *testing.T) {
	e := testEnv(t, "sqlite")
	s := start(t, e)
	s.stop(t)
	var pw string
	sc := bufio.NewScanner(strings.NewReader(s.out.String()))
	for sc.Scan() {
		if after, ok := strings.CutPrefix(sc.Text(), "Generated administrator password (shown once): "); ok {
			pw = after
		}
	}
	if pw == "" {
		t.Fatalf("no generated password:\n%s", s.out)
	}
	s = start(t, e)
	defer s.stop(t)
	if code := s.signIn(t, "admin@example.com", pw); code != 200 {
		t.Fatalf("generated password does not sign in: %d", code)
	}
	if strings.Contains(s.out.String(), pw) {
		t.Fatal("password printed again")
	}
}

func TestDemoTwice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, dialect string) {
		e := testEnv(t, dialect)
		count := func(s *server) string {
			r, _ := http.PostForm(s.url+"/api/v3/auth/access_token", url.Values{"grant_type": {"password"}, "username": {"demo@artel.local"}, "password": {"demo12345"}})
			var tok struct {
				AccessToken string `json:"access_token"`
			}
			decode(t, r.Body, &tok)
			req, _ := http.NewRequest("GET", s.url+"/api/v3/task?"+url.PathEscape(`{"limit":1}`), nil)
			req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var body struct {
				Meta struct{ Pagination struct{ Count int } }
			}
			decode(t, res.Body, &body)
			return fmt.Sprint(body.Meta.Pagination.Count)
		}
		s := start(t, e, "--demo")
		first := count(s)
		s.stop(t)
		if !strings.Contains(s.out.String(), "Demo login: demo@artel.local") || first == "0" {
			t.Fatalf("demo: %s tasks\n%s", first, s.out)
		}
		s = start(t, e, "--demo")
		defer s.stop(t)
		if again := count(s); again != first || strings.Contains(s.out.String(), "Filled the demo company") {
			t.Fatalf("second --demo: %s tasks, was %s\n%s", again, first, s.out)
		}
	})
}

func TestMigrateAndVersion(t *testing.T) {
	e := testEnv(t, "sqlite")
	for _, args := range [][]string{{"migrate"}, {"migrate"}, {"version"}} {
		cmd := exec.Command(binary, args...)
		cmd.Env = append(os.Environ(), e...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		if args[0] == "version" && !strings.HasPrefix(string(out), "artel ") {
			t.Fatalf("version: %s", out)
		}
	}
	// migrate also makes the job queue's tables, so serve meets a complete schema.
	db, err := store.Open(context.Background(), strings.TrimPrefix(e[0], "ARTEL_DATA="), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.Q(context.Background()).QueryRowContext(context.Background(), "SELECT COUNT(*) FROM river_job").Scan(&n); err != nil {
		t.Fatalf("river_job after migrate: %v", err)
	}
}

func decode(t *testing.T, r io.ReadCloser, v any) {
	t.Helper()
	defer r.Close()
	if err := json.NewDecoder(r).Decode(v); err != nil {
		t.Fatal(err)
	}
}
