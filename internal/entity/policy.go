package entity

import (
	"context"
	"errors"

	"github.com/artel/artel/internal/catalog"
)

// ErrForbidden answers 403: the entity is visible but the action is not
// allowed. An entity the scope cannot see is ErrNotFound instead, so
// nobody learns that it exists.
var ErrForbidden = errors.New("entity: forbidden")

// Denied is a 403 that says why, for rules whose refusal a person must
// understand (a deal's state that only some may change): the API answers
// it with its type, field and text in the caller's language. It is
// ErrForbidden to errors.Is.
type Denied struct {
	Field, Code string
	Ru, En      string
}

func (d *Denied) Error() string { return "entity: forbidden: " + d.Code }

// Is makes a Denied an ErrForbidden.
func (d *Denied) Is(target error) bool { return target == ErrForbidden }

// Text is the refusal in "en" or, by default, Russian.
func (d *Denied) Text(lang string) string {
	if lang == "en" {
		return d.En
	}
	return d.Ru
}

// Actions the engine asks a Policy about.
const (
	ActCreate = "create"
	ActEdit   = "edit"
	ActDelete = "delete"
)

// Policy decides what a scope may see and do. The engine consults it on
// every read path (get, list, counts of lists, links, bulk) and every
// write; a System scope bypasses it.
type Policy interface {
	// Visible is the SQL condition over t's table that limits what the
	// scope sees; nil means everything in the account.
	Visible(ctx context.Context, sc Scope, t *catalog.Type) (*Condition, error)
	// Allow refuses an action with ErrForbidden. rec is nil for create,
	// else the entity as stored.
	Allow(ctx context.Context, sc Scope, action string, t *catalog.Type, rec *Record) error
	// PossibleActions lists the act_* actions of each record for the scope.
	PossibleActions(ctx context.Context, sc Scope, recs []*Record) map[int64][]string
}

// Through is what a Policy may add: the link field through which the
// scope sees entities of t exactly when it sees what the field points at
// (comments through their subject), or "" when visibility is anything
// else. Counting such entities of records the scope already sees needs
// no visibility condition, which would otherwise select everything the
// reader sees of the parent type.
type Through interface {
	SeenThrough(sc Scope, t *catalog.Type) string
}

// seenThrough asks the policy, when it can answer.
func (e *Engine) seenThrough(sc Scope, t *catalog.Type) string {
	if th, ok := e.Policy.(Through); ok {
		return th.SeenThrough(sc, t)
	}
	return ""
}

func (e *Engine) visible(ctx context.Context, sc Scope, t *catalog.Type) (*Condition, error) {
	if e.Policy == nil || sc.System {
		return nil, nil
	}
	return e.Policy.Visible(ctx, sc, t)
}

func (e *Engine) allow(ctx context.Context, sc Scope, action string, t *catalog.Type, rec *Record) error {
	if e.Policy == nil || sc.System {
		return nil
	}
	return e.Policy.Allow(ctx, sc, action, t, rec)
}

// restrict adds the scope's visibility to a query's condition.
func (e *Engine) restrict(ctx context.Context, sc Scope, t *catalog.Type, w sqlPart) (sqlPart, error) {
	cond, err := e.visible(ctx, sc, t)
	if err != nil || cond == nil {
		return w, err
	}
	return sqlPart{sql: w.sql + " AND (" + cond.SQL + ")", args: append(append([]any{}, w.args...), cond.Args...)}, nil
}
