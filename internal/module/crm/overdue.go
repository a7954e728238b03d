package crm

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/module/todo"
	"github.com/artel/artel/internal/store"
)

// countOverdueCommunications is how many of a client's to-dos still to do
// are overdue (todo.Overdue): worked out when asked for, as time passes,
// for a page in one query over the to-dos that have begun.
func registerOverdue(e *entity.Engine) {
	for _, typ := range Types {
		e.Compute(typ, entity.Computer{Fields: []string{"countOverdueCommunications"}, Fill: func(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
			return fillOverdue(ctx, e, sc, recs)
		}})
	}
}

func fillOverdue(ctx context.Context, e *entity.Engine, sc entity.Scope, recs []*entity.Record) error {
	loc, err := task.AccountZone(ctx, e, sc.Account)
	if err != nil {
		return err
	}
	now := e.Now()
	t := e.Cat.Type("Todo")
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	q := fmt.Sprintf(`SELECT l.dst_id, t.%s %s AND t.%s IS NULL AND t.%s < ?`, t.Field("when").Column,
		clientTodos(e, "IN ("+store.Marks(len(ids))+")"), t.Field("timeFinished").Column, t.Field("when").SortColumn())
	args := append(append([]any{sc.Account, recs[0].Type.Name}, store.Args(ids)...), now.UnixMilli())
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("crm: overdue to-dos: %w", err)
	}
	defer rows.Close()
	n := map[int64]int64{}
	for rows.Next() {
		var id int64
		var when string
		if err := rows.Scan(&id, &when); err != nil {
			return fmt.Errorf("crm: overdue to-dos: %w", err)
		}
		if todo.Overdue(when, now, loc) {
			n[id]++
		}
	}
	for _, r := range recs {
		r.SetComputed("countOverdueCommunications", n[r.ID])
	}
	return rows.Err()
}
