package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // "pgx": create, count and drop the run's database
	_ "modernc.org/sqlite"             // "sqlite": integrity_check of the stopped server's file
)

type listed struct {
	Name      string
	Statement string
}

// listAll reads every task by keyset pages of 1000, as a client would.
func listAll(c *client) (map[int64]listed, int64, error) {
	all := map[int64]listed{}
	var count int64 = -1
	after := ""
	for page := 0; ; page++ {
		q := `{"limit":1000,"fields":["name","statement"],"onlyRequestedFields":true` + after + `}`
		var body struct {
			Meta struct {
				Pagination struct {
					Count       int64 `json:"count"`
					HasMoreNext bool  `json:"hasMoreNext"`
				} `json:"pagination"`
			} `json:"meta"`
			Data []struct {
				ID        string `json:"id"`
				Name      string `json:"name"`
				Statement string `json:"statement"`
			} `json:"data"`
		}
		status, err := c.do("GET", "/api/v3/task?"+url.PathEscape(q), nil, &body)
		if err != nil || status != http.StatusOK {
			return nil, 0, fmt.Errorf("list tasks: status %d: %v", status, err)
		}
		if count < 0 {
			count = body.Meta.Pagination.Count
		}
		for _, d := range body.Data {
			id, _ := strconv.ParseInt(d.ID, 10, 64)
			all[id] = listed{d.Name, d.Statement}
		}
		if !body.Meta.Pagination.HasMoreNext || len(body.Data) == 0 {
			return all, count, nil
		}
		if int64(page) > count/1000+1 { // keyset paging must end; don't trust it blindly
			return nil, 0, fmt.Errorf("list tasks: still more after %d pages of %d tasks", page+1, count)
		}
		after = `,"pageAfter":"` + body.Data[len(body.Data)-1].ID + `"`
	}
}

// verify checks every acknowledged write against what the restarted
// server answers. A task's statement must be its last acknowledged value or
// one sent after it (whose answer the kill swallowed); acknowledged values
// after the one found are lost.
func verify(c *client, l *ledger, res *Result) error {
	all, count, err := listAll(c)
	if err != nil {
		return err
	}
	res.Rows = count
	if int64(len(all)) != count {
		res.Problems = append(res.Problems, fmt.Sprintf("paging listed %d tasks, count says %d", len(all), count))
	}
	for _, t := range l.tasks {
		got, ok := all[t.id]
		if !ok {
			var one taskData
			if status, err := c.do("GET", "/api/v3/task/"+strconv.FormatInt(t.id, 10), nil, &one); err == nil && status == http.StatusOK {
				res.Problems = append(res.Problems, fmt.Sprintf("task %d is there but lists missed it", t.id))
				got, ok = listed{one.Data.Name, one.Data.Statement}, true
			}
		}
		found, lost, updates, problem := account(t, got, ok)
		res.Creates++
		res.Updates += updates
		res.Found += found
		res.Lost += lost
		if problem != "" {
			res.Problems = append(res.Problems, problem)
		}
	}
	res.Acked = res.Creates + res.Updates
	if count < int64(res.Creates) || count > int64(res.Attempted) {
		res.Problems = append(res.Problems, fmt.Sprintf("%d tasks, but %d creates were acknowledged and %d sent", count, res.Creates, res.Attempted))
	}
	if l.odd > 0 {
		res.Problems = append(res.Problems, fmt.Sprintf("%d answers 200 did not hold the value written", l.odd))
	}
	if n := res.Statuses[http.StatusUnauthorized]; n > 0 {
		res.Problems = append(res.Problems, fmt.Sprintf("%d answers 401: the acknowledged sign-in was lost", n))
	}
	return nil
}

// account judges one task whose create was acknowledged, given what the
// server has (ok: whether it has the task at all): its acknowledged writes
// found and lost, the acknowledged updates among them, and anything odd.
func account(t *task, got listed, ok bool) (found, lost, updates int, problem string) {
	if ok && got.Name == t.name {
		found++
	} else {
		lost++
	}
	at := -1 // index of the value found; -1: none of the updates
	for i, v := range t.values {
		if ok && v == got.Statement {
			at = i
		}
	}
	if ok && at < 0 && got.Statement != "" {
		problem = fmt.Sprintf("task %d holds %q, a value never sent to it", t.id, got.Statement)
	}
	for i, acked := range t.acked {
		if !acked {
			continue
		}
		updates++
		if i <= at {
			found++
		} else {
			lost++
		}
	}
	return found, lost, updates, problem
}

// checkSQLite opens the file the stopped server left, as SQLite would
// after a crash (read-write, so it may recover a WAL), and checks it.
func checkSQLite(ctx context.Context, file string, res *Result) error {
	db, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return fmt.Errorf("integrity_check: %w", err)
	}
	var lines []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return err
		}
		lines = append(lines, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity_check: %w", err)
	}
	res.Integrity = strings.Join(lines, "; ")
	if res.Integrity != "ok" {
		res.Problems = append(res.Problems, "integrity_check: "+res.Integrity)
	}
	return countRows(ctx, db, res)
}

// checkPostgres reads the whole task table of the stopped server.
func checkPostgres(ctx context.Context, dbURL string, res *Result) error {
	db, err := sql.Open("pgx", dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := countRows(ctx, db, res); err != nil {
		return err
	}
	res.Integrity = "readable"
	return nil
}

// countRows counts the tasks with SQL; the API must have listed as many.
func countRows(ctx context.Context, db *sql.DB, res *Result) error {
	var names int64
	err := db.QueryRowContext(ctx, "SELECT count(*), count(DISTINCT c_name) FROM e_task").Scan(&res.DBRows, &names)
	if err != nil {
		return fmt.Errorf("count tasks: %w", err)
	}
	if res.DBRows != res.Rows || names != res.DBRows {
		res.Problems = append(res.Problems, fmt.Sprintf("the database holds %d tasks (%d names), the API listed %d", res.DBRows, names, res.Rows))
	}
	return nil
}

// createDatabase makes a fresh database on the server of admin; drop
// removes it, connections and all, even when the run was interrupted.
func createDatabase(ctx context.Context, admin string) (string, func(), error) {
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, fmt.Errorf("-postgres: %w", err)
	}
	a, err := sql.Open("pgx", admin)
	if err != nil {
		return "", nil, err
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "artel_crash_" + hex.EncodeToString(b)
	if _, err := a.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		a.Close()
		return "", nil, fmt.Errorf("create database: %w", err)
	}
	drop := func() {
		dctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = a.ExecContext(dctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		a.Close()
	}
	u.Path = "/" + name
	return u.String(), drop, nil
}

func decodeJSON(r *http.Response, v any) error { return json.NewDecoder(r.Body).Decode(v) }
