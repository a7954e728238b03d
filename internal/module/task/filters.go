package task

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/favorite"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/store"
)

// SystemFilter is a built-in task filter with its titles.
type SystemFilter struct {
	ID     string
	Ru, En string
	where  func(t *catalog.Type, sc entity.Scope) entity.Condition
	// statuses, when set, are the whole filter: it is where holds
	// statusIn of them, and its count is kept (entity.SystemFilter.Buckets).
	statuses []string
}

// Title words the filter in a language.
func (f SystemFilter) Title(lang string) string {
	if lang == "en" {
		return f.En
	}
	return f.Ru
}

// active are the statuses of work not yet over (templates are not work).
var active = []string{Created, Assigned, Accepted, Delayed, Overdue, Rejected}

// ActiveStatuses are the statuses of the built-in filter "actual".
func ActiveStatuses() []string { return slices.Clone(active) }

// SystemFilters are the built-in filters of the task list, in the order
// the filter panel shows them: by state, then by the reader's role. A role
// held through a Group counts as the reader's own: a task whose
// responsible is a group of the reader is in "responsible", not in the
// owner's "delegated".
var SystemFilters = []SystemFilter{
	{"any", "Все задачи", "All tasks", func(t *catalog.Type, _ entity.Scope) entity.Condition {
		return notTemplate(t)
	}, nil},
	{"actual", "Актуальные", "Current", nil, active},
	{"completed", "Завершённые", "Finished", nil, []string{Done, Completed}},
	{"overdue", "Просроченные", "Overdue", func(t *catalog.Type, _ entity.Scope) entity.Condition {
		return entity.Condition{SQL: fmt.Sprintf("COALESCE(%s.%s, 0) = 1 AND %s", t.Table, t.Field("isOverdue").Column, notTemplate(t).SQL)}
	}, nil},
	{"mine", "Мои задачи", "My tasks", func(t *catalog.Type, sc entity.Scope) entity.Condition {
		return or(t, link(t, "responsible", sc), link(t, "owner", sc), member(t, "executors", sc), member(t, "auditors", sc))
	}, nil},
	{"responsible", "Я ответственный", "I am responsible", func(t *catalog.Type, sc entity.Scope) entity.Condition {
		return and(link(t, "responsible", sc), statusIn(t, active))
	}, nil},
	{"auditor", "Я аудитор", "I audit", func(t *catalog.Type, sc entity.Scope) entity.Condition {
		return and(member(t, "auditors", sc), statusIn(t, active))
	}, nil},
	{"delegated", "Я поручил", "I delegated", func(t *catalog.Type, sc entity.Scope) entity.Condition {
		self := link(t, "responsible", sc)
		return and(link(t, "owner", sc), entity.Condition{SQL: "NOT (" + self.SQL + ")", Args: self.Args}, statusIn(t, active))
	}, nil},
	{"favorites", "Избранные", "Favourites", func(t *catalog.Type, sc entity.Scope) entity.Condition {
		return favorite.Where(t.Table, t.Name, sc)
	}, nil},
}

// registerFilters makes the built-in filters usable wherever a filter link
// is: {"contentType":"TaskFilter","id":"actual"}.
func registerFilters(e *entity.Engine) {
	t := e.Cat.Type("Task")
	for _, f := range SystemFilters {
		where := f.where
		if f.statuses != nil {
			statuses := f.statuses
			where = func(t *catalog.Type, _ entity.Scope) entity.Condition { return statusIn(t, statuses) }
		}
		e.AddSystemFilter("TaskFilter", entity.SystemFilter{ID: f.ID, Buckets: f.statuses,
			Where: func(_ context.Context, sc entity.Scope) (entity.Condition, error) { return where(t, sc), nil }})
	}
}

// notTemplate is written so the isTemplate index can serve it.
func notTemplate(t *catalog.Type) entity.Condition {
	col := t.Table + "." + t.Field("isTemplate").Column
	return entity.Condition{SQL: fmt.Sprintf("(%s = 0 OR %s IS NULL)", col, col)}
}

// statusIn needs no template test: a template's status is always
// "template", so the status index alone answers the count.
func statusIn(t *catalog.Type, statuses []string) entity.Condition {
	args := make([]any, len(statuses))
	for i, s := range statuses {
		args[i] = s
	}
	return entity.Condition{SQL: fmt.Sprintf("%s.%s IN (%s)", t.Table, t.Field("status").Column,
		store.Marks(len(statuses))), Args: args}
}

// link: a single-link field names the reader, or a Group the reader is in.
func link(t *catalog.Type, field string, sc entity.Scope) entity.Condition {
	return rights.Names(sc, t, field)
}

// member: a collection field holds the reader, or a Group the reader is in.
func member(t *catalog.Type, field string, sc entity.Scope) entity.Condition {
	who := rights.Row(sc, "lk")
	return entity.Condition{SQL: fmt.Sprintf(`EXISTS (SELECT 1 FROM links lk WHERE lk.account_id = %s.account_id
		AND lk.src_type = ? AND lk.src_id = %s.id AND lk.field = ? AND %s)`, t.Table, t.Table, who.SQL),
		Args: append([]any{t.Name, field}, who.Args...)}
}

func join(sep string, conds []entity.Condition) entity.Condition {
	var parts []string
	var args []any
	for _, c := range conds {
		parts = append(parts, "("+c.SQL+")")
		args = append(args, c.Args...)
	}
	return entity.Condition{SQL: strings.Join(parts, sep), Args: args}
}

func and(conds ...entity.Condition) entity.Condition { return join(" AND ", conds) }

func or(t *catalog.Type, conds ...entity.Condition) entity.Condition {
	return and(join(" OR ", conds), notTemplate(t))
}
