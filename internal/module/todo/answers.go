package todo

import (
	"context"
	"database/sql"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// answerTypes are the notifications an organiser gets of an answer.
var answerTypes = map[string]string{Accepted: "todo_accepted", Rejected: "todo_rejected"}

// answerAll sets the reader's answer to a to-do and, later too, to the
// to-dos after it in its series they are invited to; each one's busy
// days are recounted. The organiser hears of it once.
func (h hooks) answerAll(ctx context.Context, sc entity.Scope, rec *entity.Record, status string, later bool) error {
	ids := []int64{rec.ID}
	if later {
		more, err := h.laterInSeries(ctx, sc.Account, rec.ID)
		if err != nil {
			return err
		}
		ids = append(ids, more...)
	}
	for _, id := range ids {
		err := h.counted(ctx, sc.Account, id, func() error {
			_, err := h.att.answer(ctx, sc.Account, id, sc.Actor, status)
			return err
		})
		if err != nil {
			return err
		}
	}
	return h.tellOrganiser(ctx, sc, rec, answerTypes[status])
}

// laterInSeries lists the to-dos of a to-do's series that start after it.
func (h hooks) laterInSeries(ctx context.Context, account, id int64) ([]int64, error) {
	rows, err := h.att.q(ctx, `SELECT o.todo_id FROM todo_occurrences o
		JOIN todo_occurrences me ON me.account_id = o.account_id AND me.series_id = o.series_id
		WHERE me.account_id = ? AND me.todo_id = ? AND o.start_ms > me.start_ms ORDER BY o.start_ms`, account, id)
	if err != nil {
		return nil, err
	}
	return scanIDs(rows)
}

// scanIDs reads a column of ids.
func scanIDs(rows *sql.Rows) ([]int64, error) {
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// tellOrganiser notifies a to-do's responsible and creator (employees,
// not the reader) of what the reader did.
func (h hooks) tellOrganiser(ctx context.Context, sc entity.Scope, rec *entity.Record, kind string) error {
	var sent []value.Link
	for _, who := range []value.Link{rec.Links["responsible"], rec.Links["userCreated"]} {
		if who.Type != "Employee" || who == sc.Actor || slices.Contains(sent, who) {
			continue
		}
		sent = append(sent, who)
		n := &subscribe.Notification{Recipient: who, Type: kind, Subject: rec.Link(), Sender: sc.Actor, Content: str(rec.Values["name"])}
		if err := h.m.notify(ctx, sc.Account, n); err != nil {
			return err
		}
	}
	return nil
}

// tellCancelled notifies the invitees who had not refused that the
// to-do will not take place.
func (h hooks) tellCancelled(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	ps, err := h.att.participants(ctx, sc.Account, []int64{rec.ID})
	if err != nil {
		return err
	}
	for _, p := range ps[rec.ID] {
		if p.Status == Rejected || p.Subject == sc.Actor || p.Subject.Type == "ContractorCompany" {
			continue
		}
		n := &subscribe.Notification{Recipient: p.Subject, Type: "todo_cancelled", Subject: rec.Link(), Sender: sc.Actor, Content: str(rec.Values["name"])}
		if err := h.m.notify(ctx, sc.Account, n); err != nil {
			return err
		}
	}
	return nil
}
