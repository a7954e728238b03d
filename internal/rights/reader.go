package rights

import (
	"fmt"
	"slices"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// A role names the reader when it names the reader's own card or a Group
// whose children include the reader (Scope.Groups). These are that test
// in SQL, shared by the visibility below and the task module's built-in
// filters, so "mine" counts what the list shows.

// Names is the condition that the single link field of t names the reader.
func Names(sc entity.Scope, t *catalog.Type, field string) entity.Condition {
	f := t.Field(field)
	col := t.Table + "." + f.Column
	c := entity.Condition{SQL: fmt.Sprintf("(%s_t = ? AND %s_i = ?)", col, col), Args: []any{sc.Actor.Type, sc.Actor.ID}}
	if ids := groupsFor(sc, f); len(ids) > 0 {
		c.SQL = fmt.Sprintf("(%s OR (%s_t = 'Group' AND %s_i IN (%s)))", c.SQL, col, col, store.Marks(len(ids)))
		c.Args = append(c.Args, ids...)
	}
	return c
}

// Row is the condition that the links row aliased a points at the
// reader. A Group can only be in a collection whose field allows one, so
// the test needs no field.
func Row(sc entity.Scope, a string) entity.Condition {
	c := entity.Condition{SQL: fmt.Sprintf("(%s.dst_type = ? AND %s.dst_id = ?)", a, a), Args: []any{sc.Actor.Type, sc.Actor.ID}}
	if len(sc.Groups) > 0 {
		c.SQL = fmt.Sprintf("(%s OR (%s.dst_type = 'Group' AND %s.dst_id IN (%s)))", c.SQL, a, a, store.Marks(len(sc.Groups)))
		for _, id := range sc.Groups {
			c.Args = append(c.Args, id)
		}
	}
	return c
}

// groupsFor is the reader's groups when the field may name a Group.
func groupsFor(sc entity.Scope, f *catalog.Field) []any {
	if len(sc.Groups) == 0 || !slices.Contains(f.Targets, "Group") {
		return nil
	}
	out := make([]any, len(sc.Groups))
	for i, id := range sc.Groups {
		out[i] = id
	}
	return out
}
