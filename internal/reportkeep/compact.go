package reportkeep

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/store"
)

// compactAbove is how many delta rows a line gathers before Compact folds
// them into one.
const compactAbove = 8

// kept is a kept table: the columns a line is keyed by and those added up.
type kept struct {
	table      string
	keys, sums []string
}

var tables = []kept{
	{"report_funnel_counts", []string{"account_id", "program_id", "state_id", "reached"}, []string{"n", "total"}},
	{"report_task_counts", []string{"account_id", "resp_type", "resp_id", "class"}, []string{"n"}},
}

// Compact folds the deltas of lines with many into one row each, a batch
// at a time; it reports how many lines it folded. Deltas are inserted,
// never updated, so writers moving deals between the same states in
// opposite directions never wait on each other (on PostgreSQL that could
// deadlock); folding keeps a report's read to a few rows a line.
func Compact(ctx context.Context, db *store.DB) (int, error) {
	folded := 0
	for _, k := range tables {
		n, err := k.compact(ctx, db)
		folded += n
		if err != nil {
			return folded, fmt.Errorf("reportkeep: compact %s: %w", k.table, err)
		}
	}
	return folded, nil
}

func (k kept) compact(ctx context.Context, db *store.DB) (int, error) {
	keys := strings.Join(k.keys, ", ")
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(fmt.Sprintf(
		"SELECT %s FROM %s GROUP BY %s HAVING COUNT(*) > ? LIMIT 500", keys, k.table, keys)), compactAbove)
	if err != nil {
		return 0, err
	}
	var lines [][]any
	for rows.Next() {
		line := make([]any, len(k.keys))
		ptrs := make([]any, len(line))
		for i := range line {
			ptrs[i] = &line[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			rows.Close()
			return 0, err
		}
		lines = append(lines, line)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	where := strings.Join(k.keys, " = ? AND ") + " = ?"
	var sums []string
	for _, s := range k.sums {
		sums = append(sums, "COALESCE(SUM("+s+"), 0)")
	}
	cols := keys + ", " + strings.Join(k.sums, ", ")
	for _, line := range lines {
		err := db.WithTx(ctx, func(ctx context.Context) error {
			if db.Dialect == store.Postgres {
				// One statement: the delete takes exactly the rows it
				// sums, and a delta committed meanwhile stays.
				return db.Exec(ctx, fmt.Sprintf(`WITH d AS (DELETE FROM %s WHERE %s RETURNING %s)
					INSERT INTO %s (%s) SELECT %s, %s FROM d GROUP BY %s`, k.table, where, cols, k.table, cols, keys,
					strings.Join(sums, ", "), keys), line...)
			}
			// SQLite's one writer makes the read and the rewrite atomic.
			total := make([]any, len(k.sums))
			ptrs := make([]any, len(total))
			for i := range total {
				ptrs[i] = &total[i]
			}
			err := db.Q(ctx).QueryRowContext(ctx, fmt.Sprintf("SELECT %s FROM %s WHERE %s", strings.Join(sums, ", "), k.table, where), line...).Scan(ptrs...)
			if err != nil {
				return err
			}
			if err := db.Exec(ctx, "DELETE FROM "+k.table+" WHERE "+where, line...); err != nil {
				return err
			}
			return db.Exec(ctx, fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", k.table, cols, store.Marks(len(k.keys)+len(k.sums))),
				append(line, total...)...)
		})
		if err != nil {
			return 0, err
		}
	}
	return len(lines), nil
}
