package main

import (
	"context"
	"errors"

	"github.com/artel/artel/bench/internal/loadgen"
)

// mixed is the soak's request mix, in percent: mostly reads as in real
// use, with every kind of write. A delete with nothing left to delete
// creates instead, so the mix never stops a worker.
func mixed(a *loadgen.API) loadgen.Op {
	type part struct {
		pct int
		op  loadgen.Op
	}
	parts := []part{{30, a.Get}, {15, a.ListFirst}, {10, a.ListFiltered}, {5, a.ListDeep}, {2, a.Search},
		{13, a.Create}, {12, a.Update}, {10, a.Delete}, {3, a.Bulk5}}
	return func(ctx context.Context, w *loadgen.Worker) error {
		x := w.Rand.IntN(100)
		for _, p := range parts {
			if x < p.pct {
				err := p.op(ctx, w)
				if errors.Is(err, loadgen.ErrDone) {
					return a.Create(ctx, w)
				}
				return err
			}
			x -= p.pct
		}
		return a.Get(ctx, w)
	}
}
