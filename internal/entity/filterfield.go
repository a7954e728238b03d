package entity

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// FilterField is a filter term over something that is not a column of
// the type: "has an absence today", "birthday within n days". A module
// registers it under a field name of its type; a term naming that field
// (in a list's filter or a saved filter's config) becomes the condition
// Where answers, over the type's table (aliased by its own name).
type FilterField struct {
	// Term is the term's contentType it takes (FilterTermBool, ...).
	Term  string
	Where func(ctx context.Context, sc Scope, opt value.Options, table string, t FilterTerm) (Condition, error)
}

// FilterTerm is what a computed term says.
type FilterTerm struct {
	Comparison string
	Value      json.RawMessage
}

// AddFilterField registers a computed filter term of a type.
func (e *Engine) AddFilterField(typeName, field string, f FilterField) {
	if e.filterFields == nil {
		e.filterFields = map[string]map[string]FilterField{}
	}
	if e.filterFields[typeName] == nil {
		e.filterFields[typeName] = map[string]FilterField{}
	}
	e.filterFields[typeName][field] = f
}

func (b *filterBuilder) computed(t *catalog.Type, ff FilterField, tm *term) (sqlPart, error) {
	if tm.ContentType != ff.Term {
		return sqlPart{}, badFilter(tm.Field)
	}
	cond, err := ff.Where(b.ctx, b.sc, b.opt, t.Table, FilterTerm{Comparison: tm.Comparison, Value: tm.Value})
	if err != nil {
		return sqlPart{}, err
	}
	return sqlPart{sql: cond.SQL, args: cond.Args}, nil
}

// BadFilter is the 422 of a filter term that cannot be read.
func BadFilter(field string) error { return badFilter(field) }
