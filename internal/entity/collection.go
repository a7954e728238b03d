package entity

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// AddItem adds one item to a collection field. For a many-to-many
// collection the body is a link; for a reverse collection (Task.comments,
// Project.tasks) it is a new entity of the item type, created with its
// link pointing here. It returns the owner after the change and, for a
// reverse collection, the created item.
func (e *Engine) AddItem(ctx context.Context, sc Scope, typeName string, id int64, field string, body json.RawMessage) (owner, item *Record, err error) {
	t, f, err := e.collection(typeName, field)
	if err != nil {
		return nil, nil, err
	}
	err = e.DB.WithTx(ctx, func(ctx context.Context) error {
		old, err := e.Get(ctx, sc, t.Name, id)
		if err != nil {
			return err
		}
		switch f.Role {
		case catalog.RoleLinks:
			l, err := value.DecodeLink(body, f.Targets)
			if err != nil {
				bad := &Invalid{}
				bad.addValue(field, err)
				return bad
			}
			current, err := e.collections(ctx, sc, []*Record{old}, []*catalog.Field{f})
			if err != nil {
				return err
			}
			c := NewChange(sc, t, old)
			c.Many[field] = appendUnique(current[old.ID][field], l)
			owner, err = e.save(ctx, c)
			return err
		default:
			in := Input{}
			if len(body) > 0 && string(body) != "null" {
				if err := json.Unmarshal(body, &in); err != nil {
					return Invalidf(field, value.CodeType, "")
				}
			}
			self, _ := json.Marshal(value.EncodeLink(old.Link()))
			in[f.Reverse.Field] = self
			item, err = e.Create(ctx, sc, f.Reverse.Type, in)
			if err != nil {
				return err
			}
			owner, err = e.Get(ctx, sc, t.Name, id)
			return err
		}
	})
	return owner, item, err
}

// RemoveItem takes one item out of a collection field. A reverse item is
// detached by clearing its link, which its type may refuse (Comment.subject
// is required).
func (e *Engine) RemoveItem(ctx context.Context, sc Scope, typeName string, id int64, field string, item value.Link) (*Record, error) {
	t, f, err := e.collection(typeName, field)
	if err != nil {
		return nil, err
	}
	var owner *Record
	err = e.DB.WithTx(ctx, func(ctx context.Context) error {
		old, err := e.Get(ctx, sc, t.Name, id)
		if err != nil {
			return err
		}
		if f.Role == catalog.RoleLinks {
			current, err := e.collections(ctx, sc, []*Record{old}, []*catalog.Field{f})
			if err != nil {
				return err
			}
			list := current[old.ID][field]
			kept := list[:0:0]
			for _, l := range list {
				if l != item {
					kept = append(kept, l)
				}
			}
			if len(kept) == len(list) {
				return ErrNotFound
			}
			c := NewChange(sc, t, old)
			c.Many[field] = kept
			owner, err = e.save(ctx, c)
			return err
		}
		child, err := e.Get(ctx, sc, item.Type, item.ID)
		if err != nil || item.Type != f.Reverse.Type || child.Links[f.Reverse.Field] != old.Link() {
			return ErrNotFound
		}
		if _, err := e.Update(ctx, sc, item.Type, item.ID, Input{f.Reverse.Field: json.RawMessage("null")}); err != nil {
			return err
		}
		owner, err = e.Get(ctx, sc, t.Name, id)
		return err
	})
	return owner, err
}

func (e *Engine) collection(typeName, field string) (*catalog.Type, *catalog.Field, error) {
	t, err := e.Type(typeName)
	if err != nil {
		return nil, nil, err
	}
	f := t.Field(field)
	if f == nil || (f.Role != catalog.RoleLinks && f.Role != catalog.RoleReverse) {
		return nil, nil, fmt.Errorf("%w: %s.%s is not a collection", ErrNotFound, typeName, field)
	}
	return t, f, nil
}

func appendUnique(list []value.Link, l value.Link) []value.Link {
	for _, x := range list {
		if x == l {
			return list
		}
	}
	return append(append([]value.Link(nil), list...), l)
}

// writeCollections replaces the collections a change names and hands the
// AfterLinks hooks what those collections held before the save (nothing on
// a create). The old lists are read only for a type with such a hook, so
// other types' saves cost no extra query.
func (e *Engine) writeCollections(ctx context.Context, c *Change) error {
	var after []func(context.Context, *Change, map[string][]value.Link) error
	for _, h := range e.hooks[c.Type.Name] {
		if h.AfterLinks != nil {
			after = append(after, h.AfterLinks)
		}
	}
	if len(after) == 0 || len(c.Many) == 0 {
		return e.writeMany(ctx, c)
	}
	before := map[string][]value.Link{}
	if !c.New {
		var fields []*catalog.Field
		for name := range c.Many {
			if f := c.Type.Field(name); f != nil && f.Role == catalog.RoleLinks {
				fields = append(fields, f)
			}
		}
		held, err := e.collections(ctx, c.Scope, []*Record{{Type: c.Type, ID: c.ID}}, fields)
		if err != nil {
			return err
		}
		before = held[c.ID]
		if before == nil {
			before = map[string][]value.Link{}
		}
	}
	if err := e.writeMany(ctx, c); err != nil {
		return err
	}
	for _, h := range after {
		if err := h(ctx, c, before); err != nil {
			return err
		}
	}
	return nil
}
