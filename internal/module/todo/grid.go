package todo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/value"
)

// A department's month is a grid, not a list: for each person and day,
// how many to-dos and how many minutes they take. It is free/busy, like
// busyPeople, so it tells nothing of what the to-dos are and needs no
// right to them; and it reads the counts kept in todo_days (days.go), so
// it costs the same whether the month holds 2,000 to-dos or 20,000, where
// the list of every to-do does not (docs/performance.md). Days are the
// account's (its time zone), as the counts are kept.

// cell is one person's day.
type cell struct {
	who     value.Link
	day     int64 // days since the epoch, of the date in the account's zone
	count   int
	minutes int64
}

// grid reads the people's kept days (days.go) of [from, to).
func (h hooks) grid(ctx context.Context, account int64, people []value.Link, from, to int64) ([]cell, error) {
	if len(people) == 0 {
		return nil, nil
	}
	loc, err := h.zone(ctx, account)
	if err != nil {
		return nil, err
	}
	byType := map[string][]any{}
	var types []string
	for _, p := range people {
		if byType[p.Type] == nil {
			types = append(types, p.Type)
		}
		byType[p.Type] = append(byType[p.Type], p.ID)
	}
	var or []string
	var args []any
	for _, typ := range types {
		ids := byType[typ]
		or = append(or, "(account_id = ? AND subject_type = ? AND subject_id IN ("+marks(len(ids))+") AND day >= ? AND day < ?)")
		args = append(append(append(args, account, typ), ids...), epochDay(from, loc), epochDay(to-1, loc)+1)
	}
	rows, err := h.att.q(ctx, `SELECT subject_type, subject_id, day, todos, minutes FROM todo_days
		WHERE `+strings.Join(or, " OR ")+` ORDER BY subject_type, subject_id, day`, args...)
	if err != nil {
		return nil, fmt.Errorf("todo: busy grid: %w", err)
	}
	defer rows.Close()
	var out []cell
	for rows.Next() {
		var c cell
		if err := rows.Scan(&c.who.Type, &c.who.ID, &c.day, &c.count, &c.minutes); err != nil {
			return nil, fmt.Errorf("todo: busy grid: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// busyGrid serves GET /todo/busyGrid?from&to&subjects: per person and
// day, how many to-dos and minutes, as TodosBusyDay with Artel's own
// subject, count and minutes.
func (a *HTTP) busyGrid(ctx context.Context, r *api.Request) api.Response {
	rg, bad := rangeOf(r)
	if bad != nil {
		return r.Fail(bad)
	}
	cells, err := hooks{e: a.Engine, att: attendees{a.Engine.DB}}.grid(ctx, r.Scope().Account, rg.People, rg.From, rg.To)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(cells))
	for i, c := range cells {
		day := time.Unix(c.day*86400, 0).UTC()
		out[i] = map[string]any{"contentType": "TodosBusyDay", "date": dateOnly(day), "subject": value.EncodeLink(c.who),
			"count": c.count, "minutes": c.minutes}
	}
	return api.OK(out)
}
