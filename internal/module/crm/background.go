package crm

import (
	"context"
	"log/slog"
	"sync"
)

// background runs the jobs of one kind this process has started, each
// once at a time (imports, merges): a job started twice, by its route and
// by the resume job, runs once.
type background struct {
	mu      sync.Mutex
	running map[int64]bool
	wg      sync.WaitGroup
}

func (b *background) start(id int64, log *slog.Logger, what string, run func(ctx context.Context) error) {
	b.mu.Lock()
	if b.running == nil {
		b.running = map[int64]bool{}
	}
	if b.running[id] {
		b.mu.Unlock()
		return
	}
	b.running[id] = true
	b.wg.Add(1)
	b.mu.Unlock()
	go func() {
		defer b.wg.Done()
		defer func() {
			b.mu.Lock()
			delete(b.running, id)
			b.mu.Unlock()
		}()
		if err := run(context.Background()); err != nil && log != nil {
			log.Error(what+" failed", "job", id, "err", err)
		}
	}()
}

// wait waits for the jobs this process runs (tests, shutdown).
func (b *background) wait() { b.wg.Wait() }

// stale reads the (account, id) pairs a resume query answers.
func stale(rows interface {
	Next() bool
	Scan(...any) error
	Err() error
}) ([][2]int64, error) {
	var list [][2]int64
	for rows.Next() {
		var p [2]int64
		if err := rows.Scan(&p[0], &p[1]); err != nil {
			return nil, err
		}
		list = append(list, p)
	}
	return list, rows.Err()
}
