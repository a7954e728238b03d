package migrate

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// TodoAttendees puts every existing to-do's responsible into
// todo_attendees with its span, and their busy days into todo_days, as
// the to-do rules do from now on (docs/todo.md). Invitees written before had no answers to keep: the
// engine stored them as bare Participant links nobody could act on.
func TodoAttendees(ctx context.Context, db *store.DB, _ *catalog.Catalog) error {
	cols, err := existingColumns(ctx, db, "e_todo")
	if err != nil || !cols["c_when"] || !cols["c_responsible_t"] {
		return err
	}
	type row struct {
		account, id int64
		when        sql.NullString
		rt          sql.NullString
		ri          sql.NullInt64
	}
	var all []row
	rows, err := db.Q(ctx).QueryContext(ctx, `SELECT account_id, id, c_when, c_responsible_t, c_responsible_i FROM e_todo`)
	if err != nil {
		return fmt.Errorf("read to-dos: %w", err)
	}
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.account, &r.id, &r.when, &r.rt, &r.ri); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	type cell struct {
		account int64
		typ     string
		id, day int64
	}
	days := map[cell][2]int64{} // to-dos, minutes
	zones := map[int64]*time.Location{}
	for _, r := range all {
		if !r.rt.Valid || !r.ri.Valid {
			continue
		}
		if sp, ok := value.SpanOf(r.when.String); ok {
			if zones[r.account] == nil {
				zones[r.account] = accountZone(ctx, db, r.account)
			}
			y, m, d := time.UnixMilli(sp.Start).In(zones[r.account]).Date()
			k := cell{r.account, r.rt.String, r.ri.Int64, time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400}
			v := days[k]
			v[0]++
			if !sp.AllDay {
				v[1] += (sp.End - sp.Start) / 60000
			}
			days[k] = v
		}
		var start, end any
		allDay := 0
		if sp, ok := value.SpanOf(r.when.String); ok {
			start, end = sp.Start, sp.End
			if sp.AllDay {
				allDay = 1
			}
		}
		if err := db.Exec(ctx, `INSERT INTO todo_attendees (account_id, todo_id, role, subject_type, subject_id, status, pos, start_ms, end_ms, all_day)
			VALUES (?, ?, 'responsible', ?, ?, 'accepted', 0, ?, ?, ?)`, r.account, r.id, r.rt.String, r.ri.Int64, start, end, allDay); err != nil {
			return fmt.Errorf("to-do %d attendee: %w", r.id, err)
		}
	}
	for k, v := range days {
		if err := db.Exec(ctx, `INSERT INTO todo_days (account_id, subject_type, subject_id, day, todos, minutes) VALUES (?, ?, ?, ?, ?, ?)`,
			k.account, k.typ, k.id, k.day, v[0], v[1]); err != nil {
			return fmt.Errorf("to-do days: %w", err)
		}
	}
	return nil
}

// accountZone is an account's time zone setting (internal/module/task
// reads the same), UTC when unset or unknown.
func accountZone(ctx context.Context, db *store.DB, account int64) *time.Location {
	var raw string
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT value FROM settings WHERE account_id = ? AND kind = 'system'
		AND subject_type = 'Account' AND subject_id = ? AND name = 'timeZone'`), account, account).Scan(&raw)
	var name string
	if err != nil || json.Unmarshal([]byte(raw), &name) != nil {
		return time.UTC
	}
	if loc, err := time.LoadLocation(name); err == nil {
		return loc
	}
	return time.UTC
}
