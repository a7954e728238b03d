package history

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// sections serves /history/filter/choices: the sections a card's feed
// can be filtered by, as HistoryFilterSection with nothing chosen.
func (a *HTTP) sections(ctx context.Context, r *api.Request, kind string) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), kind, r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	var out []any
	for _, s := range DefaultFilter().Sections {
		out = append(out, encodeSection(s))
	}
	return api.Response{Status: http.StatusOK, Data: out}
}

// choices serves /history/filter/{section}/choices as HistoryFilterChoice
// (value, title): for Employee, the authors of the record's feed; for
// History and Comment, the section itself.
func (a *HTTP) choices(section string) journalHandler {
	return func(ctx context.Context, r *api.Request, kind string) api.Response {
		sc := r.Scope()
		if _, err := a.Engine.Get(ctx, sc, kind, r.IDs[0]); err != nil {
			return r.Fail(err)
		}
		choice := func(v, title string) map[string]any {
			return map[string]any{"contentType": "HistoryFilterChoice", "value": v, "title": title}
		}
		if section != "Employee" {
			titles := map[string][2]string{"History": {"Изменения", "Changes"}, "Comment": {"Комментарии", "Comments"}}[section]
			title := titles[1]
			if r.Lang() == "ru" {
				title = titles[0]
			}
			return api.Response{Status: http.StatusOK, Data: []any{choice(section, title)}}
		}
		ids, err := a.authors(ctx, sc, kind, r.IDs[0])
		if err != nil {
			return r.Fail(err)
		}
		people, err := a.Engine.GetMany(ctx, sc, "Employee", ids)
		if err != nil {
			return r.Fail(err)
		}
		out := []any{}
		for _, p := range people {
			out = append(out, choice(strconv.FormatInt(p.ID, 10), p.String("name")))
		}
		return api.Response{Status: http.StatusOK, Data: out}
	}
}

// authors are the employees who changed the record or commented on it.
func (a *HTTP) authors(ctx context.Context, sc entity.Scope, kind string, id int64) ([]int64, error) {
	c := a.Engine.Cat.Type("Comment")
	subj, owner := c.Field("subject").Column, c.Field("owner").Column
	q := fmt.Sprintf(`SELECT user_id FROM entity_history WHERE account_id = ? AND subject_type = ? AND subject_id = ? AND user_type = 'Employee'
		UNION SELECT %[2]s_i FROM %[1]s WHERE account_id = ? AND %[3]s_t = ? AND %[3]s_i = ? AND %[2]s_t = 'Employee'`, c.Table, owner, subj)
	rows, err := a.Engine.DB.Q(ctx).QueryContext(ctx, a.Engine.DB.Dialect.Rebind(q), sc.Account, kind, id, sc.Account, kind, id)
	if err != nil {
		return nil, fmt.Errorf("history: authors: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var n int64
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return out, rows.Err()
}

// Months are the months (UTC) that hold items of the feed as fq filters
// it, newest first, read a page of the feed at a time.
func Months(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, fq FeedQuery) ([]time.Time, error) {
	fq.Limit, fq.After = entity.MaxLimit, nil
	var out []time.Time
	for {
		items, more, _, err := Feed(ctx, e, sc, kind, id, fq)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			t := time.UnixMilli(it.Time).UTC()
			m := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
			if len(out) == 0 || !out[len(out)-1].Equal(m) {
				out = append(out, m)
			}
		}
		if !more || len(items) == 0 {
			return out, nil
		}
		last := items[len(items)-1]
		fq.After = &Cursor{Kind: last.Kind, ID: last.ID, Time: last.Time}
	}
}
