package entity

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// Record is one entity as stored: value fields in their stored form, single
// links, and, when loaded, collections and counts.
type Record struct {
	Type   *catalog.Type
	ID     int64
	Values map[string]any          // RoleValue fields, stored form
	Links  map[string]value.Link   // RoleLink fields that are set
	Many   map[string][]value.Link // collections, when loaded
	Counts map[string]int64        // RoleCount fields, when loaded
	Extra  map[string]any          // extra field values, stored form
	// Computed holds fields derived for the reader (possibleActions).
	Computed map[string]any
}

// Link is the record's own link.
func (r *Record) Link() value.Link { return value.Link{Type: r.Type.Name, ID: r.ID} }

// String returns a text value field, "" when unset.
func (r *Record) String(field string) string {
	s, _ := r.Values[field].(string)
	return s
}

// normalize maps driver values onto the stored forms: nil, string, int64, float64.
func normalize(v any) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case float32:
		return float64(x)
	case bool:
		if x {
			return int64(1)
		}
		return int64(0)
	}
	return v
}

// normalizeJSON maps JSON-decoded numbers back onto int64 where integral.
func normalizeJSON(v any) any {
	if f, ok := v.(float64); ok && f == float64(int64(f)) && f < 1<<53 && f > -(1<<53) {
		return int64(f)
	}
	return v
}

// load reads records of one type by id, in no particular order.
func (e *Engine) load(ctx context.Context, sc Scope, t *catalog.Type, ids []int64) ([]*Record, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	w, err := e.restrict(ctx, sc, t, sqlPart{sql: fmt.Sprintf("%s.account_id = ? AND %s.id IN (%s)", t.Table, t.Table, placeholders(len(ids))),
		args: append([]any{sc.Account}, int64Args(ids)...)})
	if err != nil {
		return nil, err
	}
	p := e.project(t, nil)
	q := fmt.Sprintf("SELECT %s FROM %s WHERE %s", p.sql, t.Table, w.sql)
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), w.args...)
	if err != nil {
		return nil, fmt.Errorf("entity: load %s: %w", t.Name, err)
	}
	return p.scan(t, rows)
}

// Get reads one entity, or ErrNotFound.
func (e *Engine) Get(ctx context.Context, sc Scope, typeName string, id int64) (*Record, error) {
	t, err := e.Type(typeName)
	if err != nil {
		return nil, err
	}
	recs, err := e.load(ctx, sc, t, []int64{id})
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, ErrNotFound
	}
	return recs[0], nil
}

func placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?, ", n-1) + "?"
}

func int64Args(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// GetMany reads the entities of one type that exist among ids.
func (e *Engine) GetMany(ctx context.Context, sc Scope, typeName string, ids []int64) ([]*Record, error) {
	t, err := e.Type(typeName)
	if err != nil {
		return nil, err
	}
	return e.load(ctx, sc, t, ids)
}
