package crm

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A client type (ContractorType) names fields of its clients: the ones a
// client of the type must have (requiredFields), and those the screens
// show when adding one (visibleOnCreationFields), on its card
// (visibleInCardFields) and pinned at its top (fixedFields).
var typeFieldLists = []string{"fixedFields", "visibleInCardFields", "requiredFields", "visibleOnCreationFields"}

// clientFieldNames are the fields a client type may name: those a person
// or a company is written with, and their extra fields.
func clientFieldNames(ctx context.Context, e *entity.Engine, sc entity.Scope) (map[string]bool, error) {
	names := map[string]bool{}
	for _, typ := range Types {
		for _, f := range e.Cat.Type(typ).Fields {
			if f.Writable() {
				names[f.Name] = true
			}
		}
		extras, err := e.ExtraFields(ctx, sc, typ)
		if err != nil {
			return nil, err
		}
		for _, x := range extras {
			names[x.Name] = true
		}
	}
	return names, nil
}

// checkTypeFields refuses a field list naming what no client has.
func checkTypeFields(ctx context.Context, e *entity.Engine, c *entity.Change) error {
	var names map[string]bool
	for _, list := range typeFieldLists {
		v, given := c.Values[list]
		if !given || v == nil {
			continue
		}
		if names == nil {
			var err error
			if names, err = clientFieldNames(ctx, e, c.Scope); err != nil {
				return err
			}
		}
		for _, n := range storedNames(v) {
			if !names[n] {
				return entity.Invalidf(list, value.CodeEnum, n)
			}
		}
	}
	return nil
}

// storedNames reads a string[] field's stored form.
func storedNames(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		_ = json.Unmarshal([]byte(x), &out)
	case []byte:
		_ = json.Unmarshal(x, &out)
	}
	return out
}

// checkRequired: a client of a type with requiredFields is created with
// them, and a write may not clear them; changing the type checks them
// all. A write leaving them alone passes, so a client saved before its
// type gained a rule is not locked out of other changes. Artel's own
// writes (a lead form's post, made as its responsible with the system's
// rights) are not held to them: a lead is never lost for a field the
// form does not ask.
func checkRequired(ctx context.Context, e *entity.Engine, c *entity.Change) error {
	if c.Scope.System {
		return nil
	}
	typ := c.Links["type"]
	_, retyped := c.Links["type"]
	if !retyped && c.Old != nil {
		if l, ok := c.Old.Links["type"]; ok {
			typ = &l
		}
	}
	if typ == nil {
		return nil
	}
	ct, err := e.Get(ctx, entity.Scope{Account: c.Scope.Account, System: true}, TypeList, typ.ID)
	if err != nil {
		return nil // the type's own check refuses a type that is not there
	}
	bad := &entity.Invalid{}
	for _, name := range storedNames(ct.Values["requiredFields"]) {
		if !c.New && !retyped && !writes(c, name) {
			continue
		}
		filled, err := hasField(ctx, e, c, name)
		if err != nil {
			return err
		}
		if !filled {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: name, Code: entity.CodeRequired})
		}
	}
	if len(bad.Errors) > 0 {
		return bad
	}
	return nil
}

// hasField tells whether the client has the field once the change is
// written; a field its type lacks (a person's firstName on a company)
// is no requirement.
func hasField(ctx context.Context, e *entity.Engine, c *entity.Change, name string) (bool, error) {
	f := c.Type.Field(name)
	switch {
	case f == nil:
		v, given := c.Extra[name]
		if !given && c.Old != nil {
			v, given = c.Old.Extra[name]
		}
		extras, err := e.ExtraFields(ctx, c.Scope, c.Type.Name)
		if err != nil {
			return false, err
		}
		return !extraOf(extras, name) || given && filled(v), nil
	case f.Role == catalog.RoleLink:
		l, given := c.Links[name]
		if !given && c.Old != nil {
			if old, ok := c.Old.Links[name]; ok {
				l = &old
			}
		}
		return l != nil, nil
	case f.Role == catalog.RoleLinks:
		if links, given := c.Many[name]; given || c.New {
			return len(links) > 0, nil
		}
		// The collection as it stands, read into a copy: the change's
		// own record of the client before stays as the engine gave it.
		old := *c.Old
		old.Many = nil
		sys := entity.Scope{Account: c.Scope.Account, System: true}
		if err := e.Expand(ctx, sys, []*entity.Record{&old}, entity.Selection{Fields: []string{name}, Only: true}); err != nil {
			return false, err
		}
		return len(old.Many[name]) > 0, nil
	default:
		v, given := c.Values[name]
		if !given && c.Old != nil {
			v = c.Old.Values[name]
		}
		return filled(v), nil
	}
}

// writes tells whether the change sets or clears the field.
func writes(c *entity.Change, name string) bool {
	_, val := c.Values[name]
	_, link := c.Links[name]
	_, many := c.Many[name]
	_, extra := c.Extra[name]
	return val || link || many || extra
}

func extraOf(extras []*entity.ExtraField, name string) bool {
	for _, x := range extras {
		if x.Name == name {
			return true
		}
	}
	return false
}

// filled: a value other than nothing, an empty text or an empty list.
func filled(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case string:
		s := strings.TrimSpace(x)
		return s != "" && s != "[]" && s != "null"
	}
	return true
}
