package entity

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Paging limits of the API.
const (
	DefaultLimit = 100
	MaxLimit     = 1000
)

// SortField orders a list.
type SortField struct {
	Field string
	Desc  bool
}

// ListQuery is a list request. At most one of PageAfter, PageBefore and
// PageWith is set; each names an entity of the list, so paging is by key,
// never by offset, and stays stable while rows are inserted.
type ListQuery struct {
	Sort       []SortField
	Filter     json.RawMessage
	Q          string
	Limit      int
	PageAfter  int64
	PageBefore int64
	PageWith   int64
	// Where adds conditions from module rules (visibility); SQL over the
	// type's table, with ? placeholders.
	Where []Condition
	// Fields, when set, are the only fields the records need (a client's
	// onlyRequestedFields); the rows read just their columns and what the
	// rules need (NeedFields). Nil reads every stored field.
	Fields []string
	// Seen says the rules have already made sure the reader sees every
	// row Where admits (the comments of one subject the reader was just
	// shown), so the type's visibility condition is left out: it would
	// test each of a long history's rows again for the same answer.
	Seen bool
	// NoCount leaves Page.Count at 0: a rule's lookup that reads only the
	// records (a row's duplicates in an import of 100,000) saves the
	// count's query, which reads the condition's rows once more.
	NoCount bool
}

// Condition is an SQL condition with its arguments.
type Condition struct {
	SQL  string
	Args []any
	// Anchored says every alternative of the condition tests the account
	// (or the row id) itself, each with an index of its own. The list then
	// keeps its own account test out of SQLite's choice of index
	// ("+account_id"), which would otherwise walk the whole account
	// instead of uniting the few index reads the condition needs.
	Anchored bool
	// Kept, when set, says the condition admits exactly the entities that
	// internal/access keeps for these readers, so a list may count them
	// from the kept counts and read a page along their index range.
	Kept *Kept
}

// Kept names the reader of a kept visibility (access.Count, access.Drive):
// always one, as a group's members are kept rows of their own.
type Kept struct {
	Reader value.Link
}

// Page is one page of a list.
type Page struct {
	Records []*Record
	Count   int64
	// CountCapped: a `q` list found more than SearchCount, and Count is
	// SearchCount.
	CountCapped  bool
	Limit        int
	HasMoreNext  bool
	HasMorePrev  bool
	ElementIndex *int
}

type sortKey struct {
	expr string
	desc bool
	// notNull: the column is never NULL, so the key needs no null flag,
	// whose CASE would keep the database from reading the column's index
	// in order (a list by timeCreated would sort the whole table).
	notNull bool
}

// neverNull are the sort fields the engine sets on every create
// (applyDefaults).
var neverNull = map[string]bool{"timeCreated": true}

// List reads one page.
func (e *Engine) List(ctx context.Context, sc Scope, typeName string, lq ListQuery, opt value.Options) (*Page, error) {
	t, err := e.Type(typeName)
	if err != nil {
		return nil, err
	}
	if lq.Limit <= 0 {
		lq.Limit = DefaultLimit
	}
	lq.Limit = min(lq.Limit, MaxLimit)
	keys, err := e.sortKeys(ctx, sc, t, lq.Sort)
	if err != nil {
		return nil, err
	}
	plain := unfiltered(lq)
	cond, err := e.visible(ctx, sc, t)
	if err != nil {
		return nil, err
	}
	if lq.Seen {
		cond = nil
	}
	var kept *Kept
	drive := false
	if cond != nil {
		kept = cond.Kept
		// One reader's kept range in id order is the page itself.
		drive = kept != nil && len(keys) == 1
		if !drive {
			lq.Where = append(append([]Condition{}, lq.Where...), *cond)
		}
	}
	where, err := e.where(ctx, sc, t, lq, opt)
	if err != nil {
		return nil, err
	}
	l := &lister{e: e, t: t, where: where, keys: keys, tables: t.Table, proj: e.project(t, lq.Fields)}
	if drive {
		from, on, args := access.Drive(t.Table, sc.Account, t.Name, kept.Reader)
		l.tables = from
		l.where = sqlPart{sql: on + " AND " + where.sql, args: append(args, where.args...)}
		l.keys = []sortKey{{expr: driveKey, desc: keys[0].desc}}
	}
	page := &Page{Limit: lq.Limit}
	countSQL, countArgs := "SELECT COUNT(*) FROM "+l.tables+" WHERE "+l.where.sql, l.where.args
	buckets := e.bucketed(t, lq)
	switch {
	case (plain || buckets != nil) && kept != nil:
		countSQL, countArgs = access.Count(sc.Account, t.Name, kept.Reader, buckets)
	case buckets != nil && cond == nil:
		countSQL, countArgs = access.Count(sc.Account, t.Name, access.Everyone, buckets)
	case plain && cond == nil:
		countSQL = "SELECT COALESCE(SUM(n), 0) FROM entity_counts WHERE account_id = ? AND content_type = ?"
		countArgs = []any{sc.Account, t.Name}
	}
	searched := strings.TrimSpace(lq.Q) != ""
	if lq.NoCount {
		return l.page(ctx, sc, page, lq)
	}
	if searched {
		// A word common among a million rows has tens of thousands of
		// hits, and counting them all was most of a `q` page's CPU: past
		// SearchCount the count says only "more" (Page.CountCapped), as
		// GET /search does.
		countSQL = fmt.Sprintf("SELECT COUNT(*) FROM (SELECT 1 FROM %s WHERE %s LIMIT %d) hits", l.tables, l.where.sql, SearchCount+1)
	}
	if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(countSQL), countArgs...).Scan(&page.Count); err != nil {
		return nil, fmt.Errorf("entity: count %s: %w", t.Name, err)
	}
	if searched && page.Count > SearchCount {
		page.Count, page.CountCapped = SearchCount, true
	}
	if err := e.denseByID(ctx, sc, t, l, page.Count); err != nil {
		return nil, err
	}
	return l.page(ctx, sc, page, lq)
}

// page reads the page's records where the query says it starts.
func (l *lister) page(ctx context.Context, sc Scope, page *Page, lq ListQuery) (*Page, error) {
	var err error
	switch {
	case lq.PageAfter > 0:
		err = l.after(ctx, sc, page, lq.PageAfter, "pageAfter")
	case lq.PageBefore > 0:
		err = l.before(ctx, sc, page, lq.PageBefore)
	case lq.PageWith > 0:
		err = l.with(ctx, sc, page, lq.PageWith)
	default:
		page.Records, page.HasMoreNext, err = l.fetch(ctx, sqlPart{}, false, lq.Limit)
	}
	if err != nil {
		return nil, err
	}
	return page, nil
}

// denseWalk is the share of an account's rows (1/denseWalk) above which a
// page in id order is found faster by walking the id index and testing
// each row than by uniting the condition's index reads and sorting them:
// the walk then passes about denseWalk rows per row it keeps.
const denseWalk = 50

// denseByID gives a list in plain id order whose anchored condition
// (Condition.Anchored) matches a large share of the account back its
// account test as an index choice, so the page walks the id index. The
// union of index reads costs what the reader sees (27,000 row visits for
// an employee on a million tasks); the walk costs about denseWalk rows
// per row of the page. A sparse reader keeps the union.
func (e *Engine) denseByID(ctx context.Context, sc Scope, t *catalog.Type, l *lister, count int64) error {
	if !strings.HasPrefix(l.where.sql, "+") || len(l.keys) != 1 {
		return nil
	}
	var total int64
	if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(
		"SELECT COALESCE(SUM(n), 0) FROM entity_counts WHERE account_id = ? AND content_type = ?"),
		sc.Account, t.Name).Scan(&total); err != nil {
		return fmt.Errorf("entity: count %s: %w", t.Name, err)
	}
	if count*denseWalk >= total {
		l.where.sql = strings.TrimPrefix(l.where.sql, "+")
	}
	return nil
}

// driveKey orders a page read along a kept range (access.Drive).
const driveKey = "acc.entity_id"

// unfiltered lists count from kept counts, not by counting rows.
func unfiltered(lq ListQuery) bool {
	return (len(lq.Filter) == 0 || string(lq.Filter) == "null") && strings.TrimSpace(lq.Q) == "" && len(lq.Where) == 0
}

// where is the list's condition: account, filter, search and module rules.
func (e *Engine) where(ctx context.Context, sc Scope, t *catalog.Type, lq ListQuery, opt value.Options) (sqlPart, error) {
	w := sqlPart{sql: t.Table + ".account_id = ?", args: []any{sc.Account}}
	for _, c := range lq.Where {
		if c.Anchored {
			w.sql = "+" + w.sql
			break
		}
	}
	and := func(p sqlPart) {
		w.sql += " AND (" + p.sql + ")"
		w.args = append(w.args, p.args...)
	}
	if len(lq.Filter) > 0 && string(lq.Filter) != "null" {
		p, err := e.filterSQL(ctx, sc, t, lq.Filter, opt)
		if err != nil {
			return sqlPart{}, err
		}
		and(p)
	}
	if q := strings.TrimSpace(lq.Q); q != "" {
		if len(t.Search) == 0 {
			return sqlPart{}, Invalidf("q", CodeBadParam, "")
		}
		and(e.textMatch(t, q))
	}
	for _, c := range lq.Where {
		and(sqlPart{sql: c.SQL, args: c.Args})
	}
	return w, nil
}

// sortKeys resolves sortBy to SQL expressions, ending with id so the order
// is total. Without sortBy the newest come first.
func (e *Engine) sortKeys(ctx context.Context, sc Scope, t *catalog.Type, sort []SortField) ([]sortKey, error) {
	var keys []sortKey
	var extras extraSet
	for i, s := range sort {
		f := t.Field(s.Field)
		switch {
		case f != nil && f.Sortable && (f.Role == catalog.RoleValue || f.Role == catalog.RoleLink):
			expr := t.Table + "." + f.SortColumn()
			if e.DB.Dialect == store.Postgres && f.Role == catalog.RoleValue && f.Kind.Column() == value.ColText && f.SortColumn() == f.Column {
				expr += ` COLLATE "C"`
			}
			keys = append(keys, sortKey{expr: expr, desc: s.Desc, notNull: neverNull[s.Field] && f.Role == catalog.RoleValue})
		case f == nil:
			if extras == nil {
				var err error
				if extras, err = e.ExtraFields(ctx, sc, t.Name); err != nil {
					return nil, err
				}
			}
			x := extras.byName(s.Field)
			if x == nil {
				return nil, Invalidf(fmt.Sprintf("sortBy[%d]", i), CodeNotSortable, s.Field)
			}
			expr := e.DB.Dialect.JSONNumber(t.Table+".x_extra", x.Name)
			if x.kind.Column() == value.ColText {
				expr = e.DB.Dialect.JSONText(t.Table+".x_extra", x.Name)
			}
			keys = append(keys, sortKey{expr: expr, desc: s.Desc})
		default:
			return nil, Invalidf(fmt.Sprintf("sortBy[%d]", i), CodeNotSortable, s.Field)
		}
	}
	idDesc := len(keys) == 0
	if len(keys) > 0 {
		idDesc = keys[len(keys)-1].desc
	}
	return append(keys, sortKey{expr: t.Table + ".id", desc: idDesc, notNull: true}), nil
}
