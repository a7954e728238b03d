package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL admin connection

	"github.com/artel/artel/bench/internal/loadgen"
)

// freshPostgres makes an empty database beside the given URL's and
// returns its URL and a function that drops it.
func freshPostgres(ctx context.Context, base string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil || !strings.HasPrefix(u.Host, "127.0.0.1") && !strings.HasPrefix(u.Host, "localhost") {
		return "", nil, fmt.Errorf("-postgres must be a 127.0.0.1 URL: %q", base)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	name := fmt.Sprintf("artel_bench_discuss_%d", os.Getpid())
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		return "", nil, err
	}
	v := *u
	v.Path = "/" + name
	return v.String(), func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	}, nil
}

// report prints the figures and writes them with the machine and tree.
func report(c config, rs []result) {
	fmt.Printf("\n%-9s %-15s %-48s %7s %9s %9s %9s %6s\n", "database", "scenario", "what", "items", "per sec", "p50 ms", "p99 ms", "errors")
	for _, r := range rs {
		fmt.Printf("%-9s %-15s %-48s %7d %9.1f %9.1f %9.1f %6d\n", r.Dialect, r.Key, r.What, r.Items, r.PerSec, r.P50ms, r.P99ms, r.Errors)
	}
	src, _ := exec.Command("git", "describe", "--tags", "--always", "--dirty").Output()
	out := map[string]any{"date": time.Now().Format(time.DateOnly), "machine": loadgen.ThisMachine(), "binary": c.binary,
		"source": strings.TrimSpace(string(src)), "messages": c.messages, "chats": c.chats, "concurrency": c.concurrency,
		"durationPerScenarioSec": c.duration.Seconds(), "scenarios": rs}
	b, _ := json.MarshalIndent(out, "", "  ")
	path := filepath.Join(c.out, time.Now().Format(time.DateOnly)+"-discuss.json")
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		fmt.Println("not written:", err)
		return
	}
	fmt.Println("written", path)
}
