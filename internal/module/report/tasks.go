package report

import (
	"context"
	"database/sql"
	"fmt"
	"sort"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Effectiveness is one employee's line of the task effectiveness report.
type Effectiveness struct {
	Employee                              map[string]any
	DoneOnTime, DoneLate, Overdue, InWork int64
	key                                   managerKey
}

// JSON is the line as the API answers it. effectiveness is the share of
// the work due that was done on time: on time over done and overdue.
func (l *Effectiveness) JSON() map[string]any {
	return map[string]any{"employee": l.Employee, "doneOnTime": l.DoneOnTime, "doneLate": l.DoneLate,
		"overdue": l.Overdue, "inWork": l.InWork, "effectiveness": percent(l.DoneOnTime, l.DoneOnTime+l.DoneLate+l.Overdue)}
}

// taskState sorts a task into the report's columns, in SQL: done on
// time, done late, overdue, in work; cancelled, expired and templates
// count nowhere. A DateOnly deadline lasts to the end of its day, as
// isOverdue has it (docs/tasks.md).
func taskState(t string, dl, dlSort, finish, status, overdue string) string {
	return fmt.Sprintf(`CASE
		WHEN %[5]s IN ('done', 'completed') AND (%[3]s IS NULL OR %[4]s IS NULL OR %[4]s <= %[3]s +
			CASE WHEN %[2]s LIKE '%%"DateOnly"%%' THEN 86400000 ELSE 0 END) THEN 'onTime'
		WHEN %[5]s IN ('done', 'completed') THEN 'late'
		WHEN %[5]s IN ('cancelled', 'expired', 'template') THEN 'none'
		WHEN COALESCE(%[6]s, 0) = 1 THEN 'overdue'
		ELSE 'inWork' END`, t, t+"."+dl, t+"."+dlSort, t+"."+finish, t+"."+status, t+"."+overdue)
}

// TaskEffectiveness is, per responsible, the tasks the reader sees that
// were done on time or late, are overdue or are in work. filter is the
// task list's filter (a period, a project, ...).
func (m *Module) TaskEffectiveness(ctx context.Context, sc entity.Scope, filter []byte, opt value.Options) ([]*Effectiveness, error) {
	cond, err := m.where(ctx, sc, "Task", filter, opt)
	if err != nil {
		return nil, err
	}
	t := m.e.Cat.Type("Task")
	f := func(n string) string { return t.Field(n).Column }
	resp := t.Table + "." + f("responsible")
	state := taskState(t.Table, f("deadline"), t.Field("deadline").SortColumn(), f("actualFinish"), f("status"), f("isOverdue"))
	q := fmt.Sprintf("SELECT %[1]s_t, %[1]s_i, %[2]s, COUNT(*) FROM %[3]s WHERE %[4]s AND %[1]s_i IS NOT NULL GROUP BY 1, 2, 3",
		resp, state, t.Table, cond.SQL)
	by := map[managerKey]*Effectiveness{}
	err = m.query(ctx, q, cond.Args, func(r *sql.Rows) error {
		var k managerKey
		var st string
		var n int64
		if err := r.Scan(&k.typ, &k.id, &st, &n); err != nil {
			return err
		}
		if st == "none" {
			return nil
		}
		if by[k] == nil {
			by[k] = &Effectiveness{key: k}
		}
		l := by[k]
		switch st {
		case "onTime":
			l.DoneOnTime += n
		case "late":
			l.DoneLate += n
		case "overdue":
			l.Overdue += n
		default:
			l.InWork += n
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	names, err := m.keyNames(ctx, sc, keysOf(by))
	if err != nil {
		return nil, err
	}
	out := make([]*Effectiveness, 0, len(by))
	for k, l := range by {
		l.Employee = link(k.typ, k.id, names[k])
		out = append(out, l)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].key.id < out[b].key.id })
	return out, nil
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
