package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
)

// List answers a visible record's journal, newest first:
// up to limit rows with ids below before (0 for the newest), whether more
// follow, and how many rows the journal holds.
func List(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, limit int, before int64) ([]Entry, bool, int64, error) {
	if _, err := e.Get(ctx, sc, kind, id); err != nil {
		return nil, false, 0, err
	}
	var count int64
	err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM entity_history
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`), sc.Account, kind, id).Scan(&count)
	if err != nil {
		return nil, false, 0, fmt.Errorf("history: count: %w", err)
	}
	q := `SELECT id, field, old_value, new_value, user_type, user_id, created_at FROM entity_history
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`
	args := []any{sc.Account, kind, id}
	if before > 0 {
		q += ` AND id < ?`
		args = append(args, before)
	}
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q+` ORDER BY id DESC LIMIT ?`), append(args, limit+1)...)
	if err != nil {
		return nil, false, 0, fmt.Errorf("history: %w", err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		h, err := scanEntry(rows)
		if err != nil {
			return nil, false, 0, err
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, false, 0, fmt.Errorf("history: %w", err)
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	return out, more, count, nil
}

// scanEntry reads a row of id, field, old_value, new_value, user_type,
// user_id, created_at.
func scanEntry(rows *sql.Rows) (Entry, error) {
	var h Entry
	var old, now sql.NullString
	if err := rows.Scan(&h.ID, &h.Field, &old, &now, &h.User.Type, &h.User.ID, &h.Time); err != nil {
		return h, fmt.Errorf("history: %w", err)
	}
	if old.Valid {
		h.Old = json.RawMessage(old.String)
	}
	if now.Valid {
		h.New = json.RawMessage(now.String)
	}
	return h, nil
}
