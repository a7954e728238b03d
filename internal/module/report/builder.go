package report

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Sources are the content types the builder reads.
var Sources = []string{"Task", "Deal", "ContractorCompany", "ContractorHuman", "Invoice", "Todo", "FinOperation"}

// Operations are the builder's aggregations (AggregationOperation.name).
var Operations = []string{"count", "sum", "avg", "min", "max"}

// maxGroups bounds a report's lines; a grouping by a field with more
// values than this answers the first ones in order.
const maxGroups = 1000

// Config is a builder report as the API writes it (ReportConfig):
// entityType the source, filterRules the list filter as JSON text,
// grouping one field (extraSettings "period": day, week or month for a
// date), columns the aggregations, each an operation (formula) of a
// field (name); count needs no field.
type Config struct {
	EntityType  string `json:"entityType"`
	FilterRules string `json:"filterRules"`
	Grouping    []struct {
		Name          string `json:"name"`
		ExtraSettings []struct {
			Name           string `json:"name"`
			SelectedChoice string `json:"selectedChoice"`
		} `json:"extraSettings"`
	} `json:"grouping"`
	Columns []struct {
		Name    string `json:"name"`
		Formula string `json:"formula"`
		Alias   string `json:"alias"`
	} `json:"columns"`
}

// Column is one aggregation of a built report.
type Column struct {
	Alias, Operation, Field string
}

// Table is a built report: its columns and its lines, each a group's
// key, label and one value per column.
type Table struct {
	Group   string           `json:"group"`
	Period  string           `json:"period,omitempty"`
	Columns []map[string]any `json:"columns"`
	Rows    []map[string]any `json:"rows"`
}

// period of a grouping, "" when none is chosen.
func (c *Config) period() string {
	if len(c.Grouping) == 0 {
		return ""
	}
	for _, x := range c.Grouping[0].ExtraSettings {
		if x.Name == "period" {
			return x.SelectedChoice
		}
	}
	return ""
}

// numeric is the SQL of a field the aggregations add up, or "".
func (m *Module) numeric(t *catalog.Type, f *catalog.Field) string {
	if f == nil || f.Role != catalog.RoleValue {
		return ""
	}
	col := t.Table + "." + f.Column
	switch f.Kind.Name() {
	case "integer", "number", "DateInterval":
		return col
	case "Money":
		// The sort column holds valueInMain.
		return t.Table + "." + f.SortColumn()
	}
	return ""
}

// Build runs a builder report for the reader: one grouped query over
// the source's list condition.
func (m *Module) Build(ctx context.Context, sc entity.Scope, c *Config, opt value.Options) (*Table, error) {
	if !slices.Contains(Sources, c.EntityType) {
		return nil, entity.Invalidf("entityType", CodeUnknownSource, c.EntityType)
	}
	t := m.e.Cat.Type(c.EntityType)
	var filter json.RawMessage
	if c.FilterRules != "" {
		if !json.Valid([]byte(c.FilterRules)) {
			return nil, entity.Invalidf("filterRules", entity.CodeBadFilter, "")
		}
		filter = json.RawMessage(c.FilterRules)
	}
	cond, err := m.where(ctx, sc, c.EntityType, filter, opt)
	if err != nil {
		return nil, err
	}
	g, err := m.grouping(t, c)
	if err != nil {
		return nil, err
	}
	cols, exprs, err := m.columns(t, c)
	if err != nil {
		return nil, err
	}
	q := fmt.Sprintf("SELECT %s, %s, %s FROM %s WHERE %s GROUP BY 1, 2 ORDER BY 1, 2 LIMIT %d",
		g.typ, g.key, joinExprs(exprs), t.Table, cond.SQL, maxGroups)
	table := &Table{Group: g.field, Period: c.period(), Rows: []map[string]any{}}
	for _, col := range cols {
		table.Columns = append(table.Columns, map[string]any{"alias": col.Alias, "operation": col.Operation, "field": col.Field})
	}
	var links []managerKey
	err = m.query(ctx, q, cond.Args, func(r *sql.Rows) error {
		var typ, key sql.NullString
		vals := make([]sql.NullFloat64, len(cols))
		dest := []any{&typ, &key}
		for i := range vals {
			dest = append(dest, &vals[i])
		}
		if err := r.Scan(dest...); err != nil {
			return err
		}
		row := map[string]any{"key": key.String, "label": key.String}
		if g.link && typ.Valid && key.Valid {
			var id int64
			fmt.Sscan(key.String, &id)
			row["type"] = typ.String
			links = append(links, managerKey{typ.String, id})
		}
		for i, col := range cols {
			row[col.Alias] = vals[i].Float64
		}
		table.Rows = append(table.Rows, row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(links) > 0 {
		names, err := m.keyNames(ctx, sc, links)
		if err != nil {
			return nil, err
		}
		for _, row := range table.Rows {
			if typ, ok := row["type"].(string); ok {
				var id int64
				fmt.Sscan(row["key"].(string), &id)
				row["label"] = names[managerKey{typ, id}]
			}
		}
	}
	return table, nil
}

func joinExprs(exprs []string) string {
	out := ""
	for i, e := range exprs {
		if i > 0 {
			out += ", "
		}
		out += e
	}
	return out
}

// columns are the aggregations' SQL; with none, the report counts.
func (m *Module) columns(t *catalog.Type, c *Config) ([]Column, []string, error) {
	if len(c.Columns) == 0 {
		return []Column{{Alias: "count", Operation: "count"}}, []string{"COUNT(*)"}, nil
	}
	var cols []Column
	var exprs []string
	for _, col := range c.Columns {
		op := col.Formula
		if !slices.Contains(Operations, op) {
			return nil, nil, entity.Invalidf("columns", CodeBadAggregate, op)
		}
		alias := col.Alias
		if alias == "" {
			alias = op
			if col.Name != "" {
				alias += "_" + col.Name
			}
		}
		if op == "count" {
			cols, exprs = append(cols, Column{Alias: alias, Operation: op}), append(exprs, "COUNT(*)")
			continue
		}
		expr := m.numeric(t, t.Field(col.Name))
		if expr == "" {
			return nil, nil, entity.Invalidf("columns", CodeBadAggregate, col.Name)
		}
		cols = append(cols, Column{Alias: alias, Operation: op, Field: col.Name})
		exprs = append(exprs, fmt.Sprintf("%s(%s)", map[string]string{"sum": "SUM", "avg": "AVG", "min": "MIN", "max": "MAX"}[op], expr))
	}
	return cols, exprs, nil
}
