package todo

import (
	"context"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// relatedDeals serves GET /todo/{id}/deals: the deals among the to-do's
// relations that the caller sees, as a Deal list (its filters, sorting
// and paging).
func (a *HTTP) relatedDeals(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Todo", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery("Deal")
	if err != nil {
		return r.Fail(err)
	}
	t := a.Engine.Cat.Type("Deal")
	lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + `.id IN (SELECT dst_id FROM links
		WHERE src_type = 'Todo' AND src_id = ? AND field = 'relations' AND dst_type = 'Deal')`, Args: []any{r.IDs[0]}})
	return r.Page(ctx, "Deal", lq)
}

// search serves GET /todo/search: the to-dos q finds, as GET /todo?q= does.
func (a *HTTP) search(ctx context.Context, r *api.Request) api.Response {
	lq, err := r.ListQuery("Todo")
	if err != nil {
		return r.Fail(err)
	}
	return r.Page(ctx, "Todo", lq)
}

// busyDays serves GET /todo/busyDays: the days of a period (from, to,
// subjects as for /time; the caller by default) on which the people
// have to-dos the caller sees, in the caller's zone, as TodosBusyDay.
func (a *HTTP) busyDays(ctx context.Context, r *api.Request) api.Response {
	rg, bad := rangeOf(r)
	if bad != nil {
		return r.Fail(bad)
	}
	recs, err := Calendar(ctx, a.Engine, r.Scope(), rg)
	if err != nil {
		return r.Fail(err)
	}
	loc := rg.Loc
	if loc == nil {
		loc = time.UTC
	}
	seen := map[string]bool{}
	out := []any{}
	for _, rec := range recs {
		span, _ := value.SpanOf(rec.Values["when"])
		for d := dayStart(span, loc); d.UnixMilli() < span.End && d.UnixMilli() < rg.To; d = d.AddDate(0, 0, 1) {
			key := d.Format(time.DateOnly)
			if d.AddDate(0, 0, 1).UnixMilli() <= rg.From || seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, map[string]any{"contentType": "TodosBusyDay", "date": dateOnly(d)})
		}
	}
	return api.OK(out)
}

// dayStart is the midnight of a span's first day: the stored date for
// whole days, the reader's date for a timed to-do.
func dayStart(s value.Span, loc *time.Location) time.Time {
	if s.AllDay {
		return time.UnixMilli(s.Start).UTC()
	}
	y, m, d := time.UnixMilli(s.Start).In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc)
}

// coincident serves GET /todo/{id}/coincidentTodos: the other to-dos the
// reader sees at the same time as this one, of its responsible or of an
// invitee who did not refuse, as a list page.
func (a *HTTP) coincident(ctx context.Context, r *api.Request) api.Response {
	h := a.Todos.h
	rec, err := a.Engine.Get(ctx, r.Scope(), "Todo", r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	ps, err := h.att.participants(ctx, r.Scope().Account, []int64{rec.ID})
	if err != nil {
		return r.Fail(err)
	}
	_, others, err := h.clashes(ctx, r.Scope(), rec, ps[rec.ID])
	if err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery("Todo")
	if err != nil {
		return r.Fail(err)
	}
	ids := []any{int64(0)} // none: IN () is not SQL
	marks := "?"
	for _, id := range others {
		ids = append(ids, id)
		marks += ", ?"
	}
	lq.Where = append(lq.Where, entity.Condition{SQL: a.Engine.Cat.Type("Todo").Table + `.id IN (` + marks + `)`, Args: ids})
	return r.Page(ctx, "Todo", lq)
}
