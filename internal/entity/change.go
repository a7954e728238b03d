package entity

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// Input is an entity body as the API received it: field name -> raw JSON.
type Input map[string]json.RawMessage

// Change is a decoded, validated write. Hooks read and may amend it.
type Change struct {
	Scope     Scope
	Type      *catalog.Type
	ID        int64 // 0 until created
	New       bool
	Old       *Record                    // the entity before an update
	Values    map[string]any             // value fields to write (nil clears)
	Links     map[string]*value.Link     // single links to write (nil clears)
	Many      map[string][]value.Link    // collections to replace
	Extra     map[string]any             // extra field values to write
	WriteOnly map[string]json.RawMessage // e.g. password, for hooks
	Held      map[string]json.RawMessage // RoleHeld fields, for the module keeping them
	// Upkeep marks a module keeping a derived field (a client's next
	// contact from its to-dos): no one edited the entity, so timeUpdated
	// and userUpdated stay as the last edit left them.
	Upkeep bool
}

// Fields lists the names the change writes, for events.
func (c *Change) Fields() []string {
	var out []string
	for k := range c.Values {
		out = append(out, k)
	}
	for k := range c.Links {
		out = append(out, k)
	}
	for k := range c.Many {
		out = append(out, k)
	}
	for k := range c.Extra {
		out = append(out, k)
	}
	return out
}

// Set puts a value field into the change, for hooks; v is the stored form.
func (c *Change) Set(field string, v any) { c.Values[field] = v }

var null = []byte("null")

// decode turns an Input into a Change, collecting every field error.
func (e *Engine) decode(ctx context.Context, sc Scope, t *catalog.Type, in Input, old *Record) (*Change, error) {
	c := &Change{Scope: sc, Type: t, New: old == nil, Old: old,
		Values: map[string]any{}, Links: map[string]*value.Link{}, Many: map[string][]value.Link{},
		Extra: map[string]any{}, WriteOnly: map[string]json.RawMessage{}, Held: map[string]json.RawMessage{}}
	if old != nil {
		c.ID = old.ID
	}
	bad := &Invalid{}
	extras, err := e.ExtraFields(ctx, sc, t.Name)
	if err != nil {
		return nil, err
	}
	for name, raw := range in {
		raw = bytes.TrimSpace(raw)
		switch name {
		case "id":
			continue
		case "contentType":
			var ct string
			if json.Unmarshal(raw, &ct) != nil || ct != t.Name {
				bad.addValue(name, &value.Error{Code: value.CodeEnum, Expected: "contentType", Allowed: []string{t.Name}})
			}
			continue
		}
		f := t.Field(name)
		if f == nil {
			if x := extras.byName(name); x != nil {
				v, err := x.kind.Decode(raw)
				if err != nil {
					bad.addValue(name, err)
				} else {
					c.Extra[name] = v
				}
				continue
			}
			bad.Add(name, CodeUnknownField, "")
			continue
		}
		if !f.Writable() {
			// Clients often send back a whole entity they read; fields
			// the server maintains are ignored rather than refused.
			continue
		}
		switch f.Role {
		case catalog.RoleValue:
			v, err := f.Kind.Decode(raw)
			if err != nil {
				bad.addValue(name, err)
				continue
			}
			c.Values[name] = v
		case catalog.RoleLink:
			if len(raw) == 0 || bytes.Equal(raw, null) {
				c.Links[name] = nil
				continue
			}
			l, err := value.DecodeLink(raw, f.Targets)
			if err != nil {
				bad.addValue(name, err)
				continue
			}
			c.Links[name] = &l
		case catalog.RoleLinks:
			ls, err := value.DecodeLinks(raw, f.Targets)
			if err != nil {
				bad.addValue(name, err)
				continue
			}
			c.Many[name] = ls
		case catalog.RoleWriteOnly:
			c.WriteOnly[name] = raw
		case catalog.RoleHeld:
			c.Held[name] = raw
		}
	}
	// An owned field (a program's, on a Deal) is written and required only
	// on the entities of its owner; naming another owner's field is an
	// error on that field rather than a silent drop.
	owner := e.ownerAfter(c)
	for name := range c.Extra {
		if !extras.byName(name).Applies(owner) {
			bad.Add(name, CodeNotOwned, "")
			delete(c.Extra, name)
		}
	}
	e.checkRequired(c, extras.ForOwner(owner), bad)
	if len(bad.Errors) > 0 {
		// Report missing link targets in the same answer, so a client
		// sees every bad field at once.
		var links *Invalid
		if err := e.checkLinks(ctx, c); errors.As(err, &links) {
			bad.Errors = append(bad.Errors, links.Errors...)
		} else if err != nil {
			return nil, err
		}
		return nil, bad
	}
	return c, nil
}

// checkRequired refuses a create without a required field, and any write
// that clears one.
func (e *Engine) checkRequired(c *Change, extras extraSet, bad *Invalid) {
	for _, f := range c.Type.Fields {
		if !f.Required {
			continue
		}
		switch f.Role {
		case catalog.RoleValue:
			v, given := c.Values[f.Name]
			if (c.New && !given) || (given && isEmpty(v)) {
				bad.Add(f.Name, CodeRequired, "")
			}
		case catalog.RoleLink:
			l, given := c.Links[f.Name]
			if (c.New && !given) || (given && l == nil) {
				bad.Add(f.Name, CodeRequired, "")
			}
		}
	}
	for _, x := range extras {
		if !x.Required {
			continue
		}
		v, given := c.Extra[x.Name]
		if (c.New && !given) || (given && isEmpty(v)) {
			bad.Add(x.Name, CodeRequired, "")
		}
	}
}

func isEmpty(v any) bool {
	if v == nil {
		return true
	}
	s, ok := v.(string)
	return ok && s == ""
}

// ValueAfter is a value field as the change leaves it: the written value,
// else the stored one (nil on a create that does not write it).
func (c *Change) ValueAfter(field string) any {
	if v, given := c.Values[field]; given {
		return v
	}
	if c.Old != nil {
		return c.Old.Values[field]
	}
	return nil
}

// LinkAfter is a single link as the change leaves it; nil for none.
func (c *Change) LinkAfter(field string) *value.Link {
	if l, given := c.Links[field]; given {
		return l
	}
	if c.Old != nil {
		if l, ok := c.Old.Links[field]; ok {
			return &l
		}
	}
	return nil
}
