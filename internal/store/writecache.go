package store

import (
	"context"
	"database/sql"
	"strings"
	"sync"
)

// SQLite parsed every statement of a write afresh: a fifth of a task
// create's CPU, most of it compiling the triggers an INSERT on an entity
// table fires (kept visibility, full text). The writer is one connection
// that the transaction holds, so a statement cannot be prepared on it from
// inside the transaction. Instead a text the transaction runs unprepared
// is handed to a goroutine that prepares it on the writer between
// transactions; later transactions run the prepared statement through
// Tx.StmtContext, which finds it already prepared on their connection.
type writeCache struct {
	db      *sql.DB
	mu      sync.RWMutex
	m       map[string]*sql.Stmt
	skip    map[string]bool // asked for, or refused by the preparer
	queue   chan string
	stopped chan struct{}
	cancel  context.CancelFunc
}

// maxWriteCached bounds the writer's statements, each holding its
// compiled triggers in SQLite's memory.
const maxWriteCached = 1024

func newWriteCache(db *sql.DB) *writeCache {
	ctx, cancel := context.WithCancel(context.Background())
	c := &writeCache{db: db, m: map[string]*sql.Stmt{}, skip: map[string]bool{},
		queue: make(chan string, 256), stopped: make(chan struct{}), cancel: cancel}
	go c.prepareLoop(ctx)
	return c
}

// lookup is the prepared statement of q, asking for it when it has none.
func (c *writeCache) lookup(q string) *sql.Stmt {
	c.mu.RLock()
	st, asked, full := c.m[q], c.skip[q], len(c.skip) >= maxWriteCached
	c.mu.RUnlock()
	if st != nil || asked || full || !cacheable(q) {
		return st
	}
	c.mu.Lock()
	if len(c.skip) < maxWriteCached && !c.skip[q] {
		c.skip[q] = true
		select {
		case c.queue <- q:
		default: // the preparer is behind; a later transaction asks again
			delete(c.skip, q)
		}
	}
	c.mu.Unlock()
	return nil
}

// cacheable: the statements a running server repeats. Schema statements
// run once, and may name tables their transaction has not committed.
func cacheable(q string) bool {
	head := strings.TrimSpace(q)
	for _, verb := range []string{"SELECT", "INSERT", "UPDATE", "DELETE", "WITH"} {
		if len(head) >= len(verb) && strings.EqualFold(head[:len(verb)], verb) {
			return true
		}
	}
	return false
}

func (c *writeCache) prepareLoop(ctx context.Context) {
	defer close(c.stopped)
	for {
		select {
		case <-ctx.Done():
			return
		case q := <-c.queue:
			// Waits for the writer between two transactions.
			st, err := c.db.PrepareContext(ctx, q)
			if err != nil {
				continue // stays in skip: it runs unprepared, as before
			}
			c.mu.Lock()
			c.m[q] = st
			c.mu.Unlock()
		}
	}
}

func (c *writeCache) close() {
	c.cancel()
	<-c.stopped
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.m {
		st.Close()
	}
	c.m = map[string]*sql.Stmt{}
}

// cachedTx runs a transaction's statements through the write cache.
type cachedTx struct {
	tx *sql.Tx
	c  *writeCache
}

func (t cachedTx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := t.c.lookup(q); st != nil {
		// Closed at once: a long transaction (an import) would otherwise
		// hold every one until it ends. Queries' statements stay open
		// with their rows and close with the transaction.
		ts := t.tx.StmtContext(ctx, st)
		defer ts.Close()
		return ts.ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, q, args...)
}

func (t cachedTx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := t.c.lookup(q); st != nil {
		return t.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, q, args...)
}

func (t cachedTx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := t.c.lookup(q); st != nil {
		return t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, q, args...)
}
