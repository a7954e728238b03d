// Package loadgen is the measuring side shared by bench/load and
// bench/soak: starting the real binary and watching it, an HTTP client with
// a bearer token, bounded worker loops, latency histograms, and the API
// requests the scenarios send.
package loadgen

import (
	"math/bits"
	"time"
)

// Hist is a latency histogram with about 1.5% resolution and fixed memory:
// 64 linear sub-buckets per power of two of nanoseconds, as in HDR
// histograms, so millions of samples cost nothing to keep.
type Hist struct {
	counts [64 * 64]uint64
	n      uint64
	max    time.Duration
}

const subBits = 6

func bucket(ns uint64) int {
	if ns < 1<<subBits {
		return int(ns)
	}
	exp := bits.Len64(ns) - subBits           // >= 1
	sub := ns >> (exp - 1) & (1<<subBits - 1) // the 6 bits after the leading one
	return exp<<subBits | int(sub)
}

// bucketValue is the upper bound of a bucket, so quantiles never flatter.
func bucketValue(i int) time.Duration {
	if i < 1<<subBits {
		return time.Duration(i)
	}
	exp, sub := i>>subBits, uint64(i&(1<<subBits-1))
	return time.Duration((1<<subBits+sub+1)<<(exp-1) - 1)
}

// Add records one latency.
func (h *Hist) Add(d time.Duration) {
	if d < 0 {
		d = 0
	}
	i := bucket(uint64(d))
	if i >= len(h.counts) {
		i = len(h.counts) - 1
	}
	h.counts[i]++
	h.n++
	h.max = max(h.max, d)
}

// Merge adds another histogram's samples.
func (h *Hist) Merge(o *Hist) {
	for i, c := range o.counts {
		h.counts[i] += c
	}
	h.n += o.n
	h.max = max(h.max, o.max)
}

// Count is the number of samples.
func (h *Hist) Count() uint64 { return h.n }

// Quantile returns the latency below which a fraction q of samples fall.
func (h *Hist) Quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	rank := uint64(q*float64(h.n) + 0.5)
	rank = max(1, min(rank, h.n))
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			return min(bucketValue(i), h.max)
		}
	}
	return h.max
}
