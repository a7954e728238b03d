package comment

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// tally is one subject's comment figures for the reader.
type tally struct{ total, unread, first int64 }

// subjectFields are the comment figures a subject shows its reader.
var subjectFields = []string{"isUnread", "unreadCommentsCount", "firstUnreadComment", "hiddenCommentsCount", "lastComment", "lastCommentTimeCreated"}

// cols names the comment table's columns the rules query.
type cols struct {
	table, subject, owner, dropped, hidden, created string
}

func (r *Rules) cols() cols {
	t := r.e.Cat.Type("Comment")
	c := func(name string) string { return t.Field(name).Column }
	return cols{t.Table, c("subject"), c("owner"), c("isDropped"), c("isHidden"), c("timeCreated")}
}

// fillComment answers isUnread (someone else's comment past my marker),
// wasRead (someone other than its author has read it) and isLiked (by me).
func (r *Rules) fillComment(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	bySubject := map[string][]int64{}
	for _, rec := range recs {
		if s, ok := rec.Links["subject"]; ok {
			bySubject[s.Type] = append(bySubject[s.Type], s.ID)
		}
	}
	mine := map[value.Link]int64{}
	readers := map[value.Link][]reader{}
	for typ, ids := range bySubject {
		got, err := r.readers(ctx, sc.Account, typ, ids)
		if err != nil {
			return err
		}
		for subj, list := range got {
			readers[subj] = list
			for _, rd := range list {
				if rd.who == sc.Actor {
					mine[subj] = rd.last
				}
			}
		}
	}
	liked, err := r.likedBy(ctx, sc, recs)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		subj, owner := rec.Links["subject"], rec.Links["owner"]
		dropped, _ := rec.Values["isDropped"].(int64)
		if want["isUnread"] {
			rec.SetComputed("isUnread", dropped == 0 && owner != sc.Actor && sc.Actor.ID != 0 && rec.ID > mine[subj])
		}
		if want["wasRead"] {
			was := false
			for _, rd := range readers[subj] {
				was = was || rd.who != owner && rd.last >= rec.ID
			}
			rec.SetComputed("wasRead", was)
		}
		if want["isLiked"] {
			rec.SetComputed("isLiked", liked[rec.ID])
		}
	}
	return nil
}

type reader struct {
	who  value.Link
	last int64
}

// readers lists every reader's marker on subjects of one type.
func (r *Rules) readers(ctx context.Context, account int64, typ string, ids []int64) (map[value.Link][]reader, error) {
	db := r.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT subject_id, reader_type, reader_id, last_read_id
		FROM comment_reads WHERE account_id = ? AND subject_type = ? AND subject_id IN (`+store.Marks(len(ids))+`)`),
		append([]any{account, typ}, store.Args(ids)...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[value.Link][]reader{}
	for rows.Next() {
		var id int64
		var rd reader
		if err := rows.Scan(&id, &rd.who.Type, &rd.who.ID, &rd.last); err != nil {
			return nil, err
		}
		k := value.Link{Type: typ, ID: id}
		out[k] = append(out[k], rd)
	}
	return out, rows.Err()
}

func (r *Rules) likedBy(ctx context.Context, sc entity.Scope, recs []*entity.Record) (map[int64]bool, error) {
	out := map[int64]bool{}
	if sc.Actor.ID == 0 {
		return out, nil
	}
	ids := make([]int64, len(recs))
	for i, rec := range recs {
		ids[i] = rec.ID
	}
	db := r.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT src_id FROM links WHERE account_id = ?
		AND src_type = 'Comment' AND field = 'likes' AND dst_type = ? AND dst_id = ? AND src_id IN (`+store.Marks(len(ids))+`)`),
		append([]any{sc.Account, sc.Actor.Type, sc.Actor.ID}, store.Args(ids)...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// fillSubject answers a page of subjects of one type: unread comments
// (others' comments past my marker), the first of them, hidden comments and
// the last comment, each with one grouped query.
func (r *Rules) fillSubject(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	t := recs[0].Type
	ids := make([]int64, len(recs))
	for i, rec := range recs {
		ids[i] = rec.ID
	}
	c := r.cols()
	base := fmt.Sprintf(`FROM %s c WHERE c.account_id = ? AND c.%s_i IN (%s) AND c.%s_t = ? AND COALESCE(c.%s, 0) = 0`,
		c.table, c.subject, store.Marks(len(ids)), c.subject, c.dropped)
	args := append(append([]any{sc.Account}, store.Args(ids)...), t.Name)
	// One grouped pass over the page's comments answers the total (all of
	// them, as the engine's commentsCount) and the unread ones: others'
	// comments, not dropped, past my read marker.
	tallies := map[int64]tally{}
	wantUnread := (want["isUnread"] || want["unreadCommentsCount"] || want["firstUnreadComment"]) && sc.Actor.ID != 0
	if wantUnread && !want["commentsCount"] {
		// Without the total, only the comments past each marker are read:
		// a chat list with a long history reads its unread rows alone.
		var err error
		if tallies, err = r.unreadOnly(ctx, sc, t.Name, ids); err != nil {
			return err
		}
	} else if wantUnread || want["commentsCount"] {
		isUnread := "0 = 1"
		if sc.Actor.ID != 0 {
			isUnread = fmt.Sprintf(`COALESCE(c.%s, 0) = 0 AND NOT (COALESCE(c.%s_t, '') = ? AND COALESCE(c.%s_i, 0) = ?)
				AND c.id > COALESCE(r.last_read_id, 0)`, c.dropped, c.owner, c.owner)
		}
		q := fmt.Sprintf(`SELECT c.%s_i, COUNT(*), SUM(CASE WHEN %s THEN 1 ELSE 0 END), MIN(CASE WHEN %s THEN c.id END)
			FROM %s c LEFT JOIN comment_reads r ON r.account_id = c.account_id
			AND r.subject_type = c.%s_t AND r.subject_id = c.%s_i AND r.reader_type = ? AND r.reader_id = ?
			WHERE c.account_id = ? AND c.%s_i IN (%s) AND c.%s_t = ? GROUP BY c.%s_i`,
			c.subject, isUnread, isUnread, c.table, c.subject, c.subject, c.subject, store.Marks(len(ids)), c.subject, c.subject)
		var qargs []any
		if sc.Actor.ID != 0 {
			qargs = append(qargs, sc.Actor.Type, sc.Actor.ID, sc.Actor.Type, sc.Actor.ID)
		}
		qargs = append(append(qargs, sc.Actor.Type, sc.Actor.ID, sc.Account), store.Args(ids)...)
		qargs = append(qargs, t.Name)
		if err := r.rows4(ctx, q, qargs, func(id, total, n, first int64) { tallies[id] = tally{total, n, first} }); err != nil {
			return err
		}
	}
	hidden := map[int64]int64{}
	if want["hiddenCommentsCount"] {
		q := fmt.Sprintf(`SELECT c.%s_i, COUNT(*), 0 %s AND COALESCE(c.%s, 0) = 1 GROUP BY c.%s_i`, c.subject, base, c.hidden, c.subject)
		if err := r.rows3(ctx, q, args, func(id, n, _ int64) { hidden[id] = n }); err != nil {
			return err
		}
	}
	last := map[int64][2]int64{}
	if want["lastComment"] || want["lastCommentTimeCreated"] {
		q := fmt.Sprintf(`SELECT c.%s_i, c.id, COALESCE(c.%s, 0) FROM %s c WHERE c.id IN (SELECT MAX(c.id) %s GROUP BY c.%s_i)`,
			c.subject, c.created, c.table, base, c.subject)
		if err := r.rows3(ctx, q, args, func(id, cid, at int64) { last[id] = [2]int64{cid, at} }); err != nil {
			return err
		}
	}
	created := r.e.Cat.Type("Comment").Field("timeCreated")
	for _, rec := range recs {
		u := tallies[rec.ID]
		if want["commentsCount"] {
			rec.SetCount("commentsCount", u.total)
		}
		set := func(name string, v any) {
			if want[name] && t.Has(name) {
				rec.SetComputed(name, v)
			}
		}
		set("isUnread", u.unread > 0)
		set("unreadCommentsCount", u.unread)
		set("firstUnreadComment", commentLink(u.first))
		set("hiddenCommentsCount", hidden[rec.ID])
		l := last[rec.ID]
		set("lastComment", commentLink(l[0]))
		set("lastCommentTimeCreated", timeValue(created, l))
	}
	return nil
}

// unreadOnly counts, per subject, others' live comments past the
// reader's marker, each subject's range read from the subject index by
// id (one term per subject, so both databases unite index ranges).
func (r *Rules) unreadOnly(ctx context.Context, sc entity.Scope, typ string, ids []int64) (map[int64]tally, error) {
	marks, err := r.markers(ctx, sc, typ, ids)
	if err != nil {
		return nil, err
	}
	c := r.cols()
	terms := make([]string, len(ids))
	var args []any
	for i, id := range ids {
		terms[i] = fmt.Sprintf("(c.account_id = ? AND c.%s_i = ? AND c.%s_t = ? AND c.id > ?)", c.subject, c.subject)
		args = append(args, sc.Account, id, typ, marks[id])
	}
	q := fmt.Sprintf(`SELECT c.%s_i, COUNT(*), COUNT(*), MIN(c.id) FROM %s c WHERE (%s)
		AND COALESCE(c.%s, 0) = 0 AND NOT (COALESCE(c.%s_t, '') = ? AND COALESCE(c.%s_i, 0) = ?) GROUP BY c.%s_i`,
		c.subject, c.table, strings.Join(terms, " OR "), c.dropped, c.owner, c.owner, c.subject)
	args = append(args, sc.Actor.Type, sc.Actor.ID)
	out := map[int64]tally{}
	err = r.rows4(ctx, q, args, func(id, _, n, first int64) { out[id] = tally{unread: n, first: first} })
	return out, err
}

func commentLink(id int64) any {
	if id == 0 {
		return nil
	}
	return value.EncodeLink(value.Link{Type: "Comment", ID: id})
}

func timeValue(f *catalog.Field, last [2]int64) any {
	if last[0] == 0 {
		return nil
	}
	return f.Kind.Encode(last[1], value.Options{})
}

// rows4 scans four integers a row; NULL (no unread comment) reads as 0.
func (r *Rules) rows4(ctx context.Context, q string, args []any, fn func(a, b, c, d int64)) error {
	rows, err := r.e.DB.Q(ctx).QueryContext(ctx, r.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("comment: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a, b, c int64
		var d sql.NullInt64
		if err := rows.Scan(&a, &b, &c, &d); err != nil {
			return err
		}
		fn(a, b, c, d.Int64)
	}
	return rows.Err()
}

func (r *Rules) rows3(ctx context.Context, q string, args []any, fn func(a, b, c int64)) error {
	rows, err := r.e.DB.Q(ctx).QueryContext(ctx, r.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("comment: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a, b, c int64
		if err := rows.Scan(&a, &b, &c); err != nil {
			return err
		}
		fn(a, b, c)
	}
	return rows.Err()
}
