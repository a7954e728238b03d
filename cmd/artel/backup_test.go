package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

const (
	backupAdmin    = "boss@example.com"
	backupPassword = "backup-pass-1"
)

// run runs the binary with env and returns its combined output.
func run(env []string, args ...string) (string, error) {
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (s *server) token(t *testing.T) string {
	t.Helper()
	r, err := http.PostForm(s.url+"/api/v3/auth/access_token", url.Values{"grant_type": {"password"}, "username": {backupAdmin}, "password": {backupPassword}})
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	decode(t, r.Body, &tok)
	if tok.AccessToken == "" {
		t.Fatalf("no token:\n%s", s.out)
	}
	return tok.AccessToken
}

// createTask is safe to call from several goroutines: it reports, never fails.
func (s *server) createTask(tok, name string) error {
	b, _ := json.Marshal(map[string]any{"name": name})
	req, _ := http.NewRequest("POST", s.url+"/api/v3/task", bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		return fmt.Errorf("create task %q: %d", name, res.StatusCode)
	}
	return nil
}

func (s *server) taskNames(t *testing.T, tok string) []string {
	t.Helper()
	req, _ := http.NewRequest("GET", s.url+"/api/v3/task?"+url.PathEscape(`{"limit":1000}`), nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Data []struct{ Name string } }
	decode(t, res.Body, &body)
	var names []string
	for _, d := range body.Data {
		names = append(names, d.Name)
	}
	slices.Sort(names)
	return names
}

// SQLite: back up while the server runs and takes writes, restore into a
// fresh data dir, and find every task and the administrator there.
func TestBackupRestoreSQLite(t *testing.T) {
	e := append(testEnv(t, "sqlite"), "ARTEL_ADMIN_EMAIL="+backupAdmin, "ARTEL_ADMIN_PASSWORD="+backupPassword)
	s := start(t, e)
	tok := s.token(t)
	var before []string
	for i := range 5 {
		name := fmt.Sprintf("Задача до копии %d", i)
		if err := s.createTask(tok, name); err != nil {
			t.Fatal(err)
		}
		before = append(before, name)
	}
	// Writes go on during the backup; each is in the copy or not, whole.
	var mu sync.Mutex
	all := slices.Clone(before)
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			name := fmt.Sprintf("Задача во время копии %d", i)
			mu.Lock()
			all = append(all, name) // before the request: it may commit and still fail to answer
			mu.Unlock()
			if err := s.createTask(tok, name); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	file := filepath.Join(t.TempDir(), "artel-backup.db")
	out, err := run(e, "backup", file)
	close(stop)
	<-stopped
	if err != nil || !strings.Contains(out, "Backed up") {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	if out, err := run(e, "restore", file); err == nil || !strings.Contains(out, "stop the server") {
		t.Fatalf("restore under a running server: %v\n%s", err, out)
	}
	s.stop(t)

	fresh := testEnv(t, "sqlite")
	if out, err := run(fresh, "restore", file); err != nil || !strings.Contains(out, "Restored") {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	s = start(t, fresh)
	if code := s.signIn(t, backupAdmin, backupPassword); code != 200 {
		t.Fatalf("administrator sign-in after restore: %d", code)
	}
	got := s.taskNames(t, s.token(t))
	for _, name := range before {
		if !slices.Contains(got, name) {
			t.Errorf("restored tasks lack %q: %v", name, got)
		}
	}
	for _, name := range got {
		if !slices.Contains(all, name) {
			t.Errorf("restored task %q was never created", name)
		}
	}
	s.stop(t) // before reading its output, which it writes while it runs
	if strings.Contains(s.out.String(), "Created the account") {
		t.Fatalf("the restored database was bootstrapped again:\n%s", s.out)
	}
}

// PostgreSQL: the commands explain pg_dump and pg_restore, exit non-zero,
// and the commands they print do the round trip.
func TestBackupRestorePostgres(t *testing.T) {
	if os.Getenv("ARTEL_TEST_POSTGRES") == "" {
		t.Skip("ARTEL_TEST_POSTGRES is not set")
	}
	if _, err := exec.LookPath("pg_dump"); err != nil {
		t.Skip("pg_dump is not installed")
	}
	e := append(testEnv(t, "postgres"), "ARTEL_ADMIN_EMAIL="+backupAdmin, "ARTEL_ADMIN_PASSWORD="+backupPassword)
	s := start(t, e)
	tok := s.token(t)
	for i := range 3 {
		if err := s.createTask(tok, fmt.Sprintf("Задача %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	want := s.taskNames(t, tok)
	file := filepath.Join(t.TempDir(), "artel.dump")
	runPrinted(t, e, "backup", file, "pg_dump ")
	s.stop(t)

	fresh := testEnv(t, "postgres")
	runPrinted(t, fresh, "restore", file, "pg_restore ")
	s = start(t, fresh)
	defer s.stop(t)
	if got := s.taskNames(t, s.token(t)); !slices.Equal(got, want) {
		t.Fatalf("restored tasks %v, want %v", got, want)
	}
}

// runPrinted runs `artel cmd file`, expects it to fail with an explanation,
// and runs the command line of the explanation that starts with prefix.
func runPrinted(t *testing.T, env []string, cmd, file, prefix string) {
	t.Helper()
	out, err := run(env, cmd, file)
	if err == nil {
		t.Fatalf("artel %s on PostgreSQL exited 0:\n%s", cmd, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, prefix) {
			if res, err := exec.Command("sh", "-c", line).CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", line, err, res)
			}
			return
		}
	}
	t.Fatalf("artel %s printed no %q command:\n%s", cmd, prefix, out)
}
