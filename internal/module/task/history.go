package task

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The journal of a task's or project's changes (entity_history): written
// by the AfterLinks (collections, history_links.go) and AfterSave (values,
// single links, extra fields) hooks, so it shares the save's transaction
// and a refused or failed save leaves no row behind. Values are kept in
// their API form (UTC), so the journal reads back without the catalogue
// of the day.

// HistoryCreated is the field of the row that marks a creation.
const HistoryCreated = ""

// historySkipped are fields every save rewrites: journalling them would
// bury the changes a person made. The visa counts are derived from the
// visas and approvers (negotiation_tally.go), which are journalled
// themselves. subscribers is who is notified about the record, each
// reader's own choice, not a change of the record.
var historySkipped = map[string]bool{
	"activity": true, "timeUpdated": true, "userUpdated": true, "statusChangeTime": true,
	"isOverdue": true, "timeCreated": true, "userCreated": true, "subscribers": true,
	"visaOkCount": true, "visaBadCount": true, "shouldVisasCount": true,
}

// HistoryEntry is one journal row.
type HistoryEntry struct {
	ID       int64
	Field    string
	Old, New json.RawMessage // nil when the value was unset
	User     value.Link      // zero for the system
	Time     int64           // unix milliseconds
}

func registerHistory(e *entity.Engine) {
	for _, kind := range []string{"Task", "Project"} {
		e.Hook(kind, entity.Hooks{
			AfterLinks: func(ctx context.Context, c *entity.Change, before map[string][]value.Link) error {
				if c.New {
					return nil
				}
				return insertHistory(ctx, e, c, changedLinks(c, before))
			},
			AfterSave: func(ctx context.Context, c *entity.Change, rec *entity.Record) error {
				if c.New {
					return insertHistory(ctx, e, c, []HistoryEntry{{Field: HistoryCreated}})
				}
				extras, err := changedExtras(ctx, e, c, rec)
				if err != nil {
					return err
				}
				return insertHistory(ctx, e, c, append(changedFields(c, rec), extras...))
			},
		})
	}
}

// insertHistory writes a save's rows, stamped with the save's own
// timeUpdated so the rows of one save (links, values) share one time.
func insertHistory(ctx context.Context, e *entity.Engine, c *entity.Change, rows []HistoryEntry) error {
	now, ok := c.Values["timeUpdated"].(int64)
	if !ok {
		now = e.Now().UnixMilli()
	}
	for _, r := range rows {
		err := e.DB.Exec(ctx, `INSERT INTO entity_history (account_id, subject_type, subject_id, field,
			old_value, new_value, user_type, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.Scope.Account, c.Type.Name, c.ID, r.Field, nullText(r.Old), nullText(r.New),
			c.Scope.Actor.Type, c.Scope.Actor.ID, now)
		if err != nil {
			return fmt.Errorf("task: history: %w", err)
		}
	}
	return nil
}

// changedFields compares the fields the change wrote with the record
// before it, in their API form, in a stable order.
func changedFields(c *entity.Change, rec *entity.Record) []HistoryEntry {
	var out []HistoryEntry
	for name := range c.Values {
		f := c.Type.Field(name)
		if f == nil || f.Kind == nil || historySkipped[name] {
			continue
		}
		var old any
		if c.Old != nil {
			old = c.Old.Values[name]
		}
		// An unset boolean reads as false (entity.Encode): not a change.
		if _, isBool := f.Kind.(value.Bool); isBool && !f.Nullable && old == nil {
			old = int64(0)
		}
		out = appendChange(out, name, f.Kind.Encode(old, value.Options{}), f.Kind.Encode(rec.Values[name], value.Options{}))
	}
	for name := range c.Links {
		if historySkipped[name] {
			continue
		}
		out = appendChange(out, name, linkForm(c.Old, name), linkForm(rec, name))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

func appendChange(out []HistoryEntry, name string, old, now any) []HistoryEntry {
	o, n := jsonOrNil(old), jsonOrNil(now)
	if bytes.Equal(o, n) {
		return out
	}
	return append(out, HistoryEntry{Field: name, Old: o, New: n})
}

func linkForm(rec *entity.Record, name string) any {
	if rec == nil {
		return nil
	}
	l, ok := rec.Links[name]
	if !ok || l.ID == 0 {
		return nil
	}
	return value.EncodeLink(l)
}

func jsonOrNil(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return nil
	}
	return b
}

func nullText(b json.RawMessage) any {
	if b == nil {
		return nil
	}
	return string(b)
}

// History answers a visible task's or project's journal, newest first:
// up to limit rows with ids below before (0 for the newest), whether more
// follow, and how many rows the journal holds.
func History(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, limit int, before int64) ([]HistoryEntry, bool, int64, error) {
	if _, err := e.Get(ctx, sc, kind, id); err != nil {
		return nil, false, 0, err
	}
	var count int64
	err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM entity_history
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`), sc.Account, kind, id).Scan(&count)
	if err != nil {
		return nil, false, 0, fmt.Errorf("task: history count: %w", err)
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
		return nil, false, 0, fmt.Errorf("task: history: %w", err)
	}
	defer rows.Close()
	var out []HistoryEntry
	for rows.Next() {
		var h HistoryEntry
		var old, now sql.NullString
		if err := rows.Scan(&h.ID, &h.Field, &old, &now, &h.User.Type, &h.User.ID, &h.Time); err != nil {
			return nil, false, 0, fmt.Errorf("task: history: %w", err)
		}
		if old.Valid {
			h.Old = json.RawMessage(old.String)
		}
		if now.Valid {
			h.New = json.RawMessage(now.String)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, false, 0, fmt.Errorf("task: history: %w", err)
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	return out, more, count, nil
}
