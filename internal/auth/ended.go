package auth

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// endSessions deletes the sessions of an account that cond selects and,
// once the transaction commits, tells SessionsEnded which ones ended, per
// subject. It answers how many ended.
func (s *Service) endSessions(ctx context.Context, account int64, cond string, args ...any) (int64, error) {
	var n int64
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`DELETE FROM sessions WHERE account_id = ? AND `+
			cond+` RETURNING id, subject_type, subject_id`), append([]any{account}, args...)...)
		if err != nil {
			return err
		}
		ended := map[value.Link][]int64{}
		for rows.Next() {
			var id int64
			var subj value.Link
			if err := rows.Scan(&id, &subj.Type, &subj.ID); err != nil {
				rows.Close()
				return err
			}
			ended[subj] = append(ended[subj], id)
			n++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if s.SessionsEnded != nil {
			store.AfterCommit(ctx, func() {
				for subj, ids := range ended {
					s.SessionsEnded(account, subj, ids)
				}
			})
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("auth: end sessions: %w", err)
	}
	return n, nil
}
