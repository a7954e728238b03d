package entity

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// textMatch is the condition of a list's `q`: the row's index holds every
// word typed, stemmed, as the start of a word (internal/fulltext). A
// query of punctuation alone has no words and matches nothing.
func (e *Engine) textMatch(t *catalog.Type, q string) sqlPart {
	terms := e.queryTerms(t.Name, q)
	if len(terms) == 0 {
		return sqlPart{sql: "1 = 0"}
	}
	cond, arg := e.DB.Dialect.TextMatch(t.Table, terms)
	return sqlPart{sql: cond, args: []any{arg}}
}

// SearchCount bounds a search's count: past it, how many more match does
// not help whoever is typing, and counting every hit of a common word
// among a million rows would cost more than finding the best ones.
const SearchCount = 1000

// Found is one type's answer to a search: the best records and how many
// the reader may see in all, at most SearchCount.
type Found struct {
	Records []*Record
	Total   int64
}

// Search reads the records of a type that match q, best first, with the
// scope's visibility ANDed in exactly as in List, and counts them up to
// SearchCount.
func (e *Engine) Search(ctx context.Context, sc Scope, typeName, q string, limit int, opt value.Options) (*Found, error) {
	t, err := e.Type(typeName)
	if err != nil {
		return nil, err
	}
	if len(t.Search) == 0 {
		return nil, Invalidf("contentTypes", CodeBadParam, typeName)
	}
	terms := e.queryTerms(t.Name, q)
	if len(terms) == 0 {
		return &Found{}, nil
	}
	var lq ListQuery
	if cond, err := e.visible(ctx, sc, t); err != nil {
		return nil, err
	} else if cond != nil {
		lq.Where = []Condition{*cond}
	}
	if f := t.Field("isDropped"); f != nil && f.Role == catalog.RoleValue {
		// A deleted comment waits in its discussion to be restored; a
		// search does not offer it.
		col := t.Table + "." + f.Column
		lq.Where = append(lq.Where, Condition{SQL: "(" + col + " IS NULL OR " + col + " = 0)"})
	}
	where, err := e.where(ctx, sc, t, lq, opt)
	if err != nil {
		return nil, err
	}
	// The count needs no rank: the match alone, as a list's `q` has it.
	match, arg := e.DB.Dialect.TextMatch(t.Table, terms)
	found := &Found{}
	count := fmt.Sprintf("SELECT COUNT(*) FROM (SELECT 1 FROM %s WHERE %s AND %s LIMIT %d) hits", t.Table, where.sql, match, SearchCount)
	if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(count), append(where.args, arg)...).Scan(&found.Total); err != nil {
		return nil, fmt.Errorf("entity: search count %s: %w", t.Name, err)
	}
	if found.Total == 0 {
		return found, nil
	}
	ts := e.DB.Dialect.TextSearch(t.Table, terms)
	if ts.Cond != "" {
		where.sql += " AND " + ts.Cond
	}
	args := append([]any{ts.Arg}, where.args...)
	proj := e.project(t, nil)
	page := fmt.Sprintf("SELECT %s FROM %s%s WHERE %s ORDER BY %s, %s.id DESC LIMIT %d",
		proj.sql, t.Table, ts.Join, where.sql, ts.Rank, t.Table, min(max(limit, 1), MaxLimit))
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(page), args...)
	if err != nil {
		return nil, fmt.Errorf("entity: search %s: %w", t.Name, err)
	}
	if found.Records, err = proj.scan(t, rows); err != nil {
		return nil, err
	}
	return found, nil
}
