// Package report owns the reports: the built-in ones (sales funnel, sales
// department, task effectiveness, overdue work) and the report builder.
// Every figure is one grouped SQL query over the condition the reader's
// list would apply (entity.Engine.Where), so a report never counts what
// the reader cannot see and never loads rows into Go to add them up.
// See docs/report.md.
package report

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Codes of the refusals, worded in Wording.
const (
	CodeUnknownSource = "report_unknown_source"
	CodeBadGrouping   = "report_bad_grouping"
	CodeBadAggregate  = "report_bad_aggregate"
	CodeBadFormat     = "report_bad_format"
)

// Wording is the refusals' text, ru and en.
var Wording = map[string][2]string{
	CodeUnknownSource: {"Такого источника данных нет", "There is no such data source"},
	CodeBadGrouping:   {"По этому полю нельзя группировать", "This field cannot group a report"},
	CodeBadAggregate:  {"Это вычисление недоступно для поля", "This calculation is not available for the field"},
	CodeBadFormat:     {"Формат выгрузки: csv или xlsx", "The export format is csv or xlsx"},
	CodeBadWidget:     {"Такого виджета нет", "There is no such widget"},
}

// Module computes reports over the engine's tables.
type Module struct {
	e *entity.Engine
}

// New makes the reports over an engine.
func New(e *entity.Engine) *Module { return &Module{e: e} }

// money is a sum in the account's main currency, as the clients' figures
// give theirs (internal/module/crm): sums add valueInMain.
func money(v float64) map[string]any {
	return map[string]any{"contentType": "Money", "value": v, "currency": "RUB", "valueInMain": v, "rate": 1}
}

// where is the reader's list condition for a type, with the filter.
func (m *Module) where(ctx context.Context, sc entity.Scope, typeName string, filter []byte, opt value.Options) (entity.Condition, error) {
	return m.e.Where(ctx, sc, typeName, filter, opt)
}

// query runs a grouped query and hands each row to scan.
func (m *Module) query(ctx context.Context, q string, args []any, scan func(*sql.Rows) error) error {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	return rows.Err()
}

// names are the display names of the people and states a report groups
// by: one read per report of the few ids it found.
func (m *Module) names(ctx context.Context, sc entity.Scope, typeName string, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	t := m.e.Cat.Type(typeName)
	name := "COALESCE(" + t.Field("name").Column + ", '')"
	if t.Field("firstName") != nil && t.Field("lastName") != nil {
		// A person's name is computed from its parts, not stored.
		name = fmt.Sprintf("TRIM(COALESCE(%s, '') || ' ' || COALESCE(%s, ''))", t.Field("firstName").Column, t.Field("lastName").Column)
	}
	err := m.query(ctx, fmt.Sprintf("SELECT id, %s FROM %s WHERE account_id = ? AND id IN (%s)",
		name, t.Table, store.Marks(len(ids))), append([]any{sc.Account}, store.Args(ids)...),
		func(r *sql.Rows) error {
			var id int64
			var name string
			if err := r.Scan(&id, &name); err != nil {
				return err
			}
			out[id] = name
			return nil
		})
	return out, err
}

// link is a reference with its name, as lists show one.
func link(typ string, id int64, name string) map[string]any {
	return map[string]any{"contentType": typ, "id": strconv.FormatInt(id, 10), "name": name}
}
