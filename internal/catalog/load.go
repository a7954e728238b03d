package catalog

import (
	"bufio"
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/artel/artel/internal/value"
)

//go:embed types.tsv
var typesTSV string

// Load builds the catalogue from the embedded reference rows and the rules.
// It fails only when the catalogue itself is inconsistent, which a test
// catches long before a release.
func Load() (*Catalog, error) {
	rows, err := parseRows(typesTSV)
	if err != nil {
		return nil, err
	}
	c := &Catalog{types: map[string]*Type{}, byEndpoint: map[string]*Type{}}
	for _, name := range rows.order {
		c.add(&Type{
			Name:     name,
			Endpoint: lowerFirst(name),
			Table:    "e_" + strings.ToLower(name),
			Label:    Labels{Ru: orDefault(rows.typeDesc[name], name), En: typeLabelEn(name)},
			byName:   map[string]*Field{},
		})
	}
	for _, name := range rows.order {
		t := c.types[name]
		for _, r := range rows.fields[name] {
			f := c.buildField(t, r)
			t.Fields = append(t.Fields, f)
			t.byName[f.Name] = f
		}
		for _, fname := range addWriteOnly[name] {
			if t.byName[fname] == nil {
				f := &Field{Name: fname, RefType: "string", Role: RoleWriteOnly, Label: Labels{Ru: "Пароль", En: "Password"}}
				t.Fields = append(t.Fields, f)
				t.byName[fname] = f
			}
		}
	}
	for _, name := range rows.order {
		if err := c.resolve(c.types[name]); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// MustLoad is Load for program start and tests.
func MustLoad() *Catalog {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

type row struct{ name, typ, flags, enum, desc string }

type rowSet struct {
	order    []string
	typeDesc map[string]string
	fields   map[string][]row
}

func parseRows(text string) (*rowSet, error) {
	rs := &rowSet{typeDesc: map[string]string{}, fields: map[string][]row{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	sc.Scan() // header
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 7 {
			return nil, fmt.Errorf("catalog: bad row %q", sc.Text())
		}
		typ, field := cols[0], cols[2]
		if _, seen := rs.fields[typ]; !seen {
			rs.order = append(rs.order, typ)
			rs.fields[typ] = nil
		}
		if field == "@type" {
			rs.typeDesc[typ] = dash(cols[6])
			continue
		}
		if field == "id" || field == "contentType" {
			continue
		}
		rs.fields[typ] = append(rs.fields[typ], row{field, cols[3], cols[4], dash(cols[5]), dash(cols[6])})
	}
	return rs, sc.Err()
}

func (c *Catalog) buildField(t *Type, r row) *Field {
	f := &Field{
		Name:     r.name,
		RefType:  r.typ,
		Sortable: strings.Contains(r.flags, "S") || sortable[t.Name+"."+r.name],
		Required: strings.Contains(r.flags, "R") && !optional[t.Name+"."+r.name],
		ReadOnly: readOnly[r.name],
		Nullable: nullable[r.name],
		Label:    Labels{Ru: orDefault(r.desc, humanize(r.name)), En: humanize(r.name)},
		Column:   "c_" + strings.ToLower(r.name),
	}
	if r.enum != "" {
		f.Enum = strings.Split(r.enum, ",")
	}
	linkType := r.typ
	if held, ok := holds[t.Name+"."+r.name]; ok {
		linkType = held
	}
	targets, many := c.linkTargets(linkType)
	switch {
	case held[t.Name+"."+r.name]:
		f.Role = RoleHeld
	case computed[r.name] || computedIn[t.Name+"."+r.name]:
		f.Role = RoleComputed
	case writeOnly[r.name]:
		f.Role = RoleWriteOnly
	case r.name == "comments" && many:
		f.Role, f.Reverse, f.Targets = RoleReverse, &Reverse{"Comment", "subject"}, targets
	case reverse[t.Name+"."+r.name] != Reverse{}:
		rv := reverse[t.Name+"."+r.name]
		f.Role, f.Reverse, f.Targets = RoleReverse, &rv, targets
	case len(targets) > 0 && many:
		f.Role, f.Targets = RoleLinks, targets
	case len(targets) > 0:
		f.Role, f.Targets, f.Indexed = RoleLink, targets, true
	default:
		f.Role = RoleValue
		f.Kind = kindFor(r.typ, f.Enum)
		f.Indexed = indexed[r.name]
	}
	if f.Role == RoleComputed || f.Role == RoleWriteOnly || f.Role == RoleHeld {
		f.Sortable = false
	}
	// A required flag means "must be given on create" only where an empty
	// value is possible; booleans and numbers default to false and zero.
	if f.Required && !(f.Role == RoleLink || (f.Role == RoleValue && f.Kind.Column() == value.ColText && !strings.HasSuffix(r.typ, "[]"))) {
		f.Required = false
	}
	return f
}

// resolve links counts to their collections and checks reverse collections.
func (c *Catalog) resolve(t *Type) error {
	for _, f := range t.Fields {
		if f.Role == RoleReverse {
			other := c.types[f.Reverse.Type]
			if other == nil || other.Field(f.Reverse.Field) == nil || other.Field(f.Reverse.Field).Role != RoleLink {
				return fmt.Errorf("catalog: %s.%s: reverse %s.%s is not a single link", t.Name, f.Name, f.Reverse.Type, f.Reverse.Field)
			}
		}
		if f.Role != RoleValue || !strings.HasSuffix(f.Name, "Count") || f.RefType != "integer" {
			continue
		}
		coll := t.Field(strings.TrimSuffix(f.Name, "Count"))
		if coll == nil {
			continue
		}
		switch coll.Role {
		case RoleLinks, RoleReverse:
			f.Role, f.CountOf, f.Kind, f.Sortable = RoleCount, coll.Name, nil, false
		case RoleComputed, RoleHeld:
			f.Role, f.Kind, f.Sortable = RoleComputed, nil, false
		}
	}
	t.Indexes = composite[t.Name]
	t.Ordered = ordered[t.Name]
	for _, space := range idSpaces {
		if slices.Contains(space, t.Name) {
			t.IDSpace = space
		}
	}
	t.SpaceUnion = spaceUnions[t.Name]
	for _, name := range slices.Concat(searchable, searchedText[t.Name]) {
		if f := t.Field(name); f != nil && f.Role == RoleValue && !slices.Contains(t.Search, name) {
			t.Search = append(t.Search, name)
		}
	}
	return nil
}

// linkTargets returns the content types a reference type links to, and
// whether it is a collection. Members that are not served entities (value
// objects, hosted-service types) are dropped; none left means not a link.
func (c *Catalog) linkTargets(refType string) ([]string, bool) {
	s := refType
	many := strings.HasSuffix(s, "[]")
	s = strings.TrimSuffix(s, "[]")
	s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	var out []string
	for _, m := range strings.Split(s, "|") {
		if _, ok := c.types[m]; ok {
			out = append(out, m)
		}
	}
	return out, many
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// humanize turns a camelCase name into a sentence-case label.
func humanize(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		}
		if i == 0 {
			r = unicode.ToUpper(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

func typeLabelEn(name string) string {
	if l, ok := typeLabelsEn[name]; ok {
		return l
	}
	return humanize(name)
}

func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
