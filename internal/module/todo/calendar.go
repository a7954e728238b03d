package todo

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// MaxRange is the longest stretch one calendar read covers: a month
// view with the days of the weeks around it.
const MaxRange = 45 * 24 * time.Hour

// Range is a calendar read: the to-dos of People in [From, To).
type Range struct {
	From, To int64
	People   []value.Link
	Loc      *time.Location // the reader's zone, where whole days fall
}

// Calendar is the to-dos of the range's people overlapping it that the
// reader may see, earliest first; an invitation someone refused is not
// in their calendar.
func Calendar(ctx context.Context, e *entity.Engine, sc entity.Scope, rg Range) ([]*entity.Record, error) {
	day := (24 * time.Hour).Milliseconds()
	// Whole days are stored in UTC; the window is widened by a day so a
	// reader east or west of UTC finds the days that are theirs, and
	// each is then tested on the reader's own dates.
	var seen []entity.Condition
	if len(rg.People) != 1 || rg.People[0] != sc.Actor {
		// One's own calendar is only to-dos one is in: nothing to narrow.
		var err error
		if seen, err = seenBy(ctx, e, sc); err != nil {
			return nil, err
		}
	}
	rows, err := attendees{e.DB}.busy(ctx, sc.Account, rg.People, rg.From-day, rg.To+day, seen...)
	if err != nil {
		return nil, err
	}
	spans := map[int64]value.Span{}
	var ids []int64
	for _, b := range rows {
		if _, seen := spans[b.Todo]; seen || !rg.holds(b.Span) {
			continue
		}
		spans[b.Todo] = b.Span
		ids = append(ids, b.Todo)
	}
	recs, err := e.GetMany(ctx, sc, "Todo", ids)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(recs, func(a, b *entity.Record) int {
		return cmp.Or(cmp.Compare(spans[a.ID].Start, spans[b.ID].Start), cmp.Compare(a.ID, b.ID))
	})
	return recs, nil
}

// seenBy is, for a reader whom rights limit, the condition keeping the
// attendee rows of to-dos they see: a colleague's calendar then reads the
// few to-dos the reader shares with them, not all of the colleague's
// (GetMany checks the rights again).
func seenBy(ctx context.Context, e *entity.Engine, sc entity.Scope) ([]entity.Condition, error) {
	if e.Policy == nil || sc.System || sc.Admin {
		return nil, nil
	}
	t := e.Cat.Type("Todo")
	cond, err := e.Policy.Visible(ctx, sc, t)
	if err != nil || cond == nil {
		return nil, err
	}
	return []entity.Condition{{SQL: fmt.Sprintf("todo_id IN (SELECT %s.id FROM %s WHERE %s.account_id = ? AND (%s))",
		t.Table, t.Table, t.Table, cond.SQL), Args: append([]any{sc.Account}, cond.Args...)}}, nil
}

// holds tells whether a span falls in the range: a timed one by its
// instants, a whole-day one by the reader's dates.
func (rg Range) holds(s value.Span) bool {
	if !s.AllDay {
		return s.Overlaps(value.Span{Start: rg.From, End: rg.To})
	}
	loc := rg.Loc
	if loc == nil {
		loc = time.UTC
	}
	first := localDay(rg.From, loc)
	last := localDay(rg.To-1, loc).AddDate(0, 0, 1)
	return s.Overlaps(value.Span{Start: first.UnixMilli(), End: last.UnixMilli()})
}

// localDay is the reader's date of an instant, as that date's UTC midnight
// (how whole days are stored).
func localDay(ms int64, loc *time.Location) time.Time {
	y, m, d := time.UnixMilli(ms).In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// ParseRange reads a calendar read's parameters: from and to (DateTime),
// subjects (links to people; the reader when absent). It answers the
// field at fault with an error code.
func ParseRange(sc entity.Scope, from, to, subjects json.RawMessage) (Range, *entity.Invalid) {
	var rg Range
	f, err := value.DateTime{}.Decode(from)
	if err != nil || f == nil {
		return rg, entity.Invalidf("from", entity.CodeRequired, "DateTime")
	}
	t, err := value.DateTime{}.Decode(to)
	if err != nil || t == nil {
		return rg, entity.Invalidf("to", entity.CodeRequired, "DateTime")
	}
	rg.From, rg.To = f.(int64), t.(int64)
	if rg.To <= rg.From || rg.To-rg.From > MaxRange.Milliseconds() {
		return rg, entity.Invalidf("to", value.CodeRange, "")
	}
	if len(subjects) == 0 {
		rg.People = []value.Link{sc.Actor}
		return rg, nil
	}
	ls, err := value.DecodeLinks(subjects, subjectTypes)
	if err != nil || len(ls) == 0 || len(ls) > 200 {
		return rg, entity.Invalidf("subjects", value.CodeType, "(Employee|ContractorHuman|ContractorCompany)[]")
	}
	rg.People = ls
	return rg, nil
}
