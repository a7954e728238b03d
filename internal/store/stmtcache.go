package store

import (
	"context"
	"database/sql"
	"sync"
)

// SQLite parses every statement it is given; on a list page that parse was
// a sixth of the CPU. Reads are therefore prepared once per text and reused
// (database/sql re-prepares per connection as needed). Writes are not: the
// writer is one connection, held by the transaction, so preparing on it
// from inside the transaction would wait forever. PostgreSQL needs none of
// this: pgx caches prepared statements per connection itself.
type stmtCache struct {
	db *sql.DB
	mu sync.RWMutex
	m  map[string]*sql.Stmt
}

// maxCached bounds the cache: statement texts vary with IN-list lengths and
// filters, and a text seen after the cache is full simply runs unprepared.
const maxCached = 4096

func newStmtCache(db *sql.DB) *stmtCache { return &stmtCache{db: db, m: map[string]*sql.Stmt{}} }

func (c *stmtCache) get(ctx context.Context, q string) *sql.Stmt {
	c.mu.RLock()
	st := c.m[q]
	full := len(c.m) >= maxCached
	c.mu.RUnlock()
	if st != nil || full {
		return st
	}
	st, err := c.db.PrepareContext(ctx, q)
	if err != nil {
		return nil // the plain call reports the error
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[q]; old != nil {
		st.Close()
		return old
	}
	c.m[q] = st
	return st
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.m {
		st.Close()
	}
	c.m = map[string]*sql.Stmt{}
}

// cachedDB runs queries on a pool through the statement cache.
type cachedDB struct{ c *stmtCache }

func (d cachedDB) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := d.c.get(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return d.c.db.ExecContext(ctx, q, args...)
}

func (d cachedDB) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := d.c.get(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return d.c.db.QueryContext(ctx, q, args...)
}

func (d cachedDB) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := d.c.get(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return d.c.db.QueryRowContext(ctx, q, args...)
}
