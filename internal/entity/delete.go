package entity

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/store"
)

// Delete removes an entity and its collections, takes it out of other
// entities' collections and clears single links to it, in one transaction;
// every entity that changed that way gets an updated event too. Module
// hooks may refuse (a client with invoices, say).
func (e *Engine) Delete(ctx context.Context, sc Scope, typeName string, id int64) error {
	t, err := e.Type(typeName)
	if err != nil {
		return err
	}
	return e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := e.Get(ctx, sc, t.Name, id)
		if err != nil {
			return err
		}
		if err := e.allow(ctx, sc, ActDelete, t, rec); err != nil {
			return err
		}
		for _, h := range e.hooks[t.Name] {
			if h.BeforeDelete != nil {
				if err := h.BeforeDelete(ctx, sc, rec); err != nil {
					return err
				}
			}
		}
		touched, err := e.unlink(ctx, sc, t.Name, id)
		if err != nil {
			return err
		}
		q := e.DB.Q(ctx)
		if _, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(fmt.Sprintf(
			"DELETE FROM %s WHERE account_id = ? AND id = ?", t.Table)), sc.Account, id); err != nil {
			return fmt.Errorf("entity: delete %s %d: %w", t.Name, id, err)
		}
		if _, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(
			"DELETE FROM links WHERE src_type = ? AND src_id = ?"), t.Name, id); err != nil {
			return fmt.Errorf("entity: delete %s %d links: %w", t.Name, id, err)
		}
		if err := e.bumpCount(ctx, sc, t.Name, id, -1); err != nil {
			return err
		}
		events := append(touched, Event{Account: sc.Account, Type: t.Name, ID: id, Action: "dropped"})
		store.AfterCommit(ctx, func() {
			for _, ev := range events {
				e.Bus.Publish(ev)
			}
		})
		return nil
	})
}

// unlink removes every reference to an entity and returns an updated event
// for each entity that held one.
func (e *Engine) unlink(ctx context.Context, sc Scope, typeName string, id int64) ([]Event, error) {
	q := e.DB.Q(ctx)
	var events []Event
	rows, err := q.QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT src_type, src_id, field FROM links
		WHERE account_id = ? AND dst_type = ? AND dst_id = ?`), sc.Account, typeName, id)
	if err != nil {
		return nil, fmt.Errorf("entity: find references: %w", err)
	}
	for rows.Next() {
		ev := Event{Account: sc.Account, Action: "updated", Fields: make([]string, 1)}
		if err := rows.Scan(&ev.Type, &ev.ID, &ev.Fields[0]); err != nil {
			rows.Close()
			return nil, err
		}
		events = append(events, ev)
	}
	rows.Close()
	if _, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(
		"DELETE FROM links WHERE account_id = ? AND dst_type = ? AND dst_id = ?"), sc.Account, typeName, id); err != nil {
		return nil, fmt.Errorf("entity: drop references: %w", err)
	}
	for _, r := range e.refs[typeName] {
		cond := fmt.Sprintf("account_id = ? AND %s_i = ? AND %s_t = ?", r.field.Column, r.field.Column)
		var ids []int64
		err := e.eachPair(ctx, fmt.Sprintf("SELECT id, 0 FROM %s WHERE %s", r.table, cond), []any{sc.Account, id, typeName},
			func(a, _ int64) { ids = append(ids, a) })
		if err != nil || len(ids) == 0 {
			if err != nil {
				return nil, err
			}
			continue
		}
		upd := fmt.Sprintf("UPDATE %s SET %s_t = NULL, %s_i = NULL WHERE %s", r.table, r.field.Column, r.field.Column, cond)
		if _, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(upd), sc.Account, id, typeName); err != nil {
			return nil, fmt.Errorf("entity: clear %s: %w", r.field.Name, err)
		}
		for _, a := range ids {
			events = append(events, Event{Account: sc.Account, Type: r.owner, ID: a, Action: "updated", Fields: []string{r.field.Name}})
		}
	}
	return mergeEvents(events), nil
}

// mergeEvents folds events about the same entity into one.
func mergeEvents(in []Event) []Event {
	var out []Event
	type key struct {
		typ string
		id  int64
	}
	at := map[key]int{}
	for _, ev := range in {
		key := key{ev.Type, ev.ID}
		if i, ok := at[key]; ok {
			out[i].Fields = append(out[i].Fields, ev.Fields...)
			continue
		}
		at[key] = len(out)
		out = append(out, ev)
	}
	return out
}
