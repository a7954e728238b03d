package telephony

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/artel/artel/internal/store"
)

// row is a call with what the machine does not see: who it belongs to,
// the matched client and its to-do.
type row struct {
	Call
	Employee   int64
	ClientType string
	ClientID   int64
	TodoID     int64
	Notified   bool
}

const callColumns = `id, provider_id, direction, type, state, from_phone, to_phone, transferred_to, time_start,
	time_talk, time_end, duration, record_links, employee_id, client_type, client_id, todo_id, notified`

func scanRow(s interface{ Scan(...any) error }) (*row, error) {
	var r row
	var talk, end, emp, cid, todo sql.NullInt64
	var ct sql.NullString
	var links string
	var notified int
	err := s.Scan(&r.ID, &r.ProviderID, &r.Direction, &r.Type, &r.State, &r.From, &r.To, &r.TransferredTo, &r.TimeStart,
		&talk, &end, &r.Duration, &links, &emp, &ct, &cid, &todo, &notified)
	if err != nil {
		return nil, err
	}
	r.TimeTalk, r.TimeEnd, r.Employee, r.ClientID, r.TodoID = talk.Int64, end.Int64, emp.Int64, cid.Int64, todo.Int64
	r.ClientType, r.Notified = ct.String, notified == 1
	_ = json.Unmarshal([]byte(links), &r.RecordLinks)
	return &r, nil
}

// lockCall answers the call of a provider id, nil when there is none.
// On PostgreSQL the row is locked, so two copies of one event sent at
// once take turns; SQLite's one writer already makes them.
func lockCall(ctx context.Context, db *store.DB, account int64, providerID string) (*row, error) {
	q := `SELECT ` + callColumns + ` FROM call_infos WHERE account_id = ? AND provider_id = ?`
	if db.Dialect == store.Postgres {
		q += ` FOR UPDATE`
	}
	r, err := scanRow(db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(q), account, providerID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

// claim makes the row of a provider id exist (a concurrent first event
// of the same call finds it made and waits on its lock).
func claim(ctx context.Context, db *store.DB, account int64, providerID string, now int64) error {
	return db.Exec(ctx, `INSERT INTO call_infos (account_id, provider_id, direction, type, state, from_phone, to_phone,
		phone_norm, time_start) VALUES (?, ?, 'in', 'unknown', '', '', '', '', ?) ON CONFLICT (account_id, provider_id) DO NOTHING`,
		account, providerID, now)
}

func saveRow(ctx context.Context, db *store.DB, account int64, r *row, norm string) error {
	links, _ := json.Marshal(append([]string{}, r.RecordLinks...))
	return db.Exec(ctx, `UPDATE call_infos SET direction = ?, type = ?, state = ?, from_phone = ?, to_phone = ?, phone_norm = ?,
		transferred_to = ?, time_start = ?, time_talk = ?, time_end = ?, duration = ?, record_links = ?, employee_id = ?,
		client_type = ?, client_id = ?, todo_id = ?, notified = ? WHERE account_id = ? AND id = ?`,
		r.Direction, r.Type, r.State, r.From, r.To, norm, r.TransferredTo, r.TimeStart, nullable(r.TimeTalk), nullable(r.TimeEnd),
		r.Duration, string(links), nullable(r.Employee), nullString(r.ClientType), nullable(r.ClientID), nullable(r.TodoID),
		boolInt(r.Notified), account, r.ID)
}

func nullable(v int64) any {
	if v == 0 {
		return nil
	}
	return v
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
