package migrate

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// TodoAttendees puts every existing to-do's responsible into
// todo_attendees with its span, as the to-do rules do from now on
// (docs/todo.md). Invitees written before had no answers to keep: the
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
	for _, r := range all {
		if !r.rt.Valid || !r.ri.Valid {
			continue
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
	return nil
}
