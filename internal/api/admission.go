package api

import (
	"context"
	"runtime"
	"time"
)

// Admission lets a bounded number of API calls work at once and queues
// the rest in arrival order. With every call running at once, 32 callers
// on two cores share the processor and each waits on the others' queries
// in turn, so a page's latency varied threefold; queued in order, a call
// runs nearly alone once admitted (docs/performance.md). A call that
// finds no slot within MaxWait runs anyway, so a slow call (a large
// upload, a write waiting for SQLite's single writer) delays the queue at
// most that long and never stalls it.
type Admission struct {
	slots   chan struct{}
	maxWait time.Duration
}

// DefaultMaxWait bounds how long a call queues for a slot.
const DefaultMaxWait = 200 * time.Millisecond

// NewAdmission admits up to n calls at once; n <= 0 admits everyone
// (a nil *Admission).
func NewAdmission(n int, maxWait time.Duration) *Admission {
	if n <= 0 {
		return nil
	}
	return &Admission{slots: make(chan struct{}, n), maxWait: maxWait}
}

// DefaultSlots is the number of calls admitted at once: twice the cores
// the process runs on for SQLite, where a call is all computation, and
// eight times for PostgreSQL, where calls mostly wait on the network.
func DefaultSlots(postgres bool) int {
	if postgres {
		return 8 * runtime.GOMAXPROCS(0)
	}
	return 2 * runtime.GOMAXPROCS(0)
}

// enter waits for a slot and returns the function that gives it back;
// past maxWait, or when the caller has gone, it returns without a slot.
func (a *Admission) enter(ctx context.Context) (leave func()) {
	if a == nil {
		return func() {}
	}
	select {
	case a.slots <- struct{}{}:
		return a.leave
	default:
	}
	t := time.NewTimer(a.maxWait)
	defer t.Stop()
	select {
	case a.slots <- struct{}{}:
		return a.leave
	case <-t.C:
	case <-ctx.Done():
	}
	return func() {}
}

func (a *Admission) leave() { <-a.slots }
