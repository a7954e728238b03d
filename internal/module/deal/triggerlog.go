package deal

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Trigger logs (the reference's TriggerLogSet, TriggerLog, OperationLog):
// every occasion on which triggers run on a deal (a move, a press, a
// schedule firing, a system event) is one set; each trigger run is a row
// of it with who, when and its message; each action a row of that. A
// set is written in the occasion's transaction; when an action fails the
// occasion rolls back and its set is written afterwards, result "fail",
// so a failure is on record though nothing else is.

// Results of a set.
const (
	LogSuccess = "success"
	LogFail    = "fail"
)

type opLog struct {
	op            string
	message       string
	linked        value.Link
	start, finish time.Time
}

type runLog struct {
	trigger       int64
	message       string
	start, finish time.Time
	ops           []opLog
}

type logSet struct {
	deal int64
	user value.Link
	rows []runLog
}

type setKey struct{}

// currentSet is the set of the occasion ctx runs in, nil outside one.
func currentSet(ctx context.Context) *logSet {
	s, _ := ctx.Value(setKey{}).(*logSet)
	return s
}

// occasion runs fn in one transaction as an occasion on a deal whose
// trigger runs are logged: written with it when it commits, and apart,
// as failed, when an action of a trigger made it roll back.
func (m *Module) occasion(ctx context.Context, sc entity.Scope, deal int64, fn func(ctx context.Context) error) error {
	set := &logSet{deal: deal, user: sc.Actor}
	ctx = context.WithValue(ctx, setKey{}, set)
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := fn(ctx); err != nil {
			return err
		}
		return m.writeSet(ctx, sc.Account, set, LogSuccess, "")
	})
	var failed *actionFailed
	if errors.As(err, &failed) {
		// The occasion rolled back; its log is kept on its own.
		if werr := m.e.DB.WithTx(context.WithoutCancel(ctx), func(ctx context.Context) error {
			return m.writeSet(ctx, sc.Account, set, LogFail, failed.Error())
		}); werr != nil {
			return errors.Join(err, werr)
		}
	}
	return err
}

// actionFailed is an action of a trigger that failed: the occasion
// rolls back with it.
type actionFailed struct {
	action string
	err    error
}

func (e *actionFailed) Error() string { return e.action + ": " + e.err.Error() }
func (e *actionFailed) Unwrap() error { return e.err }

// writeSet writes a set and its rows, if any trigger ran.
func (m *Module) writeSet(ctx context.Context, account int64, set *logSet, result, message string) error {
	if len(set.rows) == 0 {
		return nil
	}
	q, d := m.e.DB.Q(ctx), m.e.DB.Dialect
	var id int64
	if err := q.QueryRowContext(ctx, d.Rebind(`INSERT INTO deal_trigger_sets (account_id, deal_id, user_type, user_id, result, message, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), account, set.deal, set.user.Type, set.user.ID, result, message,
		m.e.Now().UnixMilli()).Scan(&id); err != nil {
		return fmt.Errorf("deal: trigger log: %w", err)
	}
	for _, r := range set.rows {
		var logID int64
		if err := q.QueryRowContext(ctx, d.Rebind(`INSERT INTO deal_trigger_logs (account_id, set_id, trigger_id, message, started_at, finished_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), account, id, r.trigger, r.message, r.start.UnixMilli(), r.finish.UnixMilli()).Scan(&logID); err != nil {
			return fmt.Errorf("deal: trigger log: %w", err)
		}
		for _, o := range r.ops {
			if _, err := q.ExecContext(ctx, d.Rebind(`INSERT INTO deal_trigger_ops (account_id, log_id, operation, message,
				linked_type, linked_id, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), account, logID, o.op, o.message,
				o.linked.Type, o.linked.ID, o.start.UnixMilli(), o.finish.UnixMilli()); err != nil {
				return fmt.Errorf("deal: trigger log: %w", err)
			}
		}
	}
	return nil
}
