package entity

import (
	"context"
	"errors"

	"github.com/artel/artel/internal/value"
)

// extraOwner is the link through which an entity picks up the extra fields
// owned by what it links to: a Deal's "program" link, so a field owned by
// a Program is that program's deals' (the reference's ExtraField.owner).
type extraOwner struct {
	field  string // the owning link on the entity, e.g. "program"
	target string // the owner's content type, e.g. "Program"
}

// ExtraOwner lets extra fields of typeName be owned by a target entity,
// which typeName's records name in their link field. A module calls it
// at registration (the deal module for Deal -> program -> Program).
func (e *Engine) ExtraOwner(typeName, field, target string) {
	if e.extraOwners == nil {
		e.extraOwners = map[string]extraOwner{}
	}
	e.extraOwners[typeName] = extraOwner{field: field, target: target}
	// A list asked for only an owned field still reads the owning link,
	// which says whether the field is the record's (appliesTo).
	e.NeedFields(typeName, field)
}

// ExtraOwnerTypes names the type that may own typeName's extra fields;
// none when they have no owners.
func (e *Engine) ExtraOwnerTypes(typeName string) []string {
	if o, ok := e.extraOwners[typeName]; ok {
		return []string{o.target}
	}
	return nil
}

// Applies tells whether the field belongs to an entity whose owning link
// is owner (nil: the entity names no owner). A field without an owner is
// every entity's.
func (x *ExtraField) Applies(owner *value.Link) bool {
	return x.Owner == nil || owner != nil && *owner == *x.Owner
}

// appliesTo is Applies for a stored record.
func (x *ExtraField) appliesTo(rec *Record) bool {
	if x.Owner == nil {
		return true
	}
	l, ok := rec.Links[x.ownerField]
	return ok && x.Applies(&l)
}

// ForOwner narrows a type's fields to those an entity with that owning
// link has: the owner's own and the unowned.
func (s extraSet) ForOwner(owner *value.Link) extraSet {
	out := make(extraSet, 0, len(s))
	for _, x := range s {
		if x.Applies(owner) {
			out = append(out, x)
		}
	}
	return out
}

// checkOwner refuses an owner the type does not take (a wrong type, or a
// type whose fields have no owners) and one that does not exist.
func (e *Engine) checkOwner(ctx context.Context, sc Scope, x *ExtraField, bad *Invalid) error {
	if x.Owner == nil {
		return nil
	}
	o, ok := e.extraOwners[x.ContentType]
	if !ok {
		bad.addValue("owner", &value.Error{Code: value.CodeEnum, Expected: "owner"})
		return nil
	}
	if x.Owner.Type != o.target {
		bad.addValue("owner", &value.Error{Code: value.CodeEnum, Expected: "owner", Allowed: []string{o.target}})
		return nil
	}
	if _, err := e.Get(ctx, sc, o.target, x.Owner.ID); errors.Is(err, ErrNotFound) {
		bad.Add("owner", CodeLinkNotFound, o.target)
	} else if err != nil {
		return err
	}
	return nil
}

// ownerAfter is the owning link a change leaves the entity with.
func (e *Engine) ownerAfter(c *Change) *value.Link {
	o, ok := e.extraOwners[c.Type.Name]
	if !ok {
		return nil
	}
	return c.LinkAfter(o.field)
}
