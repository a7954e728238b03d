package store

import (
	"database/sql/driver"
	"strings"

	"modernc.org/sqlite"
)

// SQLite's lower() folds ASCII only; Russian text needs full Unicode case
// folding for case-insensitive search, so SQLite gets artel_lower.
func init() {
	sqlite.MustRegisterDeterministicScalarFunction("artel_lower", 1,
		func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			switch s := args[0].(type) {
			case string:
				return strings.ToLower(s), nil
			case []byte:
				return strings.ToLower(string(s)), nil
			}
			return args[0], nil
		})
}

// Lower is a Unicode-aware lower() of an SQL expression.
func (d Dialect) Lower(expr string) string {
	if d == Postgres {
		return "lower(" + expr + ")"
	}
	return "artel_lower(" + expr + ")"
}
