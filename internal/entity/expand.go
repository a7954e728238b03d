package entity

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// collections loads the given collection fields of records of one type,
// with one query for all many-to-many fields and one per reverse field.
func (e *Engine) collections(ctx context.Context, sc Scope, recs []*Record, fields []*catalog.Field) (map[int64]map[string][]value.Link, error) {
	out := map[int64]map[string][]value.Link{}
	if len(recs) == 0 || len(fields) == 0 {
		return out, nil
	}
	t := recs[0].Type
	ids := recordIDs(recs)
	put := func(owner int64, field string, l value.Link) {
		if out[owner] == nil {
			out[owner] = map[string][]value.Link{}
		}
		out[owner][field] = append(out[owner][field], l)
	}
	var many []any
	for _, f := range fields {
		switch f.Role {
		case catalog.RoleLinks:
			many = append(many, f.Name)
		case catalog.RoleReverse:
			rt := e.Cat.Type(f.Reverse.Type)
			col := rt.Field(f.Reverse.Field).Column
			w, err := e.restrict(ctx, sc, rt, sqlPart{sql: fmt.Sprintf("%s.account_id = ? AND %s_t = ? AND %s_i IN (%s)",
				rt.Table, col, col, placeholders(len(ids))), args: append([]any{sc.Account, t.Name}, int64Args(ids)...)})
			if err != nil {
				return nil, err
			}
			q := fmt.Sprintf("SELECT %s_i, id FROM %s WHERE %s ORDER BY id", col, rt.Table, w.sql)
			err = e.eachPair(ctx, q, w.args, func(owner, id int64) {
				put(owner, f.Name, value.Link{Type: rt.Name, ID: id})
			})
			if err != nil {
				return nil, err
			}
		}
	}
	if len(many) > 0 {
		q := fmt.Sprintf(`SELECT src_id, field, dst_type, dst_id FROM links WHERE src_type = ? AND src_id IN (%s)
			AND field IN (%s) ORDER BY src_id, field, pos`, placeholders(len(ids)), placeholders(len(many)))
		args := append(append([]any{t.Name}, int64Args(ids)...), many...)
		rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), args...)
		if err != nil {
			return nil, fmt.Errorf("entity: collections: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var owner int64
			var field string
			var l value.Link
			if err := rows.Scan(&owner, &field, &l.Type, &l.ID); err != nil {
				return nil, err
			}
			put(owner, field, l)
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// counts fills the RoleCount fields of records of one type from indexes:
// one grouped query over links and one per reverse collection.
func (e *Engine) counts(ctx context.Context, sc Scope, recs []*Record, fields []*catalog.Field) error {
	if len(recs) == 0 || len(fields) == 0 {
		return nil
	}
	t := recs[0].Type
	ids := recordIDs(recs)
	byID := map[int64]*Record{}
	for _, r := range recs {
		r.Counts = map[string]int64{}
		byID[r.ID] = r
	}
	countOf := map[string]string{} // collection -> count field
	var many []any
	for _, f := range fields {
		coll := t.Field(f.CountOf)
		countOf[coll.Name] = f.Name
		for _, r := range recs {
			r.Counts[f.Name] = 0
		}
		switch coll.Role {
		case catalog.RoleLinks:
			many = append(many, coll.Name)
		case catalog.RoleReverse:
			rt := e.Cat.Type(coll.Reverse.Type)
			col := rt.Field(coll.Reverse.Field).Column
			w := sqlPart{sql: fmt.Sprintf("%s.account_id = ? AND %s_t = ? AND %s_i IN (%s)",
				rt.Table, col, col, placeholders(len(ids))), args: append([]any{sc.Account, t.Name}, int64Args(ids)...)}
			// recs are what the reader sees, so whatever is seen through
			// them is seen whole.
			if e.seenThrough(sc, rt) != coll.Reverse.Field {
				var err error
				if w, err = e.restrict(ctx, sc, rt, w); err != nil {
					return err
				}
			}
			q := fmt.Sprintf("SELECT %s_i, COUNT(*) FROM %s WHERE %s GROUP BY %s_i", col, rt.Table, w.sql, col)
			name := f.Name
			err := e.eachPair(ctx, q, w.args, func(owner, n int64) {
				byID[owner].Counts[name] = n
			})
			if err != nil {
				return err
			}
		}
	}
	if len(many) == 0 {
		return nil
	}
	q := fmt.Sprintf(`SELECT src_id, field, COUNT(*) FROM links WHERE src_type = ? AND src_id IN (%s)
		AND field IN (%s) GROUP BY src_id, field`, placeholders(len(ids)), placeholders(len(many)))
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), append(append([]any{t.Name}, int64Args(ids)...), many...)...)
	if err != nil {
		return fmt.Errorf("entity: counts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var owner, n int64
		var field string
		if err := rows.Scan(&owner, &field, &n); err != nil {
			return err
		}
		byID[owner].Counts[countOf[field]] = n
	}
	return rows.Err()
}

func (e *Engine) eachPair(ctx context.Context, q string, args []any, fn func(a, b int64)) error {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("entity: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a, b int64
		if err := rows.Scan(&a, &b); err != nil {
			return err
		}
		fn(a, b)
	}
	return rows.Err()
}

func recordIDs(recs []*Record) []int64 {
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	return ids
}
