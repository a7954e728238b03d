// Package value owns the API v3 value kinds: how each kind of field value is
// read from a request, checked, stored in one SQL column and written back out.
// The entity engine never looks inside a value; it asks the field's Kind.
package value

import (
	"encoding/json"
	"time"
)

// Column is the SQL storage class of a kind. Both dialects map it to a type.
type Column int

const (
	ColText  Column = iota // TEXT
	ColInt                 // 64-bit integer (booleans are stored as 0/1)
	ColFloat               // double precision
)

// Kind is one value kind. Stored values are always one of: nil, string, int64,
// float64 — the types both SQL drivers hand back for the Column.
type Kind interface {
	// Name is the kind's API name, e.g. "string", "DateTime", "Money".
	Name() string
	// Column tells the storage class of the stored form.
	Column() Column
	// Decode reads an API input value (JSON) and returns its stored form.
	// JSON null decodes to nil. Bad input returns an *Error.
	Decode(raw json.RawMessage) (any, error)
	// Encode turns a stored value back into its API form (ready for
	// json.Marshal). nil stays nil.
	Encode(stored any, opt Options) any
}

// Sorter is implemented by kinds whose stored form does not sort correctly by
// itself (Money, the deadline union). The engine keeps a second column with
// the sort key and orders and compares on it.
type Sorter interface {
	SortKey(stored any) any
	SortColumn() Column
}

// Options carries request-level settings that change how values are written out.
type Options struct {
	// Location is the client's time zone (from the time-zone header); nil is UTC.
	Location *time.Location
}

func (o Options) loc() *time.Location {
	if o.Location == nil {
		return time.UTC
	}
	return o.Location
}

// Error codes. The API layer turns them into Russian or English messages.
const (
	CodeType    = "invalid_type"   // wrong JSON type for the kind
	CodeFormat  = "invalid_format" // right type, unparsable content (dates, ...)
	CodeEnum    = "invalid_enum"   // not one of the allowed values
	CodeRange   = "out_of_range"   // number or date outside what the kind holds
	CodeTooLong = "too_long"       // string longer than the kind allows
)

// Error is a validation failure of one value.
type Error struct {
	Code     string   // one of the Code* constants
	Expected string   // the kind name that was expected
	Allowed  []string // for CodeEnum: the allowed values
}

func (e *Error) Error() string {
	if e.Code == CodeEnum {
		return e.Code + ": expected one of the " + e.Expected + " values"
	}
	return e.Code + ": expected " + e.Expected
}
