package todo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// JobReminders is the name the reminder delivery runs under.
const JobReminders = "todo_reminders"

type due struct {
	account, todo int64
	to            value.Link
}

// Deliver sends every reminder due by now: a notification of type
// "todo_reminder" about the to-do, stored and put on the recipient's
// live socket. Due rows are claimed (sent_at set) in the transaction
// that stores the notifications, so a reminder goes out once, whichever
// node runs this, and none is lost if a run fails. It answers how many
// went out.
func (m *Module) Deliver(ctx context.Context, now time.Time) (int, error) {
	e := m.h.e
	var sent int
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`UPDATE todo_reminders SET sent_at = ?
			WHERE sent_at IS NULL AND due_ms <= ? RETURNING account_id, todo_id, recipient_type, recipient_id`),
			now.UnixMilli(), now.UnixMilli())
		if err != nil {
			return fmt.Errorf("todo: claim reminders: %w", err)
		}
		var list []due
		for rows.Next() {
			var d due
			if err := rows.Scan(&d.account, &d.todo, &d.to.Type, &d.to.ID); err != nil {
				rows.Close()
				return err
			}
			list = append(list, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		names, err := todoNames(ctx, e, list)
		if err != nil {
			return err
		}
		for _, d := range list {
			n := &subscribe.Notification{Recipient: d.to, Type: "todo_reminder", Subject: value.Link{Type: "Todo", ID: d.todo},
				Content: names[d.todo], Time: now.UnixMilli()}
			if err := m.notify(ctx, d.account, n); err != nil {
				return err
			}
		}
		sent = len(list)
		return nil
	})
	return sent, err
}

// todoNames reads the names of the reminded to-dos, per account.
func todoNames(ctx context.Context, e *entity.Engine, list []due) (map[int64]string, error) {
	byAccount := map[int64][]int64{}
	for _, d := range list {
		byAccount[d.account] = append(byAccount[d.account], d.todo)
	}
	out := map[int64]string{}
	for account, ids := range byAccount {
		// In slices, so a minute of many reminders stays under the
		// databases' limits on bound parameters.
		for part := range slices.Chunk(ids, 1000) {
			recs, err := e.GetMany(ctx, entity.Scope{Account: account, System: true}, "Todo", part)
			if err != nil {
				return nil, err
			}
			for _, r := range recs {
				out[r.ID] = str(r.Values["name"])
			}
		}
	}
	return out, nil
}
