package entity

import (
	"context"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// Selection is which fields a read returns: the defaults plus Fields, or
// with Only just Fields. Full is a single-entity read, which by default also
// returns the many-to-many collections (lists return their counts only).
type Selection struct {
	Fields []string
	Only   bool
	Full   bool
}

func (s Selection) requested(name string) bool {
	for _, f := range s.Fields {
		if f == name {
			return true
		}
	}
	return false
}

func (s Selection) wants(f *catalog.Field) bool {
	if s.requested(f.Name) {
		return true
	}
	if s.Only {
		return false
	}
	switch f.Role {
	case catalog.RoleValue, catalog.RoleLink, catalog.RoleCount:
		return true
	case catalog.RoleLinks, catalog.RoleHeld:
		return s.Full
	}
	return false
}

// selected are the fields of t the selection renders. With Only it looks
// up the few names asked for instead of testing each of a type's hundred
// fields against them, which was a twentieth of a list page's CPU.
func (s Selection) selected(t *catalog.Type) []*catalog.Field {
	if !s.Only {
		out := make([]*catalog.Field, 0, len(t.Fields))
		for _, f := range t.Fields {
			if s.wants(f) {
				out = append(out, f)
			}
		}
		return out
	}
	out := make([]*catalog.Field, 0, len(s.Fields))
	for _, name := range s.Fields {
		if f := t.Field(name); f != nil && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// MayNeedExtras reports whether records of t rendered with the selection
// can show extra fields: not when only built-in fields were asked for, so
// such a page skips reading the account's extra fields.
func (s Selection) MayNeedExtras(t *catalog.Type) bool {
	if !s.Only {
		return true
	}
	for _, name := range s.Fields {
		if t.Field(name) == nil {
			return true
		}
	}
	return false
}

// Expand loads the counts and collections a selection needs for records of
// one type.
func (e *Engine) Expand(ctx context.Context, sc Scope, recs []*Record, sel Selection) error {
	if len(recs) == 0 {
		return nil
	}
	var counts, colls []*catalog.Field
	for _, f := range sel.selected(recs[0].Type) {
		switch f.Role {
		case catalog.RoleCount:
			counts = append(counts, f)
		case catalog.RoleLinks, catalog.RoleReverse:
			colls = append(colls, f)
		}
	}
	counts, handed, err := e.handOver(ctx, sc, recs[0].Type, counts)
	if err != nil {
		return err
	}
	if err := e.counts(ctx, sc, recs, counts); err != nil {
		return err
	}
	if e.Policy != nil && !sc.System && recs[0].Type.Has("possibleActions") && (sel.requested("possibleActions") || !sel.Only) {
		actions := e.Policy.PossibleActions(ctx, sc, recs)
		for _, r := range recs {
			if r.Computed == nil {
				r.Computed = map[string]any{}
			}
			list := actions[r.ID]
			if list == nil {
				list = []string{}
			}
			r.Computed["possibleActions"] = list
		}
	}
	if err := e.compute(ctx, sc, recs, sel, handed); err != nil {
		return err
	}
	got, err := e.collections(ctx, sc, recs, colls)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if len(colls) == 0 {
			break
		}
		r.Many = make(map[string][]value.Link, len(colls))
		for _, f := range colls {
			r.Many[f.Name] = got[r.ID][f.Name]
		}
	}
	return nil
}

// Encode renders a record in its API form.
func Encode(rec *Record, sel Selection, extras []*ExtraField, opt value.Options) map[string]any {
	fields := sel.selected(rec.Type)
	out := make(map[string]any, len(fields)+len(rec.Computed)+len(extras)+2)
	out["contentType"], out["id"] = rec.Type.Name, strconv.FormatInt(rec.ID, 10)
	for _, f := range fields {
		switch f.Role {
		case catalog.RoleValue:
			v := rec.Values[f.Name]
			if v == nil && !f.Nullable {
				if _, isBool := f.Kind.(value.Bool); isBool {
					v = int64(0)
				}
			}
			out[f.Name] = f.Kind.Encode(v, opt)
		case catalog.RoleLink:
			if l, ok := rec.Links[f.Name]; ok {
				out[f.Name] = value.EncodeLink(l)
			} else {
				out[f.Name] = nil
			}
		case catalog.RoleCount:
			if n, ok := rec.Counts[f.Name]; ok {
				out[f.Name] = n
			}
		case catalog.RoleLinks, catalog.RoleReverse:
			if ls, ok := rec.Many[f.Name]; ok {
				items := make([]any, len(ls))
				for i, l := range ls {
					items[i] = value.EncodeLink(l)
				}
				out[f.Name] = items
			}
		}
	}
	for name, v := range rec.Computed {
		if !sel.Only || sel.requested(name) {
			out[name] = v
		}
	}
	for _, x := range extras {
		if sel.Only && !sel.requested(x.Name) || !x.appliesTo(rec) {
			continue
		}
		out[x.Name] = x.kind.Encode(rec.Extra[x.Name], opt)
	}
	return out
}
