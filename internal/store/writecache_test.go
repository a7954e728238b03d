package store

import (
	"context"
	"database/sql"
	"testing"
	"time"
)

// cached is q's prepared statement, if it has one yet.
func (c *writeCache) cached(q string) *sql.Stmt {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[q]
}

// A write statement first runs unprepared, is prepared on the writer
// between transactions, and later transactions run the prepared one with
// their own arguments; schema statements are never kept.
func TestWriteCachePreparesBetweenTransactions(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const ddl = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"
	const insert = "INSERT INTO notes (body) VALUES (?)"
	write := func(body string) {
		t.Helper()
		if err := db.WithTx(ctx, func(ctx context.Context) error { return db.Exec(ctx, insert, body) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.WithTx(ctx, func(ctx context.Context) error { return db.Exec(ctx, ddl) }); err != nil {
		t.Fatal(err)
	}
	write("first")
	for deadline := time.Now().Add(5 * time.Second); db.wcache.cached(insert) == nil; {
		if time.Now().After(deadline) {
			t.Fatal("the insert was not prepared")
		}
		time.Sleep(10 * time.Millisecond)
	}
	write("second")
	write("third")
	var bodies string
	if err := db.Q(ctx).QueryRowContext(ctx, "SELECT group_concat(body, ',') FROM (SELECT body FROM notes ORDER BY id)").Scan(&bodies); err != nil {
		t.Fatal(err)
	}
	if bodies != "first,second,third" {
		t.Errorf("rows %q", bodies)
	}
	if db.wcache.cached(ddl) != nil {
		t.Error("a schema statement was kept")
	}
}
