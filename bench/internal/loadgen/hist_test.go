package loadgen

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

func TestQuantiles(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var h Hist
	var all []time.Duration
	for range 100000 {
		d := time.Duration(r.ExpFloat64() * float64(3*time.Millisecond))
		h.Add(d)
		all = append(all, d)
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	for _, q := range []float64{0.5, 0.9, 0.99, 0.999} {
		want := all[int(q*float64(len(all)))-1]
		got := h.Quantile(q)
		if diff := float64(got-want) / float64(want); diff < -0.001 || diff > 0.035 {
			t.Errorf("q%.3f: got %v want %v (%.1f%%)", q, got, want, diff*100)
		}
	}
	for _, ns := range []uint64{0, 1, 63, 64, 65, 127, 128, 1000, 1 << 20, 1<<40 + 12345} {
		if v := bucketValue(bucket(ns)); uint64(v) < ns {
			t.Errorf("bucket of %d tops at %d", ns, v)
		}
	}
}
