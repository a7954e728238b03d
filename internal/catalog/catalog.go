// Package catalog owns the declarative description of every content type the
// API serves: its fields, their value kinds, links, collections and counts,
// and their labels in Russian and English. The entity engine, the storage
// schema and the OpenAPI document are all derived from it, so a field is
// added in one place: types.tsv (the API v3 reference rows) plus, where the
// reference cannot say it, the rules in rules.go.
package catalog

import (
	"sort"

	"github.com/artel/artel/internal/value"
)

// Role says how a field is stored and where its value comes from.
type Role int

const (
	RoleValue     Role = iota // a value in the type's own column
	RoleLink                  // a single link, kept as (type, id) columns
	RoleLinks                 // a many-to-many collection in the links table
	RoleReverse               // a collection of the entities whose link points here
	RoleCount                 // the number of items in another collection field
	RoleComputed              // derived by module rules at read time; not stored
	RoleWriteOnly             // accepted on write and handed to hooks; never stored or shown
	// RoleHeld is kept by a module in tables of its own (a to-do's
	// participants with their answers): given on write to the module's
	// hooks (Change.Held), shown by the module's Computer.
	RoleHeld
)

// Labels is a label in each complete interface language.
type Labels struct {
	Ru string `json:"ru"`
	En string `json:"en"`
}

// Pick returns the label for a language tag, Russian by default.
func (l Labels) Pick(lang string) string {
	if lang == "en" {
		return l.En
	}
	return l.Ru
}

// Field is one field of a content type.
type Field struct {
	Name     string
	RefType  string // the type as written in the reference, e.g. "Employee", "(Employee|Group)[]"
	Role     Role
	Kind     value.Kind // for RoleValue
	Targets  []string   // for links and collections: allowed content types
	Reverse  *Reverse   // for RoleReverse
	CountOf  string     // for RoleCount: the collection field counted
	Required bool
	Sortable bool
	Indexed  bool
	ReadOnly bool
	// Nullable booleans answer null while unset instead of false.
	Nullable bool
	Enum     []string
	Label    Labels
	Column   string // SQL column (links: Column+"_t" and Column+"_i")
}

// Reverse names the single-link field on another type that forms a collection.
type Reverse struct {
	Type  string
	Field string
}

// Stored reports whether the field has its own column(s) in the type's table.
func (f *Field) Stored() bool { return f.Role == RoleValue || f.Role == RoleLink }

// Writable reports whether a client may set the field.
func (f *Field) Writable() bool {
	switch f.Role {
	case RoleValue, RoleLink, RoleLinks, RoleWriteOnly, RoleHeld:
		return !f.ReadOnly
	}
	return false
}

// Type is one content type.
type Type struct {
	Name     string
	Endpoint string // lower-camel name under /api/v3
	Table    string
	Label    Labels
	Fields   []*Field
	Search   []string   // fields whose text `q` searches
	Indexes  [][]string // composite indexes beyond the one per field
	Ordered  [][]string // composite indexes whose last field is laid out in list order (migrate)
	// IDSpace lists the types whose ids come from one sequence with this
	// one's (itself included, first the one the sequence is named after);
	// nil when the type counts its own.
	IDSpace []string
	// SpaceUnion: the type's endpoint reads, edits and deletes the other
	// types of its id space by id as well (/task/{id} of a project).
	SpaceUnion bool
	byName     map[string]*Field
}

// Field returns the named field or nil.
func (t *Type) Field(name string) *Field { return t.byName[name] }

// Has reports whether the type has the named field.
func (t *Type) Has(name string) bool { return t.byName[name] != nil }

// Catalog is the whole set of content types.
type Catalog struct {
	types      map[string]*Type
	byEndpoint map[string]*Type
	names      []string
}

// Type returns the content type by name, or nil.
func (c *Catalog) Type(name string) *Type { return c.types[name] }

// ByEndpoint returns the content type served at /api/v3/{endpoint}, or nil.
func (c *Catalog) ByEndpoint(endpoint string) *Type { return c.byEndpoint[endpoint] }

// Names lists every content type name in a stable order.
func (c *Catalog) Names() []string { return c.names }

func (c *Catalog) add(t *Type) {
	c.types[t.Name] = t
	c.byEndpoint[t.Endpoint] = t
	c.names = append(c.names, t.Name)
	sort.Strings(c.names)
}

// Column is one SQL column of a type's table.
type Column struct {
	Name string
	Type value.Column
}

// Columns lists the table columns the type's fields need, besides the
// system columns id, account_id, x_search and x_extra.
func (t *Type) Columns() []Column {
	var out []Column
	for _, f := range t.Fields {
		switch f.Role {
		case RoleValue:
			out = append(out, Column{f.Column, f.Kind.Column()})
			if s, ok := f.Kind.(value.Sorter); ok {
				out = append(out, Column{f.Column + "_s", s.SortColumn()})
			}
		case RoleLink:
			out = append(out, Column{f.Column + "_t", value.ColText}, Column{f.Column + "_i", value.ColInt})
		}
	}
	return out
}

// SortColumn is the column a sortable value field orders and compares on.
func (f *Field) SortColumn() string {
	if f.Role == RoleLink {
		return f.Column + "_i"
	}
	if _, ok := f.Kind.(value.Sorter); ok {
		return f.Column + "_s"
	}
	return f.Column
}
