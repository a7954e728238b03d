package comment

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// markRead moves a reader's marker on a subject forward to upTo; it never
// moves back, so an old page marking read cannot undo a newer mark.
func (r *Rules) markRead(ctx context.Context, account int64, reader, subject value.Link, upTo int64) error {
	db := r.e.DB
	_, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`INSERT INTO comment_reads
		(account_id, subject_type, subject_id, reader_type, reader_id, last_read_id) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (account_id, subject_type, subject_id, reader_type, reader_id)
		DO UPDATE SET last_read_id = CASE WHEN excluded.last_read_id > comment_reads.last_read_id
			THEN excluded.last_read_id ELSE comment_reads.last_read_id END`),
		account, subject.Type, subject.ID, reader.Type, reader.ID, upTo)
	return err
}

// MarkAsRead marks every comment on a subject the reader can see as read
// (POST /{entity}/{id}/comments/markAsRead). The subject must be visible.
func (r *Rules) MarkAsRead(ctx context.Context, sc entity.Scope, subject value.Link) (*entity.Record, error) {
	var rec *entity.Record
	err := r.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = r.e.Get(ctx, sc, subject.Type, subject.ID); err != nil {
			return err
		}
		t := r.e.Cat.Type("Comment")
		col := t.Field("subject").Column
		var last int64
		q := fmt.Sprintf(`SELECT COALESCE(MAX(id), 0) FROM %s WHERE account_id = ? AND %s_i = ? AND %s_t = ?`, t.Table, col, col)
		if err := r.e.DB.Q(ctx).QueryRowContext(ctx, r.e.DB.Dialect.Rebind(q), sc.Account, subject.ID, subject.Type).Scan(&last); err != nil {
			return err
		}
		return r.markRead(ctx, sc.Account, sc.Actor, subject, last)
	})
	return rec, err
}

// markers reads the reader's last-read ids for subjects of one type.
func (r *Rules) markers(ctx context.Context, sc entity.Scope, subjectType string, ids []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	if len(ids) == 0 || sc.Actor.ID == 0 {
		return out, nil
	}
	db := r.e.DB
	q := `SELECT subject_id, last_read_id FROM comment_reads WHERE account_id = ? AND subject_type = ?
		AND reader_type = ? AND reader_id = ? AND subject_id IN (` + store.Marks(len(ids)) + `)`
	args := append([]any{sc.Account, subjectType, sc.Actor.Type, sc.Actor.ID}, store.Args(ids)...)
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, last int64
		if err := rows.Scan(&id, &last); err != nil {
			return nil, err
		}
		out[id] = last
	}
	return out, rows.Err()
}
