package deal

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Move is one row of a deal's status history: it entered To (from From,
// 0 when it was created there) at At, moved by User (zero: the system).
type Move struct {
	ID       int64
	From, To int64
	User     value.Link
	At       int64 // Unix milliseconds
}

// record writes a history row in the transaction of the move.
func (m *Module) record(ctx context.Context, sc entity.Scope, deal, from, to int64) error {
	var f any
	if from != 0 {
		f = from
	}
	_, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO deal_status_history
		(account_id, deal_id, from_state, to_state, user_type, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
		sc.Account, deal, f, to, sc.Actor.Type, sc.Actor.ID, m.e.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("deal: history of %d: %w", deal, err)
	}
	return nil
}

// History is a deal's moves, oldest first, for whoever sees the deal
// (others get entity.ErrNotFound).
func (m *Module) History(ctx context.Context, sc entity.Scope, deal int64) ([]Move, error) {
	if _, err := m.e.Get(ctx, sc, "Deal", deal); err != nil {
		return nil, err
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, from_state, to_state, user_type, user_id, created_at
		FROM deal_status_history WHERE account_id = ? AND deal_id = ? ORDER BY id`), sc.Account, deal)
	if err != nil {
		return nil, fmt.Errorf("deal: read history of %d: %w", deal, err)
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var mv Move
		var from sql.NullInt64
		if err := rows.Scan(&mv.ID, &from, &mv.To, &mv.User.Type, &mv.User.ID, &mv.At); err != nil {
			return nil, fmt.Errorf("deal: read history: %w", err)
		}
		mv.From = from.Int64
		out = append(out, mv)
	}
	return out, rows.Err()
}
