package comment

import (
	"context"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// countAnswers keeps Comment.answersCount: the live answers to a comment.
func (r *Rules) countAnswers(ctx context.Context, sc entity.Scope, id int64) error {
	c := r.cols()
	orig := r.e.Cat.Type("Comment").Field("originalComment").Column
	var n int64
	q := fmt.Sprintf(`SELECT COUNT(*) FROM %s c WHERE c.account_id = ? AND c.%s_i = ? AND c.%s_t = 'Comment' AND COALESCE(c.%s, 0) = 0`,
		c.table, orig, orig, c.dropped)
	if err := r.e.DB.Q(ctx).QueryRowContext(ctx, r.e.DB.Dialect.Rebind(q), sc.Account, id).Scan(&n); err != nil {
		return err
	}
	return r.setValue(ctx, sc, value.Link{Type: "Comment", ID: id}, "answersCount", n)
}

// setValue writes a field the rules maintain (read-only to clients, so it
// goes past decoding) with the system's rights.
func (r *Rules) setValue(ctx context.Context, sc entity.Scope, l value.Link, field string, v int64) error {
	old, err := r.e.Get(ctx, system(sc), l.Type, l.ID)
	if errors.Is(err, entity.ErrNotFound) {
		return nil // gone; nothing to keep up to date
	} else if err != nil {
		return err
	}
	c := entity.NewChange(system(sc), old.Type, old)
	c.Values[field] = v
	_, err = r.e.Save(ctx, c)
	return err
}

// sumWorkTime keeps the subject's workedOffTimeTotal: the work time of its
// live comments, in seconds.
func (r *Rules) sumWorkTime(ctx context.Context, sc entity.Scope, subject value.Link) error {
	t := r.e.Cat.Type(subject.Type)
	if t == nil || !t.Has("workedOffTimeTotal") {
		return nil
	}
	c := r.cols()
	work := r.e.Cat.Type("Comment").Field("workTime").Column
	var total int64
	q := fmt.Sprintf(`SELECT COALESCE(SUM(c.%s), 0) FROM %s c WHERE c.account_id = ? AND c.%s_i = ? AND c.%s_t = ? AND COALESCE(c.%s, 0) = 0`,
		work, c.table, c.subject, c.subject, c.dropped)
	if err := r.e.DB.Q(ctx).QueryRowContext(ctx, r.e.DB.Dialect.Rebind(q), sc.Account, subject.ID, subject.Type).Scan(&total); err != nil {
		return err
	}
	return r.setValue(ctx, sc, subject, "workedOffTimeTotal", total)
}

// maxAnswerDepth bounds how deep Answers follows a thread.
const maxAnswerDepth = 50

// Answers lists the ids of every answer to a comment and answers to those,
// level by level (GET /comment/{id}/answers). The comment must be visible.
func (r *Rules) Answers(ctx context.Context, sc entity.Scope, id int64) ([]int64, error) {
	if _, err := r.e.Get(ctx, sc, "Comment", id); err != nil {
		return nil, err
	}
	c := r.cols()
	orig := r.e.Cat.Type("Comment").Field("originalComment").Column
	var all []int64
	level := []int64{id}
	for depth := 0; depth < maxAnswerDepth && len(level) > 0; depth++ {
		q := fmt.Sprintf(`SELECT c.id FROM %s c WHERE c.account_id = ? AND c.%s_t = 'Comment' AND c.%s_i IN (%s)`,
			c.table, orig, orig, store.Marks(len(level)))
		next, err := r.ids(ctx, q, append([]any{sc.Account}, store.Args(level)...))
		if err != nil {
			return nil, err
		}
		all = append(all, next...)
		level = next
	}
	return all, nil
}

func (r *Rules) ids(ctx context.Context, q string, args []any) ([]int64, error) {
	rows, err := r.e.DB.Q(ctx).QueryContext(ctx, r.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return nil, err
	}
	return store.Int64s(rows)
}
