package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// SQLite has one writer, so concurrent writes queue for it anyway; what
// each one then paid alone was its commit: the write-ahead log frames of
// every page it touched, written out (a fifth of a task create's CPU, and
// the right-hand pages of the same indexes again for the next create).
// A group commit lets the writers that queue share one transaction: each
// runs inside a savepoint of its own, so a failing one takes back exactly
// its own writes, and the transaction commits when nobody is waiting, or
// once it holds groupMax writes or is groupAge old. A write's caller hears
// of success only after that commit, and its after-commit hooks run then;
// if the commit fails, every write in it fails. PostgreSQL needs none of
// this: its writers run side by side.
type group struct {
	db      *sql.DB
	mu      sync.Mutex
	waiting atomic.Int32
	tx      *sql.Tx
	began   time.Time
	members []*member
}

// member is one write waiting for its group's commit.
type member struct {
	hooks *afterCommit
	done  chan error
}

const (
	groupMax = 32
	groupAge = 20 * time.Millisecond
)

// run is WithTx for a writer outside any transaction.
func (g *group) run(ctx context.Context, fn func(ctx context.Context) error) error {
	g.waiting.Add(1)
	g.mu.Lock()
	g.waiting.Add(-1)
	m, err, panicked := g.join(ctx, fn)
	var batch []*member
	var commitErr error
	if g.tx != nil && (g.waiting.Load() == 0 || len(g.members) >= groupMax || time.Since(g.began) >= groupAge) {
		batch, commitErr = g.commit()
	}
	g.mu.Unlock()
	// Hooks run outside the lock: one may start a write of its own.
	for _, b := range batch {
		if commitErr == nil {
			for _, f := range b.hooks.fns {
				f()
			}
		}
		b.done <- commitErr
	}
	if panicked != nil {
		panic(panicked)
	}
	if m == nil {
		return err
	}
	return <-m.done
}

// join runs fn in a savepoint of the group's transaction, beginning one
// when there is none. It answers the member to wait for, or fn's error
// with its writes taken back.
func (g *group) join(ctx context.Context, fn func(ctx context.Context) error) (m *member, err error, panicked any) {
	if g.tx == nil {
		// Not the caller's context: the transaction outlives its request.
		tx, err := g.db.BeginTx(context.Background(), nil)
		if err != nil {
			return nil, fmt.Errorf("store: begin: %w", err), nil
		}
		g.tx, g.began = tx, time.Now()
	}
	if _, err := g.tx.Exec("SAVEPOINT artel_write"); err != nil {
		g.abort(err)
		return nil, fmt.Errorf("store: savepoint: %w", err), nil
	}
	m = &member{hooks: &afterCommit{}, done: make(chan error, 1)}
	// A cancelled statement interrupts SQLite, which may roll back the
	// whole transaction and the other writers' work with it: the write
	// runs to its end whatever happens to its request.
	txCtx := context.WithValue(context.WithValue(context.WithoutCancel(ctx), txKey{}, g.tx), afterKey{}, m.hooks)
	func() {
		defer func() {
			if r := recover(); r != nil {
				panicked = r
				err = fmt.Errorf("store: panic in a write: %v", r)
			}
		}()
		err = fn(txCtx)
	}()
	if err != nil {
		if _, rbErr := g.tx.Exec("ROLLBACK TO artel_write"); rbErr != nil {
			g.abort(rbErr)
		} else if _, rbErr := g.tx.Exec("RELEASE artel_write"); rbErr != nil {
			g.abort(rbErr)
		}
		return nil, err, panicked
	}
	if _, err := g.tx.Exec("RELEASE artel_write"); err != nil {
		g.abort(err)
		return nil, fmt.Errorf("store: release: %w", err), nil
	}
	g.members = append(g.members, m)
	return m, nil, nil
}

// commit ends the group's transaction and answers its members, whom the
// caller tells once the lock is released.
func (g *group) commit() ([]*member, error) {
	tx, members := g.tx, g.members
	g.tx, g.members = nil, nil
	if len(members) == 0 {
		_ = tx.Rollback()
		return nil, nil
	}
	if err := tx.Commit(); err != nil {
		return members, fmt.Errorf("store: commit: %w", err)
	}
	return members, nil
}

// abort rolls the transaction back when it can no longer go on: every
// member in it fails with err.
func (g *group) abort(err error) {
	tx, members := g.tx, g.members
	g.tx, g.members = nil, nil
	_ = tx.Rollback()
	for _, m := range members {
		m.done <- fmt.Errorf("store: write lost with its group: %w", err)
	}
}
