package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

var binary string

// TestMain builds the real binary once, as cmd/artel's tests do: the crash
// test must kill the process users run, not an in-process server.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "artel-crash-bin")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "artel")
	if out, err := exec.Command("go", "build", "-o", binary, "../../cmd/artel").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestCrashSafety is the short run of `make crashtest`: 5 kills on SQLite,
// and on PostgreSQL when ARTEL_TEST_POSTGRES names a server.
func TestCrashSafety(t *testing.T) {
	targets := map[string]string{"sqlite": ""}
	if pg := os.Getenv("ARTEL_TEST_POSTGRES"); pg != "" {
		targets["postgres"] = pg
	}
	for name, pg := range targets {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			res, err := Run(ctx, Config{Binary: binary, Kills: 5, Postgres: pg, Writers: 3, MaxUp: 300 * time.Millisecond})
			if err != nil {
				t.Fatalf("%v\n%s", err, res)
			}
			if !res.OK() || res.Acked == 0 {
				t.Fatalf("crash run failed:\n%s", res)
			}
			t.Logf("\n%s", res)
		})
	}
}

// TestAccount checks the judge itself: a crash test that cannot see a lost
// write would pass forever.
func TestAccount(t *testing.T) {
	tk := &task{id: 1, name: "n", values: []string{"a", "b", "c"}, acked: []bool{true, true, false}}
	cases := []struct {
		name              string
		got               listed
		ok                bool
		found, lost, upds int
		problem           bool
	}{
		{"last acknowledged value", listed{"n", "b"}, true, 3, 0, 2, false},
		{"unanswered later value committed", listed{"n", "c"}, true, 3, 0, 2, false},
		{"older value: the last update lost", listed{"n", "a"}, true, 2, 1, 2, false},
		{"no update at all", listed{"n", ""}, true, 1, 2, 2, false},
		{"task gone", listed{}, false, 0, 3, 2, false},
		{"value never sent", listed{"n", "zzz"}, true, 1, 2, 2, true},
		{"wrong name", listed{"m", "b"}, true, 2, 1, 2, false},
	}
	for _, c := range cases {
		found, lost, upds, problem := account(tk, c.got, c.ok)
		if found != c.found || lost != c.lost || upds != c.upds || (problem != "") != c.problem {
			t.Errorf("%s: found %d lost %d updates %d problem %q", c.name, found, lost, upds, problem)
		}
	}
}
