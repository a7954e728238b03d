package reportkeep

import (
	"context"
	"fmt"
	"math"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Line is a kept funnel line: how many deals and their price sum.
type Line struct {
	N   int64
	Sum float64
}

// Funnel is a program's kept lines per state: the deals in it now and
// those that ever entered it.
func Funnel(ctx context.Context, db *store.DB, account, program int64) (now, reached map[int64]Line, err error) {
	now, reached = map[int64]Line{}, map[int64]Line{}
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT state_id, reached, COALESCE(SUM(n), 0), COALESCE(SUM(total), 0)
		FROM report_funnel_counts WHERE account_id = ? AND program_id = ? GROUP BY state_id, reached`), account, program)
	if err != nil {
		return nil, nil, fmt.Errorf("reportkeep: funnel: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var state, r int64
		var l Line
		if err := rows.Scan(&state, &r, &l.N, &l.Sum); err != nil {
			return nil, nil, fmt.Errorf("reportkeep: funnel: %w", err)
		}
		// Added and taken away many times, a sum of prices gathers
		// float error far below a kopeck: it is given in kopecks.
		l.Sum = math.Round(l.Sum*100) / 100
		if r == 1 {
			reached[state] = l
		} else {
			now[state] = l
		}
	}
	return now, reached, rows.Err()
}

// TaskLine is a responsible's (or a department's) kept task counts.
type TaskLine struct {
	Type                          string
	ID                            int64
	OnTime, Late, Overdue, InWork int64
}

// Tasks are the kept task counts per responsible of an account; with
// department set (the employees' department column), per the responsible
// employee's department instead (Type "Department").
func Tasks(ctx context.Context, db *store.DB, account int64, employees, department string) ([]TaskLine, error) {
	q := `SELECT resp_type, resp_id, class, SUM(n) FROM report_task_counts WHERE account_id = ? GROUP BY resp_type, resp_id, class`
	if department != "" {
		q = fmt.Sprintf(`SELECT 'Department', p.%[1]s_i, k.class, SUM(k.n) FROM report_task_counts k JOIN %[2]s p
			ON p.account_id = k.account_id AND p.id = k.resp_id WHERE k.account_id = ? AND k.resp_type = 'Employee'
			AND p.%[1]s_i IS NOT NULL GROUP BY p.%[1]s_i, k.class`, department, employees)
	}
	return taskLines(ctx, db, q, account)
}

// ReaderTasks are Tasks counted over the tasks one reader sees: their
// range of entity_access, each row of which carries its task's line
// (TaskLine), for a reader whose visibility is kept there.
func ReaderTasks(ctx context.Context, db *store.DB, account int64, reader value.Link, employees, department string) ([]TaskLine, error) {
	lines := `SELECT line_type AS rt, line_id AS ri, line_class AS class, COUNT(*) AS n FROM entity_access
		WHERE account_id = ? AND content_type = 'Task' AND reader_type = ? AND reader_id = ? AND line_class > 0
		GROUP BY line_type, line_id, line_class`
	if department != "" {
		// Grouped per employee first: the department is then read once
		// per line, not once per task.
		q := fmt.Sprintf(`SELECT 'Department', p.%[1]s_i, k.class, SUM(k.n) FROM (%[3]s) k JOIN %[2]s p
			ON p.account_id = ? AND p.id = k.ri WHERE k.rt = 'Employee' AND p.%[1]s_i IS NOT NULL GROUP BY p.%[1]s_i, k.class`,
			department, employees, lines)
		return taskLines(ctx, db, q, account, reader.Type, reader.ID, account)
	}
	return taskLines(ctx, db, lines, account, reader.Type, reader.ID)
}

// taskLines reads rows of (type, id, class, count) into lines.
func taskLines(ctx context.Context, db *store.DB, q string, args ...any) ([]TaskLine, error) {
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("reportkeep: tasks: %w", err)
	}
	defer rows.Close()
	type key struct {
		typ string
		id  int64
	}
	at := map[key]int{}
	var out []TaskLine
	for rows.Next() {
		var k key
		var class, n int64
		if err := rows.Scan(&k.typ, &k.id, &class, &n); err != nil {
			return nil, fmt.Errorf("reportkeep: tasks: %w", err)
		}
		i, ok := at[k]
		if !ok {
			i, at[k] = len(out), len(out)
			out = append(out, TaskLine{Type: k.typ, ID: k.id})
		}
		switch class {
		case OnTime:
			out[i].OnTime += n
		case Late:
			out[i].Late += n
		case Overdue:
			out[i].Overdue += n
		case InWork:
			out[i].InWork += n
		}
	}
	return out, rows.Err()
}
