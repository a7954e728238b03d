package entity

import (
	"errors"
	"strings"

	"github.com/artel/artel/internal/value"
)

// ErrNotFound answers 404: no such type, or no such entity in the account.
var ErrNotFound = errors.New("entity: not found")

// Field error codes besides the value kinds' own (value.Code*).
const (
	CodeUnknownField = "unknown_field"
	CodeRequired     = "required"
	CodeLinkNotFound = "link_not_found"
	CodeNotSortable  = "not_sortable"
	CodeBadFilter    = "invalid_filter"
	CodeBadParam     = "invalid_param"
	CodeReadOnly     = "read_only"
	CodeInUse        = "in_use"
	CodeNotOwned     = "extra_not_owned" // an extra field of another owner (another program's)
)

// FieldError is one invalid field. The API layer words it in the reader's
// language from Code and Value.
type FieldError struct {
	Field string
	Code  string
	Value *value.Error // set for value kind failures
	Param string       // extra detail, e.g. the missing link
}

// Invalid answers 422 with one entry per field.
type Invalid struct{ Errors []FieldError }

func (e *Invalid) Error() string {
	parts := make([]string, len(e.Errors))
	for i, f := range e.Errors {
		parts[i] = f.Field + ": " + f.Code
	}
	return "entity: invalid: " + strings.Join(parts, ", ")
}

// Add appends a field error.
func (e *Invalid) Add(field, code, param string) {
	e.Errors = append(e.Errors, FieldError{Field: field, Code: code, Param: param})
}

func (e *Invalid) addValue(field string, err error) {
	var ve *value.Error
	if errors.As(err, &ve) {
		e.Errors = append(e.Errors, FieldError{Field: field, Code: ve.Code, Value: ve})
		return
	}
	e.Errors = append(e.Errors, FieldError{Field: field, Code: value.CodeFormat})
}

func (e *Invalid) orNil() error {
	if e == nil || len(e.Errors) == 0 {
		return nil
	}
	return e
}

// Invalidf is a one-field Invalid, for hooks.
func Invalidf(field, code, param string) *Invalid {
	return &Invalid{Errors: []FieldError{{Field: field, Code: code, Param: param}}}
}
