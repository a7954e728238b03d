// Package reportkeep keeps the figures of the two built-in reports that
// would otherwise walk a whole account: per (program, state) the deals in
// the state now and the deals that ever entered it, with their price sums
// (the sales funnel), and per task responsible how many tasks are done on
// time, done late, overdue or in work (task effectiveness). Triggers in
// the database keep them in the writing transaction, whoever writes (the
// engine, the demo, a bulk load, SQL by hand), as internal/access keeps
// visibility; like its counts, they are count deltas, inserted and never
// updated in place, and folded by a job (Compact). The reports answer
// from them when the reader sees every deal or task and gives no filter
// (docs/report.md).
package reportkeep

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/catalog"
)

// Names of the kept tables' sources: the columns the triggers read.
type Names struct {
	Deal    string // the deals' table
	Program string // a deal's program id column
	State   string // a deal's state id column
	Price   string // a deal's price sort column (valueInMain)
	Task    string // the tasks' table
	Resp    string // a task's responsible column stem (_t, _i)
	Status  string
	// Deadline is the deadline's sort column (Unix ms; a day sorts at
	// its midnight UTC).
	Deadline, Finish, Overdue string
}

// NamesOf reads the columns from the catalogue.
func NamesOf(cat *catalog.Catalog) Names {
	d, t := cat.Type("Deal"), cat.Type("Task")
	return Names{Deal: d.Table, Program: d.Field("program").Column + "_i", State: d.Field("state").Column + "_i",
		Price: d.Field("price").SortColumn(), Task: t.Table, Resp: t.Field("responsible").Column,
		Status: t.Field("status").Column, Deadline: t.Field("deadline").SortColumn(),
		Finish: t.Field("actualFinish").Column, Overdue: t.Field("isOverdue").Column}
}

// History is the deals' status history (migration 15).
const History = "deal_status_history"

// Task classes: the report's columns; a task counts in exactly one, or
// in none (cancelled, expired, templates, no responsible).
const (
	OnTime  = 1
	Late    = 2
	Overdue = 3
	InWork  = 4
)

// TaskConds are the task report's conditions over a task row r (a table
// name, or NEW or OLD in a trigger): done on time, done (on time or
// late), overdue, in work. A deadline at midnight UTC is a day (DateOnly
// sorts there) and lasts to the end of that day, as isOverdue has it
// (docs/tasks.md). The grouped report and the triggers share them, so
// the kept classes are the report's by construction.
func (n Names) TaskConds(r string) (onTime, done, overdue, inWork string) {
	dl, fin, st, ov := r+"."+n.Deadline, r+"."+n.Finish, r+"."+n.Status, r+"."+n.Overdue
	done = st + " IN ('done', 'completed')"
	open := st + " NOT IN ('done', 'completed', 'cancelled', 'expired', 'template')"
	onTime = fmt.Sprintf("%[1]s AND (%[2]s IS NULL OR %[3]s IS NULL OR %[3]s <= %[2]s + CASE WHEN %[2]s %% 86400000 = 0 THEN 86400000 ELSE 0 END)", done, dl, fin)
	return onTime, done, open + " AND COALESCE(" + ov + ", 0) = 1", open + " AND COALESCE(" + ov + ", 0) = 0"
}

// class is the SQL of a task row's class, 0 for none.
func (n Names) class(r string) string {
	onTime, done, overdue, inWork := n.TaskConds(r)
	return fmt.Sprintf("(CASE WHEN %s.%s_i IS NULL THEN 0 WHEN %s THEN %d WHEN %s THEN %d WHEN %s THEN %d WHEN %s THEN %d ELSE 0 END)",
		r, n.Resp, onTime, OnTime, done, Late, overdue, Overdue, inWork, InWork)
}

// TaskLine is a task's report line for internal/access: its responsible
// and class on every row of who sees it, so an employee's effectiveness
// counts along their own range (ReaderTasks).
func (n Names) TaskLine() *access.Line {
	return &access.Line{
		Of: func(r string) (string, string, string) {
			return fmt.Sprintf("COALESCE(%s.%s_t, '')", r, n.Resp), r + "." + n.Resp + "_i", n.class(r)
		},
		Columns: strings.Split(n.taskColumns(), ", "),
	}
}

// signature names the triggers and the rebuild as made, so a changed
// column or trigger rebuilds the kept rows at the next start.
func (n Names) signature() string {
	all := append(append(n.sqliteTriggers(), n.pgTriggers()...), n.rebuild()...)
	sum := sha256.Sum256([]byte(strings.Join(all, "\n")))
	return hex.EncodeToString(sum[:8])
}

// funnelDelta inserts a funnel delta: reached 0 for the deals in a state
// now, 1 for those that ever entered it.
func funnelDelta(sel string) string {
	return "INSERT INTO report_funnel_counts (account_id, program_id, state_id, reached, n, total) " + sel + ";"
}

// The deal row r's own line (now) and its reached lines, signed.
func (n Names) dealNow(r, sign string) string {
	return funnelDelta(fmt.Sprintf("SELECT %[1]s.account_id, %[1]s.%[2]s, %[1]s.%[3]s, 0, %[4]s1, %[4]sCOALESCE(%[1]s.%[5]s, 0) WHERE %[1]s.%[2]s IS NOT NULL AND %[1]s.%[3]s IS NOT NULL",
		r, n.Program, n.State, sign, n.Price))
}

func (n Names) dealReached(r, sign string) string {
	return funnelDelta(fmt.Sprintf(`SELECT %[1]s.account_id, %[1]s.%[2]s, h.to_state, 1, %[3]s1, %[3]sCOALESCE(%[1]s.%[4]s, 0)
		FROM (SELECT DISTINCT to_state FROM %[5]s WHERE account_id = %[1]s.account_id AND deal_id = %[1]s.id) h WHERE %[1]s.%[2]s IS NOT NULL`,
		r, n.Program, sign, n.Price, History))
}

// historyRow is the delta of a history row r entering (sign "") or
// leaving ("-") its deal's reached states: only when no other row of the
// deal names the state, and only while the deal exists (a deal's insert
// and delete count its history themselves).
func (n Names) historyRow(r, sign string) string {
	other := ""
	if sign == "" {
		other = " AND o.id <> " + r + ".id"
	}
	return funnelDelta(fmt.Sprintf(`SELECT d.account_id, d.%[2]s, %[1]s.to_state, 1, %[3]s1, %[3]sCOALESCE(d.%[4]s, 0) FROM %[5]s d
		WHERE d.account_id = %[1]s.account_id AND d.id = %[1]s.deal_id AND d.%[2]s IS NOT NULL AND NOT EXISTS (SELECT 1 FROM %[6]s o
		WHERE o.account_id = %[1]s.account_id AND o.deal_id = %[1]s.deal_id AND o.to_state = %[1]s.to_state%[7]s)`,
		r, n.Program, sign, n.Price, n.Deal, History, other))
}

// taskRow is the delta of a task row r counted (sign "") or uncounted.
func (n Names) taskRow(r, sign string) string {
	c := n.class(r)
	return fmt.Sprintf(`INSERT INTO report_task_counts (account_id, resp_type, resp_id, class, n)
		SELECT %[1]s.account_id, COALESCE(%[1]s.%[2]s_t, ''), %[1]s.%[2]s_i, %[3]s, %[4]s1 WHERE %[3]s > 0;`, r, n.Resp, c, sign)
}

// Changed conditions of an update, in the dialect's "is not" (SQLite IS
// NOT, PostgreSQL IS DISTINCT FROM).
func (n Names) dealMoved(isNot string) string {
	return fmt.Sprintf("OLD.%[1]s %[4]s NEW.%[1]s OR OLD.%[2]s %[4]s NEW.%[2]s OR OLD.%[3]s %[4]s NEW.%[3]s", n.Program, n.State, n.Price, isNot)
}

func (n Names) dealRepriced(isNot string) string {
	return fmt.Sprintf("OLD.%[1]s %[3]s NEW.%[1]s OR OLD.%[2]s %[3]s NEW.%[2]s", n.Program, n.Price, isNot)
}

func (n Names) taskChanged(isNot string) string {
	return fmt.Sprintf("OLD.%[1]s_t %[3]s NEW.%[1]s_t OR OLD.%[1]s_i %[3]s NEW.%[1]s_i OR OLD.account_id %[3]s NEW.account_id OR %[2]s <> %[4]s",
		n.Resp, n.class("OLD"), isNot, n.class("NEW"))
}

// taskColumns are the columns whose update may move a task's class.
func (n Names) taskColumns() string {
	return strings.Join([]string{"account_id", n.Resp + "_t", n.Resp + "_i", n.Status, n.Deadline, n.Finish, n.Overdue}, ", ")
}
