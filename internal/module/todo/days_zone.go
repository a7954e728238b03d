package todo

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// The busy days are counted in the account's time zone, so when an
// administrator changes it every cell is counted again. todo_day_zones
// records the zone each account's cells are in; the zone job compares
// it with the setting and rebuilds an account's cells from
// todo_attendees in one transaction when they differ (or were never
// recorded). Writes in between already count in the new zone.

// JobZones is the name the zone job runs under.
const JobZones = "todo_day_zones"

// RecountZones rebuilds the busy days of every account whose zone
// changed since they were counted (the zone job).
func (m *Module) RecountZones(ctx context.Context, _ time.Time) error {
	h := m.h
	rows, err := h.att.q(ctx, `SELECT a.account_id, z.zone FROM (SELECT DISTINCT account_id FROM todo_attendees) a
		LEFT JOIN todo_day_zones z ON z.account_id = a.account_id`)
	if err != nil {
		return err
	}
	type counted struct {
		account int64
		zone    sql.NullString
	}
	var all []counted
	for rows.Next() {
		var c counted
		if err := rows.Scan(&c.account, &c.zone); err != nil {
			rows.Close()
			return err
		}
		all = append(all, c)
	}
	rows.Close()
	for _, c := range all {
		loc, err := h.zone(ctx, c.account)
		if err != nil {
			return err
		}
		if c.zone.Valid && c.zone.String == loc.String() {
			continue
		}
		err = h.e.DB.WithTx(ctx, func(ctx context.Context) error {
			if err := h.att.rebuildDays(ctx, c.account, loc); err != nil {
				return err
			}
			if err := h.att.exec(ctx, `DELETE FROM todo_day_zones WHERE account_id = ?`, c.account); err != nil {
				return err
			}
			return h.att.exec(ctx, `INSERT INTO todo_day_zones (account_id, zone) VALUES (?, ?)`, c.account, loc.String())
		})
		if err != nil {
			return fmt.Errorf("todo: days of account %d in %s: %w", c.account, loc, err)
		}
	}
	return nil
}

// rebuildDays counts an account's cells anew from its attendee rows,
// as recount does one cell: a to-do on the day it starts, refusals
// aside, whole days without minutes.
func (a attendees) rebuildDays(ctx context.Context, account int64, loc *time.Location) error {
	if err := a.exec(ctx, `DELETE FROM todo_days WHERE account_id = ?`, account); err != nil {
		return err
	}
	rows, err := a.q(ctx, `SELECT subject_type, subject_id, todo_id, start_ms, end_ms, all_day FROM todo_attendees
		WHERE account_id = ? AND start_ms IS NOT NULL AND status <> 'rejected'`, account)
	if err != nil {
		return err
	}
	type cell struct {
		todos   map[int64]bool
		minutes int64
	}
	cells := map[dayKey]*cell{}
	var order []dayKey
	for rows.Next() {
		var k dayKey
		var todo, start int64
		var end sql.NullInt64
		var allDay int
		if err := rows.Scan(&k.who.Type, &k.who.ID, &todo, &start, &end, &allDay); err != nil {
			rows.Close()
			return err
		}
		k.day = epochDay(start, loc)
		c := cells[k]
		if c == nil {
			c = &cell{todos: map[int64]bool{}}
			cells[k] = c
			order = append(order, k)
		}
		c.todos[todo] = true
		if allDay == 0 && end.Valid {
			c.minutes += end.Int64 - start
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, k := range order {
		c := cells[k]
		if err := a.exec(ctx, `INSERT INTO todo_days (account_id, subject_type, subject_id, day, todos, minutes) VALUES (?, ?, ?, ?, ?, ?)`,
			account, k.who.Type, k.who.ID, k.day, len(c.todos), c.minutes/60000); err != nil {
			return err
		}
	}
	return nil
}
