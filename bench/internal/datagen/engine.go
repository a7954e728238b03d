package datagen

import (
	"context"
	"fmt"
	"time"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// writer stores rows of one type in one transaction and returns their ids
// in row order.
type writer interface {
	write(ctx context.Context, t *catalog.Type, rows []Row) ([]int64, error)
	// finish runs once after every row is written (sequences, statistics).
	finish(ctx context.Context) error
}

// engineWriter is the clean path: every row goes through entity.Engine.Create
// with its hooks, link checks, humanNumber and search text. It is the
// reference the bulk writer is tested against, and fast enough for the
// small types; see docs/performance.md for its rate on tasks.
type engineWriter struct {
	e       *entity.Engine
	account int64
}

func (w *engineWriter) write(ctx context.Context, t *catalog.Type, rows []Row) ([]int64, error) {
	ids := make([]int64, len(rows))
	defer func() { w.e.Now = time.Now }()
	err := w.e.DB.WithTx(ctx, func(ctx context.Context) error {
		for i, r := range rows {
			created := r.Created
			// The engine stamps timeCreated from Now; pointing Now at the
			// planned time makes the history look like years of use.
			w.e.Now = func() time.Time { return created }
			// System: internal work, as the demo company; rights do not
			// apply, and the task module keeps the status times given.
			sc := entity.Scope{Account: w.account, Actor: r.Actor, System: true}
			rec, err := w.e.Create(ctx, sc, t.Name, r.In)
			if err != nil {
				return fmt.Errorf("datagen: create %s #%d: %w", t.Name, i, err)
			}
			ids[i] = rec.ID
		}
		return nil
	})
	return ids, err
}

func (w *engineWriter) finish(context.Context) error { return nil }
