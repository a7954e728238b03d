// Package store owns the database connection: opening SQLite or PostgreSQL,
// the SQL dialect differences, and transactions carried in the context.
// Everything above it writes portable SQL through Dialect.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"github.com/artel/artel/internal/value"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// DB is an open database: a writer and a pool of readers. On SQLite the
// writer is one connection that begins every transaction IMMEDIATE, so
// concurrent writers queue in Go instead of failing with "database is
// locked"; the readers run beside it thanks to WAL. On PostgreSQL both are
// the same pool.
type DB struct {
	Dialect Dialect
	writer  *sql.DB
	reader  *sql.DB
	path    string      // SQLite file, empty on PostgreSQL
	rcache  *stmtCache  // prepared reads, SQLite only (nil on PostgreSQL)
	wcache  *writeCache // prepared writes, SQLite only (writecache.go)
	group   *group      // group commit, SQLite only (group.go)
	stop    func()      // ends the SQLite checkpoint loop
}

// CountSlots is how many rows of entity_counts one type's count is
// spread over, so concurrent inserts rarely update the same row.
const CountSlots = 16

// Open connects to PostgreSQL when url is set, else to SQLite in dataDir.
func Open(ctx context.Context, dataDir, url string) (*DB, error) {
	if url != "" {
		return openPostgres(ctx, url)
	}
	return openSQLite(ctx, dataDir)
}

func openSQLite(ctx context.Context, dataDir string) (*DB, error) {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("store: data dir: %w", err)
	}
	path := filepath.Join(dataDir, "artel.db")
	// synchronous(NORMAL) in WAL mode keeps every committed transaction
	// across a process crash; only a power loss can take the last ones.
	pragmas := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)"
	writer, err := sql.Open("sqlite", "file:"+path+"?_txlock=immediate&"+pragmas)
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	writer.SetMaxOpenConns(1)
	writer.SetMaxIdleConns(1)
	writer.SetConnMaxLifetime(0)
	writer.SetConnMaxIdleTime(0)
	reader, err := sql.Open("sqlite", "file:"+path+"?mode=ro&"+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		writer.Close()
		return nil, fmt.Errorf("store: open sqlite reader: %w", err)
	}
	reader.SetMaxOpenConns(8)
	reader.SetMaxIdleConns(8)
	reader.SetConnMaxIdleTime(0)
	reader.SetConnMaxLifetime(0)
	db := &DB{Dialect: SQLite, writer: writer, reader: reader, path: path, rcache: newStmtCache(reader), wcache: newWriteCache(writer),
		group: &group{db: writer}}
	// The writer creates the file and switches it to WAL before any reader
	// opens it read-only.
	if err := writer.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	db.stop = db.checkpointLoop(checkpointEvery)
	return db, nil
}

func openPostgres(ctx context.Context, url string) (*DB, error) {
	pool, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	pool.SetMaxOpenConns(32)
	pool.SetMaxIdleConns(32)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
	return &DB{Dialect: Postgres, writer: pool, reader: pool}, nil
}

// Path is the SQLite file, or "" on PostgreSQL.
func (db *DB) Path() string { return db.path }

// Close closes every connection.
func (db *DB) Close() error {
	if db.stop != nil {
		db.stop()
	}
	if db.rcache != nil {
		db.rcache.close()
	}
	if db.wcache != nil {
		db.wcache.close()
	}
	err := db.writer.Close()
	if db.reader != db.writer {
		err = errors.Join(err, db.reader.Close())
	}
	return err
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	return db.reader.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Writer is the pool writes go through: on SQLite the one writer
// connection, so a job queue handed it queues with every other write
// instead of meeting "database is locked"; on PostgreSQL the shared pool.
func (db *DB) Writer() *sql.DB { return db.writer }

// Stats reports the pools, for metrics.
func (db *DB) Stats() (writer, reader sql.DBStats) { return db.writer.Stats(), db.reader.Stats() }

// Querier is what both *sql.DB and *sql.Tx offer.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type txKey struct{}

// Q returns the transaction carried by ctx, or the reader pool.
func (db *DB) Q(ctx context.Context) Querier {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		if db.wcache != nil {
			return cachedTx{tx, db.wcache}
		}
		return tx
	}
	if db.rcache != nil {
		return cachedDB{db.rcache}
	}
	return db.reader
}

// Tx is the write transaction ctx carries, for libraries that take a
// *sql.Tx themselves (River); nil outside one.
func Tx(ctx context.Context) *sql.Tx {
	tx, _ := ctx.Value(txKey{}).(*sql.Tx)
	return tx
}

// InTx reports whether ctx carries a write transaction.
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*sql.Tx)
	return ok
}

// WithTx runs fn in a write transaction, joining one already in ctx. The
// transaction commits when fn returns nil and rolls back otherwise, so a
// failed request changes nothing. after runs once the outermost transaction
// has committed (events are published there, never before commit).
func (db *DB) WithTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if InTx(ctx) {
		return fn(ctx)
	}
	if db.group != nil {
		return db.group.run(ctx, fn)
	}
	tx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	hooks := &afterCommit{}
	txCtx := context.WithValue(context.WithValue(ctx, txKey{}, tx), afterKey{}, hooks)
	if err := fn(txCtx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	for _, f := range hooks.fns {
		f()
	}
	return nil
}

// Savepoint runs fn inside the transaction in ctx as one savepoint: when
// fn fails, its writes and the after-commit work it scheduled are taken
// back and the transaction goes on. name is an SQL identifier.
func (db *DB) Savepoint(ctx context.Context, name string, fn func(ctx context.Context) error) error {
	tx, ok := ctx.Value(txKey{}).(*sql.Tx)
	if !ok {
		return errors.New("store: a savepoint outside a transaction")
	}
	if _, err := tx.ExecContext(ctx, "SAVEPOINT "+name); err != nil {
		return fmt.Errorf("store: savepoint: %w", err)
	}
	own := &afterCommit{}
	if err := fn(context.WithValue(ctx, afterKey{}, own)); err != nil {
		if _, rb := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT "+name); rb != nil {
			return fmt.Errorf("store: rollback to savepoint: %w (after %v)", rb, err)
		}
		if _, rel := tx.ExecContext(ctx, "RELEASE SAVEPOINT "+name); rel != nil {
			return fmt.Errorf("store: release savepoint: %w (after %v)", rel, err)
		}
		return err
	}
	if _, err := tx.ExecContext(ctx, "RELEASE SAVEPOINT "+name); err != nil {
		return fmt.Errorf("store: release savepoint: %w", err)
	}
	// Every transaction (WithTx, a group's) carries its list.
	if outer, ok := ctx.Value(afterKey{}).(*afterCommit); ok {
		outer.fns = append(outer.fns, own.fns...)
	}
	return nil
}

type afterKey struct{}

type afterCommit struct{ fns []func() }

// AfterCommit schedules f to run after the transaction in ctx commits; with
// no transaction it runs at once.
func AfterCommit(ctx context.Context, f func()) {
	if h, ok := ctx.Value(afterKey{}).(*afterCommit); ok {
		h.fns = append(h.fns, f)
		return
	}
	f()
}

// Exec runs one statement in ctx's transaction, or on the writer.
func (db *DB) Exec(ctx context.Context, query string, args ...any) error {
	var q Querier = db.writer
	if InTx(ctx) {
		q = db.Q(ctx)
	}
	_, err := q.ExecContext(ctx, db.Dialect.Rebind(query), args...)
	return err
}

// IsUniqueViolation reports whether err is a unique-constraint failure.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

// Int64s reads a one-column result of ids and closes the rows.
func Int64s(rows *sql.Rows) ([]int64, error) {
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Links reads a two-column result of (type, id) pairs and closes the rows.
func Links(rows *sql.Rows) ([]value.Link, error) {
	defer rows.Close()
	var out []value.Link
	for rows.Next() {
		var l value.Link
		if err := rows.Scan(&l.Type, &l.ID); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// Marks is n placeholders for an IN list: "?, ?, ?".
func Marks(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// Args turns a list into query arguments.
func Args[T any](list []T) []any {
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = v
	}
	return out
}
