package loadgen

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
)

// FreshPostgres makes an empty database beside the one the URL names
// (only on this machine: the tools drop what they make) and returns its
// URL and a function that drops it. prefix names the tool.
func FreshPostgres(ctx context.Context, base, prefix string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil || !strings.HasPrefix(u.Host, "127.0.0.1") && !strings.HasPrefix(u.Host, "localhost") {
		return "", nil, fmt.Errorf("-postgres must be a 127.0.0.1 URL: %q", base)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	name := fmt.Sprintf("artel_%s_%d_%d", prefix, os.Getpid(), time.Now().UnixNano()%1e6)
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

// WriteResults writes a run's figures with the machine, the date and the
// source tree as dir/<date>-<name>.json, and answers the path.
func WriteResults(dir, name string, fields map[string]any) (string, error) {
	src, _ := exec.Command("git", "describe", "--tags", "--always", "--dirty").Output()
	out := map[string]any{"date": time.Now().Format(time.DateOnly), "machine": ThisMachine(), "source": strings.TrimSpace(string(src))}
	for k, v := range fields {
		out[k] = v
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	path := filepath.Join(dir, time.Now().Format(time.DateOnly)+"-"+name+".json")
	return path, os.WriteFile(path, append(b, '\n'), 0o644)
}
