package report

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/reportkeep"
	"github.com/artel/artel/internal/value"
)

// Effectiveness is one employee's line of the task effectiveness report.
type Effectiveness struct {
	// By names the line's subject in the answer: employee or department.
	By                                    string
	Employee                              map[string]any
	DoneOnTime, DoneLate, Overdue, InWork int64
	key                                   managerKey
}

// JSON is the line as the API answers it. effectiveness is the share of
// the work due that was done on time: on time over done and overdue.
func (l *Effectiveness) JSON() map[string]any {
	return map[string]any{l.By: l.Employee, "doneOnTime": l.DoneOnTime, "doneLate": l.DoneLate,
		"overdue": l.Overdue, "inWork": l.InWork, "effectiveness": percent(l.DoneOnTime, l.DoneOnTime+l.DoneLate+l.Overdue)}
}

// taskColumns count a responsible's tasks into the report's columns, in
// SQL: done on time, done (on time or late), overdue, in work; cancelled,
// expired and templates count nowhere (the conditions are
// reportkeep.Names.TaskConds, which the kept counts follow too). Every
// column is in one index of e_task, so the report never reads the tasks'
// rows.
func taskColumns(n reportkeep.Names, table string) string {
	onTime, done, overdue, inWork := n.TaskConds(table)
	sum := func(cond string) string { return "COALESCE(SUM(CASE WHEN " + cond + " THEN 1 ELSE 0 END), 0)" }
	return strings.Join([]string{sum(onTime), sum(done), sum(overdue), sum(inWork)}, ", ")
}

// TaskEffectiveness is, per responsible, the tasks the reader sees that
// were done on time or late, are overdue or are in work; byDepartment
// adds them up per the responsible employee's department instead (tasks
// of people without one, or of groups and clients, count in none).
// filter is the task list's filter (a period, a project, ...). With no
// filter, a reader who sees every task reads the counts kept per
// responsible (internal/reportkeep), and one who sees the tasks they are
// a member of counts the lines their rows of entity_access carry; any
// other counts from the tasks.
func (m *Module) TaskEffectiveness(ctx context.Context, sc entity.Scope, filter []byte, byDepartment bool, opt value.Options) ([]*Effectiveness, error) {
	all, reader, err := m.keptList(ctx, sc, "Task", filter)
	if err != nil {
		return nil, err
	}
	emp := m.e.Cat.Type("Employee")
	dept := ""
	if byDepartment {
		dept = emp.Field("department").Column
	}
	var counted []reportkeep.TaskLine
	switch {
	case all:
		counted, err = reportkeep.Tasks(ctx, m.e.DB, sc.Account, emp.Table, dept)
	case reader != nil:
		counted, err = reportkeep.ReaderTasks(ctx, m.e.DB, sc.Account, reader.Reader, emp.Table, dept)
	default:
		counted, err = m.tasksGrouped(ctx, sc, filter, byDepartment, opt)
	}
	if err != nil {
		return nil, err
	}
	by := "employee"
	if byDepartment {
		by = "department"
	}
	lines := map[managerKey]*Effectiveness{}
	for _, c := range counted {
		if c.OnTime+c.Late+c.Overdue+c.InWork == 0 {
			continue
		}
		k := managerKey{c.Type, c.ID}
		lines[k] = &Effectiveness{By: by, key: k, DoneOnTime: c.OnTime, DoneLate: c.Late, Overdue: c.Overdue, InWork: c.InWork}
	}
	names, err := m.keyNames(ctx, sc, keysOf(lines))
	if err != nil {
		return nil, err
	}
	out := make([]*Effectiveness, 0, len(lines))
	for k, l := range lines {
		l.Employee = link(k.typ, k.id, names[k])
		out = append(out, l)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].key.id < out[b].key.id })
	return out, nil
}

// tasksGrouped counts the lines from the tasks the reader sees.
func (m *Module) tasksGrouped(ctx context.Context, sc entity.Scope, filter []byte, byDepartment bool, opt value.Options) ([]reportkeep.TaskLine, error) {
	cond, err := m.where(ctx, sc, "Task", filter, opt)
	if err != nil {
		return nil, err
	}
	t := m.e.Cat.Type("Task")
	resp := t.Table + "." + t.Field("responsible").Column
	cols := taskColumns(reportkeep.NamesOf(m.e.Cat), t.Table)
	q := fmt.Sprintf("SELECT %[1]s_t, %[1]s_i, %[2]s FROM %[3]s WHERE %[4]s AND %[1]s_i IS NOT NULL GROUP BY %[1]s_i, %[1]s_t",
		resp, cols, t.Table, cond.SQL)
	if byDepartment {
		emp := m.e.Cat.Type("Employee")
		dept := "p." + emp.Field("department").Column
		q = fmt.Sprintf(`SELECT 'Department', %[5]s_i, %[2]s FROM %[3]s JOIN %[6]s p ON p.account_id = %[3]s.account_id
			AND p.id = %[1]s_i AND %[1]s_t = 'Employee' WHERE %[4]s AND %[5]s_i IS NOT NULL GROUP BY %[5]s_i`,
			resp, cols, t.Table, cond.SQL, dept, emp.Table)
	}
	var out []reportkeep.TaskLine
	err = m.query(ctx, q, cond.Args, func(r *sql.Rows) error {
		var l reportkeep.TaskLine
		var done int64
		if err := r.Scan(&l.Type, &l.ID, &l.OnTime, &done, &l.Overdue, &l.InWork); err != nil {
			return err
		}
		l.Late = done - l.OnTime
		out = append(out, l)
		return nil
	})
	return out, err
}

func keysOf[T any](by map[managerKey]T) []managerKey {
	out := make([]managerKey, 0, len(by))
	for k := range by {
		out = append(out, k)
	}
	return out
}

// keyNames names people of any type that has a name.
func (m *Module) keyNames(ctx context.Context, sc entity.Scope, keys []managerKey) (map[managerKey]string, error) {
	ids := map[string][]int64{}
	for _, k := range keys {
		ids[k.typ] = append(ids[k.typ], k.id)
	}
	names := map[managerKey]string{}
	for typ, list := range ids {
		if t := m.e.Cat.Type(typ); t == nil || t.Field("name") == nil {
			continue
		}
		got, err := m.names(ctx, sc, typ, list)
		if err != nil {
			return nil, err
		}
		for id, n := range got {
			names[managerKey{typ, id}] = n
		}
	}
	return names, nil
}
