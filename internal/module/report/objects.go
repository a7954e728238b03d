package report

import (
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// Objects describe the builder's sources as the reference's ReportObject:
// what a report of each may add up (columns) and group by (grouping),
// with their labels in the reader's language. They are read from the
// same rules the builder applies (numeric, grouping), so whatever an
// object offers, POST /report/build takes.

// Object is one source as a ReportObject.
func (m *Module) Object(source, lang string) map[string]any {
	t := m.e.Cat.Type(source)
	columns := []any{map[string]any{"contentType": "ReportObjectColumn", "name": "count", "title": countTitle.Pick(lang),
		"type": "integer", "isMoney": false, "isComplex": false, "isFormula": true, "formula": "count", "canSelectCurrency": false}}
	var groups []any
	for _, f := range t.Fields {
		if m.numeric(t, f) != "" {
			columns = append(columns, map[string]any{"contentType": "ReportObjectColumn", "name": f.Name, "title": f.Label.Pick(lang),
				"type": f.Kind.Name(), "isMoney": f.Kind.Name() == "Money", "isComplex": false, "isFormula": false, "formula": "",
				"canSelectCurrency": false})
		}
		if g := groupable(f); g != "" {
			group := map[string]any{"contentType": "ReportObjectGrouping", "name": f.Name, "title": f.Label.Pick(lang), "extraSettings": []any{}}
			if g == "date" {
				group["extraSettings"] = []any{map[string]any{"contentType": "ReportObjectGroupingExtraSetting", "name": "period",
					"choices": Periods, "selectedChoice": "day"}}
			}
			groups = append(groups, group)
		}
	}
	return map[string]any{"contentType": "ReportObject", "id": source, "title": t.Label.Pick(lang),
		"columns": columns, "columnsCount": len(columns), "grouping": groups, "groupingCount": len(groups)}
}

var countTitle = catalog.Labels{Ru: "Количество", En: "Count"}

// groupable says how a report may group by a field: "date" by a period,
// "value" by itself or the entity a link names, "" not at all. grouping()
// and the ReportObjects both ask it, so what an object offers the builder
// takes.
func groupable(f *catalog.Field) string {
	switch {
	case f.Role == catalog.RoleLink:
		return "value"
	case f.Role != catalog.RoleValue:
		return ""
	}
	if _, union := f.Kind.(value.DateUnion); union {
		return "date"
	}
	switch f.Kind.Name() {
	case "DateTime", "DateOnly":
		return "date"
	case "string", "enum", "boolean", "integer":
		return "value"
	}
	return ""
}

// ChartData is a built report as the reference's ReportChartData: one
// ReportGroup per line, named by its label, counting the first column.
func ChartData(id, source string, t *Table) map[string]any {
	alias := "count"
	if len(t.Columns) > 0 {
		alias, _ = t.Columns[0]["alias"].(string)
	}
	groups := make([]any, 0, len(t.Rows))
	for _, row := range t.Rows {
		n, _ := row[alias].(float64)
		groups = append(groups, map[string]any{"contentType": "ReportGroup", "id": row["key"], "name": row["label"],
			"count": n, "column": alias, "subGroups": []any{}, "subGroupsCount": 0})
	}
	return map[string]any{"contentType": "ReportChartData", "id": id, "objectType": source, "groups": groups, "groupsCount": len(groups)}
}
