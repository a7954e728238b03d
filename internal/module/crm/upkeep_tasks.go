package crm

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// A client's tasks (those whose contractor it is) give it issuesCount,
// activeIssuesCount (those in the task list's "actual" statuses) and
// inactiveIssuesCount (the others); a task template is no task. Kept like
// the contacts (upkeep.go).

// taskFields are the task's fields the counts follow.
var taskFields = []string{"contractor", "status", "isTemplate"}

func (u upkeep) taskSaved(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if !c.New && !writesAny(c, taskFields) {
		return nil
	}
	return each(contractorsOf(c, rec), func(l value.Link) error { return u.tasks(ctx, c.Scope.Account, l, 0) })
}

func (u upkeep) taskDeleted(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	if l, ok := rec.Links["contractor"]; ok && slices.Contains(Types, l.Type) {
		return u.tasks(ctx, sc.Account, l, rec.ID)
	}
	return nil
}

// tasks keeps a client's task counts, leaving out the task except (one
// being deleted).
func (u upkeep) tasks(ctx context.Context, account int64, client value.Link, except int64) error {
	t := u.e.Cat.Type("Task")
	ct, status := t.Field("contractor").Column, t.Field("status").Column
	active := task.ActiveStatuses()
	args := append([]any{}, store.Args(active)...)
	args = append(args, account, client.Type, client.ID, except, task.Template)
	var all, open int64
	err := u.e.DB.Q(ctx).QueryRowContext(ctx, u.e.DB.Dialect.Rebind(fmt.Sprintf(
		`SELECT COUNT(*), COALESCE(SUM(CASE WHEN %s IN (%s) THEN 1 ELSE 0 END), 0) FROM %s
		WHERE account_id = ? AND %s_t = ? AND %s_i = ? AND id <> ? AND COALESCE(%s, '') <> ?`,
		status, store.Marks(len(active)), t.Table, ct, ct, status)), args...).Scan(&all, &open)
	if err != nil {
		return fmt.Errorf("crm: tasks of %s %d: %w", client.Type, client.ID, err)
	}
	return u.keep(ctx, account, client, map[string]any{"issuesCount": all, "activeIssuesCount": open, "inactiveIssuesCount": all - open}, nil)
}
