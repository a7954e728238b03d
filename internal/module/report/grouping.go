package report

import (
	"fmt"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// group is the SQL of a report's grouping: a type expression (a link's
// content type, else NULL) and a key expression, both text.
type group struct {
	field, typ, key string
	link            bool
}

// Periods a date grouping may take.
var Periods = []string{"day", "week", "month"}

// grouping resolves the grouping field: a link groups by the entity it
// names, a date by its day, week (from Monday) or month (UTC), any other
// stored value by itself. Without one, the report is one line.
func (m *Module) grouping(t *catalog.Type, c *Config) (group, error) {
	if len(c.Grouping) == 0 || c.Grouping[0].Name == "" {
		return group{typ: "NULL", key: "''"}, nil
	}
	name := c.Grouping[0].Name
	f := t.Field(name)
	if f == nil || !f.Stored() {
		return group{}, entity.Invalidf("grouping", CodeBadGrouping, name)
	}
	col := t.Table + "." + f.Column
	if f.Role == catalog.RoleLink {
		return group{field: name, typ: col + "_t", key: m.text(col + "_i"), link: true}, nil
	}
	period := c.period()
	d := m.e.DB.Dialect
	switch f.Kind.Name() {
	case "DateTime":
		return m.dated(name, period, d, col, true)
	case "DateOnly":
		return m.dated(name, period, d, col, false)
	}
	if _, union := f.Kind.(value.DateUnion); union {
		// A deadline groups by the instant it sorts on (a day's midnight).
		return m.dated(name, period, d, t.Table+"."+f.SortColumn(), true)
	}
	if groupable(f) != "value" {
		return group{}, entity.Invalidf("grouping", CodeBadGrouping, name)
	}
	if period != "" {
		return group{}, entity.Invalidf("grouping", CodeBadGrouping, name)
	}
	return group{field: name, typ: "NULL", key: m.text(col)}, nil
}

func (m *Module) text(expr string) string {
	return "CAST(" + expr + " AS TEXT)"
}

// dated buckets a date: instants (Unix milliseconds) or days (text).
func (m *Module) dated(name, period string, d store.Dialect, col string, instant bool) (group, error) {
	if period == "" {
		period = "day"
	}
	var key string
	switch {
	case d == store.Postgres && instant:
		day := "(to_timestamp(" + col + " / 1000.0) AT TIME ZONE 'UTC')"
		key = map[string]string{"day": "to_char(" + day + ", 'YYYY-MM-DD')", "week": "to_char(date_trunc('week', " + day + "), 'YYYY-MM-DD')",
			"month": "to_char(" + day + ", 'YYYY-MM')"}[period]
	case d == store.Postgres:
		key = map[string]string{"day": col, "week": "to_char(date_trunc('week', CAST(" + col + " AS date)), 'YYYY-MM-DD')",
			"month": "substr(" + col + ", 1, 7)"}[period]
	case instant:
		key = map[string]string{"day": "strftime('%Y-%m-%d', " + col + " / 1000, 'unixepoch')",
			"week": "date(" + col + " / 1000, 'unixepoch', 'weekday 0', '-6 days')", "month": "strftime('%Y-%m', " + col + " / 1000, 'unixepoch')"}[period]
	default:
		key = map[string]string{"day": col, "week": "date(" + col + ", 'weekday 0', '-6 days')", "month": "substr(" + col + ", 1, 7)"}[period]
	}
	if key == "" {
		return group{}, entity.Invalidf("grouping", CodeBadGrouping, period)
	}
	return group{field: name, typ: "NULL", key: fmt.Sprint(key)}, nil
}
