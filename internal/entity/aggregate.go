package entity

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/value"
)

// Where is the condition a list of typeName applies for the scope: the
// account, the filter (the lists' filter terms) and the reader's
// visibility, as SQL over the type's own table name. Reports group and
// sum over it so an aggregate never counts what the reader's list would
// not show (internal/module/report).
func (e *Engine) Where(ctx context.Context, sc Scope, typeName string, filter json.RawMessage, opt value.Options) (Condition, error) {
	t, err := e.Type(typeName)
	if err != nil {
		return Condition{}, err
	}
	lq := ListQuery{Filter: filter}
	if cond, err := e.visible(ctx, sc, t); err != nil {
		return Condition{}, err
	} else if cond != nil {
		// Anchored as the list has it: an employee's tasks are found
		// through the member indexes, not by testing every task.
		lq.Where = []Condition{*cond}
	}
	w, err := e.where(ctx, sc, t, lq, opt)
	if err != nil {
		return Condition{}, err
	}
	return Condition{SQL: w.sql, Args: w.args}, nil
}
