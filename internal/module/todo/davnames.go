package todo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/entity"
)

// davName is the object name and UID a CalDAV client gave a to-do it made.
type davName struct{ name, uid string }

// davNames reads the client-given names of the to-dos that have one.
func (a attendees) davNames(ctx context.Context, account int64, recs []*entity.Record) (map[int64]davName, error) {
	out := map[int64]davName{}
	if len(recs) == 0 {
		return out, nil
	}
	args := []any{account}
	for _, r := range recs {
		args = append(args, r.ID)
	}
	rows, err := a.q(ctx, `SELECT todo_id, name, uid FROM todo_dav WHERE account_id = ? AND todo_id IN (`+marks(len(recs))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("todo: read dav names: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var n davName
		if err := rows.Scan(&id, &n.name, &n.uid); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// davByName finds the to-do a client-given object name stands for.
func (a attendees) davByName(ctx context.Context, account int64, name string) (int64, bool, error) {
	var id int64
	err := a.db.Q(ctx).QueryRowContext(ctx, a.db.Dialect.Rebind(`SELECT todo_id FROM todo_dav WHERE account_id = ? AND name = ?`),
		account, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}

// davSet records the name and UID a client made a to-do under.
func (a attendees) davSet(ctx context.Context, account, todo int64, n davName) error {
	return a.exec(ctx, `INSERT INTO todo_dav (account_id, todo_id, name, uid) VALUES (?, ?, ?, ?)`, account, todo, n.name, n.uid)
}
