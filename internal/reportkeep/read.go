package reportkeep

import (
	"context"
	"fmt"
	"math"

	"github.com/artel/artel/internal/store"
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
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), account)
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
