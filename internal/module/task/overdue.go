package task

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// The overdue job: isOverdue is kept on every save (setOverdue), so what
// is left is work whose deadline passes while nobody touches it. Each
// pass scans, per account, the deadlines between its last mark and now
// through the deadline index, never the whole history.
const (
	overdueMark  = "task_overdue"
	overdueBatch = 200
	// A DateOnly deadline sorts by its day's midnight but is late only a
	// day later; the second day covers transactions that were still open
	// at the last mark.
	overdueLookBack = 2 * 24 * time.Hour
)

// MarkOverdue sets isOverdue on tasks and projects whose deadline has
// passed by now and that are still open, in batches of one transaction,
// saving each through the engine as a save would (the same rule, the
// same updated event after commit). It answers how many it marked.
func MarkOverdue(ctx context.Context, e *entity.Engine, now time.Time) (int, error) {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, "SELECT id FROM accounts ORDER BY id")
	if err != nil {
		return 0, fmt.Errorf("task: overdue: accounts: %w", err)
	}
	accounts, err := store.Int64s(rows)
	if err != nil {
		return 0, fmt.Errorf("task: overdue: accounts: %w", err)
	}
	total := 0
	for _, acc := range accounts {
		n, err := markAccount(ctx, e, acc, now)
		total += n
		if err != nil {
			return total, fmt.Errorf("task: overdue in account %d: %w", acc, err)
		}
	}
	return total, nil
}

func markAccount(ctx context.Context, e *entity.Engine, acc int64, now time.Time) (int, error) {
	low := int64(math.MinInt64)
	var mark int64
	err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind("SELECT mark FROM job_marks WHERE name = ? AND account_id = ?"),
		overdueMark, acc).Scan(&mark)
	if err == nil {
		low = mark - overdueLookBack.Milliseconds()
	}
	total := 0
	for _, kind := range []string{"Task", "Project"} {
		n, err := markKind(ctx, e, acc, kind, low, now)
		total += n
		if err != nil {
			return total, err
		}
	}
	return total, e.DB.Exec(ctx, `INSERT INTO job_marks (name, account_id, mark) VALUES (?, ?, ?)
		ON CONFLICT (name, account_id) DO UPDATE SET mark = excluded.mark`, overdueMark, acc, now.UnixMilli())
}

// markKind walks one type's candidates by (deadline, id) in batches.
func markKind(ctx context.Context, e *entity.Engine, acc int64, kind string, low int64, now time.Time) (int, error) {
	t := e.Cat.Type(kind)
	dl, over, status := t.Field("deadline").SortColumn(), t.Field("isOverdue").Column, t.Field("status").Column
	finished := "'" + strings.Join(append([]string{Template}, closed...), "', '") + "'"
	q := e.DB.Dialect.Rebind(fmt.Sprintf(`SELECT id, %[2]s FROM %[1]s WHERE account_id = ? AND %[2]s <= ?
		AND (%[2]s > ? OR %[2]s = ? AND id > ?) AND COALESCE(%[3]s, 0) = 0 AND COALESCE(%[4]s, '') NOT IN (%[5]s)
		ORDER BY %[2]s, id LIMIT %[6]d`, t.Table, dl, over, status, finished, overdueBatch))
	total, afterKey, afterID := 0, low, int64(0)
	for {
		var ids []int64
		err := func() error {
			rows, err := e.DB.Q(ctx).QueryContext(ctx, q, acc, now.UnixMilli(), afterKey, afterKey, afterID)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				if err := rows.Scan(&afterID, &afterKey); err != nil {
					return err
				}
				ids = append(ids, afterID)
			}
			return rows.Err()
		}()
		if err != nil {
			return total, fmt.Errorf("candidates: %w", err)
		}
		n, err := markBatch(ctx, e, acc, kind, ids, now)
		total += n
		if err != nil || len(ids) < overdueBatch {
			return total, err
		}
	}
}

// markBatch saves one batch in one transaction. Each record is re-read
// under its row lock, so a transition committed meanwhile (done,
// cancelled) is seen and not overwritten.
func markBatch(ctx context.Context, e *entity.Engine, acc int64, kind string, ids []int64, now time.Time) (int, error) {
	n := 0
	sys := entity.Scope{Account: acc, System: true}
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		for _, id := range ids {
			rec, err := lockedGet(ctx, e, sys, kind, id)
			if err == entity.ErrNotFound {
				continue
			}
			if err != nil {
				return err
			}
			if rec.Values["isOverdue"] == int64(1) || !IsOverdue(rec.Values["deadline"], rec.String("status"), now) {
				continue
			}
			c := entity.NewChange(sys, rec.Type, rec)
			c.Values["isOverdue"] = int64(1)
			// Time passing is nobody's activity.
			c.Values["activity"] = rec.Values["activity"]
			if _, err := e.Save(ctx, c); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}
