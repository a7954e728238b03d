package loadgen

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"time"
)

// ErrDone stops a worker without counting an operation: its work ran out
// (no more created tasks left to delete).
var ErrDone = errors.New("loadgen: nothing left to do")

// Worker is one client loop's state.
type Worker struct {
	ID   int
	Rand *rand.Rand
}

// Op is one operation; it returns an error for anything but a good answer.
type Op func(ctx context.Context, w *Worker) error

// Recorder collects latencies and errors; Snapshot takes them and starts
// over, so the soak can report per interval while workers keep running.
type Recorder struct {
	mu     sync.Mutex
	h      Hist
	errs   int64
	sample []string
	since  time.Time
}

// NewRecorder starts an empty recorder.
func NewRecorder() *Recorder { return &Recorder{since: time.Now()} }

// Add records one operation.
func (r *Recorder) Add(d time.Duration, err error) {
	r.mu.Lock()
	r.h.Add(d)
	if err != nil {
		r.errs++
		if len(r.sample) < 5 {
			r.sample = append(r.sample, err.Error())
		}
	}
	r.mu.Unlock()
}

// Stats are one recorder's figures.
type Stats struct {
	Ops     uint64
	Errors  int64
	Elapsed time.Duration
	P50     time.Duration
	P99     time.Duration
	Max     time.Duration
	Samples []string // the first few error messages
	Hist    *Hist
}

// PerSec is operations per second.
func (s Stats) PerSec() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Ops) / s.Elapsed.Seconds()
}

// Snapshot returns the figures so far and resets.
func (r *Recorder) Snapshot() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	h := r.h
	s := Stats{Ops: h.Count(), Errors: r.errs, Elapsed: time.Since(r.since), P50: h.Quantile(0.5),
		P99: h.Quantile(0.99), Max: h.max, Samples: r.sample, Hist: &h}
	r.h, r.errs, r.sample, r.since = Hist{}, 0, nil, time.Now()
	return s
}

// Run drives op from n workers for d, then lets the requests in flight
// finish (a request slower than d is measured, not dropped; the client's
// timeout bounds it), and returns when every worker has stopped. Ending
// ctx cancels everything at once. Each worker has its own random stream
// from seed, so runs send the same sequence of requests.
func Run(ctx context.Context, n int, d time.Duration, seed uint64, op Op, rec *Recorder) {
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &Worker{ID: i, Rand: rand.New(rand.NewPCG(seed, uint64(i)))}
			for ctx.Err() == nil && time.Now().Before(deadline) {
				start := time.Now()
				err := op(ctx, w)
				if errors.Is(err, ErrDone) {
					return
				}
				if ctx.Err() != nil {
					return // interrupted: not the server's doing
				}
				rec.Add(time.Since(start), err)
			}
		}()
	}
	wg.Wait()
}
