package todo

import (
	"context"
	"fmt"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// SetSeries makes a to-do repeat by a Schedule (POST
// /todo/{id}/schedule/{changeMode}), or changes the rule of the series
// it is in: to-dos of the series not yet begun are made anew by the new
// rule. startDate defaults to the to-do's day, the hour and minute to
// its start. Who may change the to-do may make it repeat; one without a
// time cannot (422 when).
func (m *Module) SetSeries(ctx context.Context, sc entity.Scope, id int64, in entity.Input) (*entity.Record, error) {
	h := m.h
	var out *entity.Record
	err := h.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if _, err := h.editable(ctx, sc, id); err != nil {
			return err
		}
		sid, err := h.att.seriesOf(ctx, sc.Account, id)
		if err != nil {
			return err
		}
		if sid == 0 {
			sid = id
		}
		first, err := h.e.Get(ctx, entity.Scope{Account: sc.Account, System: true}, "Todo", sid)
		if err != nil {
			return err
		}
		span, ok := value.SpanOf(first.Values["when"])
		if !ok {
			return entity.Invalidf("when", entity.CodeRequired, "")
		}
		vals, err := decodeSchedule(h.e.Cat, in)
		if err != nil {
			return err
		}
		if _, given := vals["startDate"]; !given {
			start := map[string]any{"contentType": "DateTime", "value": time.UnixMilli(span.Start).UTC().Format(time.RFC3339)}
			if vals["startDate"], err = h.e.Cat.Type("Schedule").Field("startDate").Kind.Decode(raw(start)); err != nil {
				return err
			}
		}
		if _, err := ruleOf(ctx, h.e, sc.Account, vals); err != nil {
			return err
		}
		s, err := h.restart(ctx, sc.Account, sid, span.Start)
		if err != nil {
			return err
		}
		s.rule = vals
		if err := h.extend(ctx, s, h.e.Now().Add(Horizon)); err != nil {
			return err
		}
		out, err = h.e.Get(ctx, sc, "Todo", id)
		return err
	})
	return out, err
}

// StopSeries ends the repeating of the to-do's series (DELETE
// /todo/{id}/schedule): its to-dos not yet begun are deleted, those
// begun stay.
func (m *Module) StopSeries(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, error) {
	h := m.h
	var out *entity.Record
	err := h.e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := h.editable(ctx, sc, id)
		if err != nil {
			return err
		}
		sid, err := h.att.seriesOf(ctx, sc.Account, id)
		if err != nil || sid == 0 {
			out = rec
			return err
		}
		if err := h.dropFrom(ctx, sc.Account, sid, h.e.Now().UnixMilli(), id); err != nil {
			return err
		}
		if err := h.att.exec(ctx, `DELETE FROM todo_series WHERE account_id = ? AND series_id = ?`, sc.Account, sid); err != nil {
			return err
		}
		out, err = h.e.Get(ctx, sc, "Todo", id)
		return err
	})
	return out, err
}

// editable reads a to-do the scope may change (404 unseen, 403 seen).
func (h hooks) editable(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, error) {
	rec, err := h.e.Get(ctx, sc, "Todo", id)
	if err != nil {
		return nil, err
	}
	if h.e.Policy != nil && !sc.System {
		if err := h.e.Policy.Allow(ctx, sc, entity.ActEdit, rec.Type, rec); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// restart deletes the series' to-dos not yet begun (the first stays) and
// answers the series as the to-dos left make it.
func (h hooks) restart(ctx context.Context, account, sid, firstStart int64) (*series, error) {
	now := h.e.Now().UnixMilli()
	if err := h.dropFrom(ctx, account, sid, now, sid); err != nil {
		return nil, err
	}
	if err := h.att.exec(ctx, `INSERT INTO todo_occurrences (account_id, todo_id, series_id, start_ms) VALUES (?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, account, sid, sid, firstStart); err != nil {
		return nil, err
	}
	s := &series{account: account, id: sid}
	err := h.att.db.Q(ctx).QueryRowContext(ctx, h.att.db.Dialect.Rebind(`SELECT COUNT(*), MAX(start_ms) FROM todo_occurrences
		WHERE account_id = ? AND series_id = ?`), account, sid).Scan(&s.made, &s.last)
	if err != nil {
		return nil, fmt.Errorf("todo: series %d: %w", sid, err)
	}
	return s, nil
}

// dropFrom deletes the series' to-dos starting after since, but keep.
func (h hooks) dropFrom(ctx context.Context, account, sid, since, keep int64) error {
	rows, err := h.att.q(ctx, `SELECT todo_id FROM todo_occurrences WHERE account_id = ? AND series_id = ? AND start_ms > ? AND todo_id <> ?`,
		account, sid, since, keep)
	if err != nil {
		return err
	}
	ids, err := scanIDs(rows)
	if err != nil {
		return err
	}
	sys := entity.Scope{Account: account, System: true}
	for _, id := range ids {
		if err := h.e.Delete(ctx, sys, "Todo", id); err != nil && err != entity.ErrNotFound {
			return err
		}
	}
	return nil
}

// deleteInSeries deletes a to-do as deleteMode says: changeCurrent this
// one; changeSequent this one and those after it, and the series repeats
// no more; changeTemplate the whole series. A to-do in no series is just
// deleted.
func (h hooks) deleteInSeries(ctx context.Context, sc entity.Scope, id int64, mode string) error {
	sid, err := h.att.seriesOf(ctx, sc.Account, id)
	if err != nil {
		return err
	}
	if sid == 0 || mode == "" || mode == "changeCurrent" {
		return h.e.Delete(ctx, sc, "Todo", id)
	}
	var since int64
	if mode == "changeSequent" && id != sid {
		if err := h.att.db.Q(ctx).QueryRowContext(ctx, h.att.db.Dialect.Rebind(`SELECT start_ms FROM todo_occurrences
			WHERE account_id = ? AND todo_id = ?`), sc.Account, id).Scan(&since); err != nil {
			return err
		}
		since-- // this one too
	} else {
		since = -1 << 62 // the whole series, its first too
	}
	if err := h.e.Delete(ctx, sc, "Todo", id); err != nil {
		return err
	}
	if err := h.dropFrom(ctx, sc.Account, sid, since, id); err != nil {
		return err
	}
	return h.att.exec(ctx, `DELETE FROM todo_series WHERE account_id = ? AND series_id = ?`, sc.Account, sid)
}
