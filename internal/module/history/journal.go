// Package history owns the journal of changes (entity_history, migration
// 12) of every type the reference serves GET /{entity}/{id}/history for:
// written by the AfterLinks (collections, links.go) and AfterSave (values,
// single links, extra fields) hooks, so it shares the save's transaction
// and a refused or failed save leaves no row behind, and read back as the
// reference's FieldChange values (http.go). Values are kept in their API
// form (UTC), so the journal reads back without the catalogue of the day.
package history

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Types are the types with a /history route in the reference
// (api-v3-routes.tsv) that Artel's catalogue holds; /contractor/{id} is
// the client area's union route, served there.
var Types = []string{"ContractorCompany", "ContractorHuman", "Deal", "Doc", "Offer", "Project", "Task", "Todo", "Warehouse"}

// Created is the field of the row that marks a creation.
const Created = ""

// skipped are fields every save rewrites: journalling them would bury the
// changes a person made. subscribers is who is notified about the record,
// each reader's own choice, not a change of the record. A module adds its
// own derived fields with Journal.Skip.
var skipped = map[string]bool{
	"activity": true, "timeUpdated": true, "userUpdated": true, "statusChangeTime": true,
	"isOverdue": true, "timeCreated": true, "userCreated": true, "subscribers": true,
}

// Entry is one journal row.
type Entry struct {
	ID       int64
	Field    string
	Old, New json.RawMessage // nil when the value was unset
	User     value.Link      // zero for the system
	Time     int64           // unix milliseconds
}

// Journal records the changes of Types.
type Journal struct {
	e       *entity.Engine
	skipped map[string]map[string]bool // type -> a module's own skipped fields
}

// Register installs the journal's hooks on every type of Types the
// catalogue holds.
func Register(e *entity.Engine) *Journal {
	j := &Journal{e: e, skipped: map[string]map[string]bool{}}
	for _, kind := range Types {
		if e.Cat.Type(kind) == nil {
			continue
		}
		e.Hook(kind, entity.Hooks{
			AfterLinks: func(ctx context.Context, c *entity.Change, before map[string][]value.Link) error {
				if c.New {
					return nil
				}
				return insert(ctx, e, c, j.changedLinks(c, before))
			},
			AfterSave: func(ctx context.Context, c *entity.Change, rec *entity.Record) error {
				if c.New {
					return insert(ctx, e, c, []Entry{{Field: Created}})
				}
				extras, err := changedExtras(ctx, e, c, rec)
				if err != nil {
					return err
				}
				return insert(ctx, e, c, append(j.changedFields(c, rec), extras...))
			},
		})
	}
	return j
}

// Skip leaves fields of a type out of the journal: values a module
// derives from others that are journalled themselves.
func (j *Journal) Skip(typeName string, fields ...string) {
	if j.skipped[typeName] == nil {
		j.skipped[typeName] = map[string]bool{}
	}
	for _, f := range fields {
		j.skipped[typeName][f] = true
	}
}

func (j *Journal) skips(c *entity.Change, field string) bool {
	return skipped[field] || j.skipped[c.Type.Name][field]
}

// insert writes a save's rows, stamped with the save's own
// timeUpdated so the rows of one save (links, values) share one time.
func insert(ctx context.Context, e *entity.Engine, c *entity.Change, rows []Entry) error {
	now, ok := c.Values["timeUpdated"].(int64)
	if !ok {
		now = e.Now().UnixMilli()
	}
	for _, r := range rows {
		err := e.DB.Exec(ctx, `INSERT INTO entity_history (account_id, subject_type, subject_id, field,
			old_value, new_value, user_type, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.Scope.Account, c.Type.Name, c.ID, r.Field, nullText(r.Old), nullText(r.New),
			c.Scope.Actor.Type, c.Scope.Actor.ID, now)
		if err != nil {
			return fmt.Errorf("history: %w", err)
		}
	}
	return nil
}

// changedFields compares the fields the change wrote with the record
// before it, in their API form, in a stable order.
func (j *Journal) changedFields(c *entity.Change, rec *entity.Record) []Entry {
	var out []Entry
	for name := range c.Values {
		f := c.Type.Field(name)
		if f == nil || f.Kind == nil || j.skips(c, name) {
			continue
		}
		var old any
		if c.Old != nil {
			old = c.Old.Values[name]
		}
		// An unset boolean reads as false (entity.Encode): not a change.
		if _, isBool := f.Kind.(value.Bool); isBool && !f.Nullable && old == nil {
			old = int64(0)
		}
		out = appendChange(out, name, f.Kind.Encode(old, value.Options{}), f.Kind.Encode(rec.Values[name], value.Options{}))
	}
	for name := range c.Links {
		if j.skips(c, name) {
			continue
		}
		out = appendChange(out, name, linkForm(c.Old, name), linkForm(rec, name))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

func appendChange(out []Entry, name string, old, now any) []Entry {
	o, n := jsonOrNil(old), jsonOrNil(now)
	if bytes.Equal(o, n) {
		return out
	}
	return append(out, Entry{Field: name, Old: o, New: n})
}

func linkForm(rec *entity.Record, name string) any {
	if rec == nil {
		return nil
	}
	l, ok := rec.Links[name]
	if !ok || l.ID == 0 {
		return nil
	}
	return value.EncodeLink(l)
}

func jsonOrNil(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return nil
	}
	return b
}

func nullText(b json.RawMessage) any {
	if b == nil {
		return nil
	}
	return string(b)
}
