package crm

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// CodeAmbiguous answers /contractor/{id} when a person and a company
// share the id: the two types keep separate id sequences, so the caller
// must name the type (/contractorHuman/{id}, /contractorCompany/{id}).
const CodeAmbiguous = "ambiguous_contractor"

// Find resolves /contractor/{id}: the client of either type with the id
// that the caller sees.
func Find(ctx context.Context, e *entity.Engine, sc entity.Scope, id int64) (*entity.Record, error) {
	var found *entity.Record
	for _, typ := range Types {
		rec, err := e.Get(ctx, sc, typ, id)
		switch {
		case errors.Is(err, entity.ErrNotFound):
			continue
		case err != nil:
			return nil, err
		case found != nil:
			return nil, entity.Invalidf("id", CodeAmbiguous, "")
		}
		found = rec
	}
	if found == nil {
		return nil, entity.ErrNotFound
	}
	return found, nil
}

// neverNull are the sorts every client row has set: their anchor
// condition needs no NULL arm, which would keep the database from
// reading the column's index as a range.
var neverNull = []string{"timeCreated", "timeUpdated"}

// unionSortable: a field both client types keep as a sortable column of
// the same kind, so one order runs across both tables.
func unionSortable(e *entity.Engine, field string) bool {
	var kind string
	for i, typ := range Types {
		f := e.Cat.Type(typ).Field(field)
		if f == nil || !f.Sortable || f.Role != catalog.RoleValue && f.Role != catalog.RoleLink {
			return false
		}
		if i > 0 && f.RefType != kind {
			return false
		}
		kind = f.RefType
	}
	return true
}

// ListBoth is one page of people and companies together (/contractor):
// ordered by one field both keep (unionSortable; newest first by
// default), those without a value last, ties between the types put
// people first, within a type its usual order. after, when
// set, is the last client of the previous page, of either type.
func ListBoth(ctx context.Context, e *entity.Engine, sc entity.Scope, lq entity.ListQuery, after *value.Link, opt value.Options) (*entity.Page, error) {
	if len(lq.Sort) == 0 {
		lq.Sort = []entity.SortField{{Field: "timeCreated", Desc: true}}
	}
	key := lq.Sort[0]
	if len(lq.Sort) > 1 || !unionSortable(e, key.Field) {
		return nil, entity.Invalidf("sortBy", entity.CodeNotSortable, key.Field)
	}
	if lq.PageBefore != 0 || lq.PageWith != 0 {
		return nil, entity.Invalidf("pageBefore", entity.CodeBadParam, "")
	}
	if lq.Fields != nil && !slices.Contains(lq.Fields, key.Field) {
		lq.Fields = append(slices.Clone(lq.Fields), key.Field)
	}
	if lq.Limit == 0 {
		lq.Limit = entity.DefaultLimit
	}
	var anchor *entity.Record
	if after != nil {
		var err error
		if anchor, err = e.Get(ctx, sc, after.Type, after.ID); err != nil {
			return nil, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
		}
	}
	out := &entity.Page{Limit: lq.Limit}
	pages := map[string]*entity.Page{}
	for i, typ := range Types {
		q := lq
		q.Where = append([]entity.Condition(nil), lq.Where...)
		if anchor != nil {
			if anchor.Type.Name == typ {
				q.PageAfter = anchor.ID
			} else {
				q.Where = append(q.Where, pastAnchor(e, typ, key, anchor, i > typeOrder(anchor.Type.Name)))
			}
		}
		p, err := e.List(ctx, sc, typ, q, opt)
		if err != nil {
			return nil, err
		}
		if anchor != nil {
			// The page's own count is of what follows the anchor; the
			// total is of the whole list.
			whole := lq
			whole.Limit = 1
			all, err := e.List(ctx, sc, typ, whole, opt)
			if err != nil {
				return nil, err
			}
			p.Count, p.CountCapped = all.Count, all.CountCapped
		}
		pages[typ] = p
		out.Count += p.Count
		out.CountCapped = out.CountCapped || p.CountCapped
		out.HasMoreNext = out.HasMoreNext || p.HasMoreNext
		out.HasMorePrev = anchor != nil
	}
	out.Records = merge(pages[Human].Records, pages[Company].Records, key)
	if len(out.Records) > lq.Limit {
		out.Records, out.HasMoreNext = out.Records[:lq.Limit], true
	}
	return out, nil
}

func typeOrder(typ string) int {
	if typ == Human {
		return 0
	}
	return 1
}

// pastAnchor is the condition on the other type's rows that come after
// the anchor: beyond its value, or equal to it when that type sorts after
// the anchor's on ties; rows without a value come after every value.
func pastAnchor(e *entity.Engine, typ string, key entity.SortField, anchor *entity.Record, laterOnTies bool) entity.Condition {
	t := e.Cat.Type(typ)
	f := t.Field(key.Field)
	col := t.Table + "." + f.SortColumn()
	v := sortValue(anchor, key.Field)
	if v == nil {
		if laterOnTies {
			return entity.Condition{SQL: col + " IS NULL"}
		}
		return entity.Condition{SQL: "1 = 0"}
	}
	op := ">"
	if key.Desc {
		op = "<"
	}
	if laterOnTies {
		op += "="
	}
	cmp := col
	if _, text := v.(string); text && e.DB.Dialect == store.Postgres {
		cmp += ` COLLATE "C"` // the engine's order of text (entity.sortKeys)
	}
	cond := cmp + " " + op + " ?"
	if !slices.Contains(neverNull, key.Field) {
		cond = "(" + cond + " OR " + col + " IS NULL)"
	}
	return entity.Condition{SQL: cond, Args: []any{v}}
}

// sortValue is what a record sorts by on a field: a link's id, a value's
// sort key (a day by its midnight, money by its value in the main
// currency), nil when unset.
func sortValue(r *entity.Record, field string) any {
	f := r.Type.Field(field)
	if f.Role == catalog.RoleLink {
		if l, ok := r.Links[field]; ok {
			return l.ID
		}
		return nil
	}
	v := r.Values[field]
	if s, ok := f.Kind.(value.Sorter); ok && v != nil {
		return s.SortKey(v)
	}
	return v
}

// merge interleaves two pages each already in order.
func merge(people, companies []*entity.Record, key entity.SortField) []*entity.Record {
	out := make([]*entity.Record, 0, len(people)+len(companies))
	i, j := 0, 0
	for i < len(people) || j < len(companies) {
		if j == len(companies) || i < len(people) && !before(companies[j], people[i], key) {
			out = append(out, people[i])
			i++
		} else {
			out = append(out, companies[j])
			j++
		}
	}
	return out
}

// before reports whether a strictly precedes b on the sort key, values
// before no value whichever the direction (as the engine orders).
func before(a, b *entity.Record, key entity.SortField) bool {
	va, vb := sortValue(a, key.Field), sortValue(b, key.Field)
	switch {
	case va == nil:
		return false
	case vb == nil:
		return true
	}
	c := compare(va, vb)
	if key.Desc {
		c = -c
	}
	return c < 0
}

func compare(a, b any) int {
	switch x := a.(type) {
	case string:
		y, _ := b.(string)
		return cmp.Compare(x, y)
	case int64:
		y, _ := b.(int64)
		return cmp.Compare(x, y)
	case float64:
		y, _ := b.(float64)
		return cmp.Compare(x, y)
	}
	return 0
}
