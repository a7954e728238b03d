package entity

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// projection is the part of a row a list reads: all stored fields, or only
// those a client named with onlyRequestedFields plus those the rules need
// (rights, possibleActions, computed fields). A page of 25 tasks asked for
// ten fields then reads ten columns, not seventy.
type projection struct {
	fields []*catalog.Field // stored fields read, in table order
	sql    string           // the select list, prefixed with the table
	extra  bool             // x_extra is read (extra fields were asked for)
}

// NeedFields names fields the rules read from every listed record of a
// type (the members a rights rule checks, the status a possibleActions
// table needs), so a projection never leaves them out.
func (e *Engine) NeedFields(typeName string, fields ...string) {
	if e.needs == nil {
		e.needs = map[string][]string{}
	}
	e.needs[typeName] = append(e.needs[typeName], fields...)
}

// project builds the projection for a list asked for some fields; nil
// fields read the whole row.
func (e *Engine) project(t *catalog.Type, fields []string) *projection {
	want := map[string]bool{}
	extra := fields == nil
	for _, f := range fields {
		want[f] = true
		if t.Field(f) == nil {
			extra = true // an extra field, or a name the encoder will skip
		}
	}
	for _, f := range e.needs[t.Name] {
		want[f] = true
	}
	if n, ok := e.Policy.(interface{ Needs(string) []string }); ok {
		for _, f := range n.Needs(t.Name) {
			want[f] = true
		}
	}
	p := &projection{extra: extra}
	cols := []string{t.Table + ".id"}
	if extra {
		cols = append(cols, t.Table+".x_extra")
	}
	for _, f := range t.Fields {
		if !f.Stored() || fields != nil && !want[f.Name] {
			continue
		}
		p.fields = append(p.fields, f)
		if f.Role == catalog.RoleLink {
			cols = append(cols, t.Table+"."+f.Column+"_t", t.Table+"."+f.Column+"_i")
		} else {
			cols = append(cols, t.Table+"."+f.Column)
		}
	}
	p.sql = strings.Join(cols, ", ")
	return p
}

// scan reads rows selected with the projection.
func (p *projection) scan(t *catalog.Type, rows *sql.Rows) ([]*Record, error) {
	defer rows.Close()
	var out []*Record
	n := 1
	if p.extra {
		n++
	}
	values, links := 0, 0
	for _, f := range p.fields {
		n++
		values++
		if f.Role == catalog.RoleLink {
			n++
			values, links = values-1, links+1
		}
	}
	// One set of scan targets serves every row: each row's values are
	// copied out of them (into the record) before the next Scan.
	var id int64
	var extra sql.NullString
	dest := make([]any, n)
	ptrs := make([]any, n)
	ptrs[0] = &id
	first := 1
	if p.extra {
		ptrs[1] = &extra
		first = 2
	}
	for i := first; i < n; i++ {
		ptrs[i] = &dest[i]
	}
	for rows.Next() {
		extra = sql.NullString{}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, fmt.Errorf("entity: scan %s: %w", t.Name, err)
		}
		rec := &Record{Type: t, ID: id, Values: make(map[string]any, values), Links: make(map[string]value.Link, links)}
		i := first
		for _, f := range p.fields {
			if f.Role == catalog.RoleLink {
				typ, _ := normalize(dest[i]).(string)
				lid, _ := normalize(dest[i+1]).(int64)
				if typ != "" && lid > 0 {
					rec.Links[f.Name] = value.Link{Type: typ, ID: lid}
				}
				i += 2
				continue
			}
			if v := normalize(dest[i]); v != nil {
				rec.Values[f.Name] = v
			}
			i++
		}
		if extra.Valid && extra.String != "" {
			if err := json.Unmarshal([]byte(extra.String), &rec.Extra); err != nil {
				return nil, fmt.Errorf("entity: extra of %s %d: %w", t.Name, id, err)
			}
			for k, v := range rec.Extra {
				rec.Extra[k] = normalizeJSON(v)
			}
		}
		out = append(out, rec)
	}
	return out, rows.Err()
}
