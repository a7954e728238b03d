package history

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The feed is a card's history as the reference's /history/data answers
// it: the changesets of the journal (the rows one save wrote: the same
// time and author) and the subject's live comments, newest first. Items
// order by time, then comments before changesets, then id, newest first;
// a page goes on after the item its pageAfter names.

// Kinds of feed items, in their order at one instant.
const (
	KindComment   = "Comment"
	KindChangeset = "Changeset"
)

// Item is one entry of the feed: a changeset's rows or a comment.
type Item struct {
	Kind    string
	ID      int64 // a changeset's first row, or the comment's id
	Time    int64
	Author  value.Link
	Changes []Entry
	Comment *entity.Record
}

// Cursor is the item a page goes on after.
type Cursor struct {
	Kind string
	ID   int64
	Time int64
}

// FeedQuery says what a page holds.
type FeedQuery struct {
	Limit    int
	After    *Cursor
	Q        string
	Changes  bool         // the journal's changesets
	Comments bool         // the comments
	Authors  []value.Link // nil: anyone's
}

// Feed reads a page of a visible record's feed, whether more follow, and
// how many items the whole feed (without the cursor) holds.
func Feed(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, fq FeedQuery) ([]Item, bool, int64, error) {
	if _, err := e.Get(ctx, sc, kind, id); err != nil {
		return nil, false, 0, err
	}
	var items []Item
	var count int64
	if fq.Changes {
		sets, n, err := changesets(ctx, e, sc, kind, id, fq)
		if err != nil {
			return nil, false, 0, err
		}
		items, count = append(items, sets...), count+n
	}
	if fq.Comments {
		comments, n, err := commentItems(ctx, e, sc, kind, id, fq)
		if err != nil {
			return nil, false, 0, err
		}
		items, count = append(items, comments...), count+n
	}
	sortItems(items)
	more := len(items) > fq.Limit
	if more {
		items = items[:fq.Limit]
	}
	return items, more, count, nil
}

// newer reports whether a comes before b in the feed.
func newer(a, b Item) bool {
	if a.Time != b.Time {
		return a.Time > b.Time
	}
	if a.Kind != b.Kind {
		return a.Kind == KindComment
	}
	return a.ID > b.ID
}

func sortItems(items []Item) {
	for i := 1; i < len(items); i++ {
		for j := i; j > 0 && newer(items[j], items[j-1]); j-- {
			items[j], items[j-1] = items[j-1], items[j]
		}
	}
}

// authorCond is the condition on an author pair of columns.
func authorCond(typeCol, idCol string, authors []value.Link) (string, []any) {
	if authors == nil {
		return "", nil
	}
	if len(authors) == 0 {
		return " AND 1 = 0", nil
	}
	parts := make([]string, len(authors))
	var args []any
	for i, a := range authors {
		parts[i] = fmt.Sprintf("(%s = ? AND %s = ?)", typeCol, idCol)
		args = append(args, a.Type, a.ID)
	}
	return " AND (" + strings.Join(parts, " OR ") + ")", args
}

// changesets reads a page of the journal's saves, each with its rows
// (those q finds, when q is given), and how many saves there are.
func changesets(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, fq FeedQuery) ([]Item, int64, error) {
	where := "account_id = ? AND subject_type = ? AND subject_id = ?"
	args := []any{sc.Account, kind, id}
	cond, cargs := authorCond("user_type", "user_id", fq.Authors)
	where, args = where+cond, append(args, cargs...)
	if q := strings.ToLower(strings.TrimSpace(fq.Q)); q != "" {
		like := "%" + q + "%"
		where += " AND (LOWER(COALESCE(field, '')) LIKE ? OR LOWER(COALESCE(old_value, '')) LIKE ? OR LOWER(COALESCE(new_value, '')) LIKE ?)"
		args = append(args, like, like, like)
	}
	group := "SELECT created_at, user_type, user_id, MIN(id) AS gid FROM entity_history WHERE " + where + " GROUP BY created_at, user_type, user_id"
	var count int64
	if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind("SELECT COUNT(*) FROM ("+group+") g"), args...).Scan(&count); err != nil {
		return nil, 0, fmt.Errorf("history: feed count: %w", err)
	}
	page, pargs := group, append([]any{}, args...)
	if c := fq.After; c != nil {
		if c.Kind == KindComment {
			page += " HAVING created_at <= ?"
			pargs = append(pargs, c.Time)
		} else {
			page += " HAVING created_at < ? OR (created_at = ? AND MIN(id) < ?)"
			pargs = append(pargs, c.Time, c.Time, c.ID)
		}
	}
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(page+" ORDER BY created_at DESC, gid DESC LIMIT ?"), append(pargs, fq.Limit+1)...)
	if err != nil {
		return nil, 0, fmt.Errorf("history: feed: %w", err)
	}
	var out []Item
	for rows.Next() {
		it := Item{Kind: KindChangeset}
		if err := rows.Scan(&it.Time, &it.Author.Type, &it.Author.ID, &it.ID); err != nil {
			rows.Close()
			return nil, 0, fmt.Errorf("history: feed: %w", err)
		}
		out = append(out, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("history: feed: %w", err)
	}
	for i := range out {
		// A save's rows: its time and author, as many as it wrote.
		entries, err := entriesOf(ctx, e, where+" AND created_at = ? AND user_type = ? AND user_id = ?",
			append(append([]any{}, args...), out[i].Time, out[i].Author.Type, out[i].Author.ID))
		if err != nil {
			return nil, 0, err
		}
		out[i].Changes = entries
	}
	return out, count, nil
}

func entriesOf(ctx context.Context, e *entity.Engine, where string, args []any) ([]Entry, error) {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT id, field, old_value, new_value, user_type, user_id, created_at
		FROM entity_history WHERE `+where+` ORDER BY id`), args...)
	if err != nil {
		return nil, fmt.Errorf("history: changeset: %w", err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		h, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// commentItems reads a page of the subject's live comments (those q
// finds), and how many there are.
func commentItems(ctx context.Context, e *entity.Engine, sc entity.Scope, kind string, id int64, fq FeedQuery) ([]Item, int64, error) {
	t := e.Cat.Type("Comment")
	col := func(f string) string { return t.Table + "." + t.Field(f).Column }
	base := []entity.Condition{{SQL: col("subject") + "_i = ? AND " + col("subject") + "_t = ? AND COALESCE(" + col("isDropped") + ", 0) = 0",
		Args: []any{id, kind}}}
	if fq.Authors != nil {
		cond, args := authorCond(col("owner")+"_t", col("owner")+"_i", fq.Authors)
		base = append(base, entity.Condition{SQL: "1 = 1" + cond, Args: args})
	}
	// A comment is seen through its subject, which was just read under
	// the reader's rights. Newest first is by id (the list's own order):
	// a comment's time is set when it is written, so ids follow times.
	lq := entity.ListQuery{Limit: fq.Limit + 1, Q: fq.Q, Seen: true, Where: base}
	if c := fq.After; c != nil {
		tc := col("timeCreated")
		if c.Kind == KindComment {
			lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + ".id < ?", Args: []any{c.ID}})
		} else {
			lq.Where = append(lq.Where, entity.Condition{SQL: tc + " < ?", Args: []any{c.Time}})
		}
	}
	page, err := e.List(ctx, sc, "Comment", lq, value.Options{})
	if err != nil {
		return nil, 0, err
	}
	count := page.Count
	if fq.After != nil {
		whole, err := e.List(ctx, sc, "Comment", entity.ListQuery{Limit: 1, Q: fq.Q, Seen: true, Where: base}, value.Options{})
		if err != nil {
			return nil, 0, err
		}
		count = whole.Count
	}
	out := make([]Item, len(page.Records))
	for i, rec := range page.Records {
		at, _ := rec.Values["timeCreated"].(int64)
		out[i] = Item{Kind: KindComment, ID: rec.ID, Time: at, Author: rec.Links["owner"], Comment: rec}
	}
	return out, count, nil
}
