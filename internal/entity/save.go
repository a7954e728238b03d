package entity

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Create validates and stores a new entity in one transaction.
func (e *Engine) Create(ctx context.Context, sc Scope, typeName string, in Input) (*Record, error) {
	t, err := e.Type(typeName)
	if err != nil {
		return nil, err
	}
	var rec *Record
	err = e.DB.WithTx(ctx, func(ctx context.Context) error {
		c, err := e.decode(ctx, sc, t, in, nil)
		if err != nil {
			return err
		}
		rec, err = e.save(ctx, c)
		return err
	})
	return rec, err
}

// Update changes only the given fields of an entity.
func (e *Engine) Update(ctx context.Context, sc Scope, typeName string, id int64, in Input) (*Record, error) {
	t, err := e.Type(typeName)
	if err != nil {
		return nil, err
	}
	var rec *Record
	err = e.DB.WithTx(ctx, func(ctx context.Context) error {
		old, err := e.Get(ctx, sc, t.Name, id)
		if err != nil {
			return err
		}
		c, err := e.decode(ctx, sc, t, in, old)
		if err != nil {
			return err
		}
		rec, err = e.save(ctx, c)
		return err
	})
	return rec, err
}

// Save stores a change built by module code (e.g. a status transition) with
// the same hooks, checks and events as an API write. ctx may carry a
// transaction to join.
func (e *Engine) Save(ctx context.Context, c *Change) (*Record, error) {
	var rec *Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		rec, err = e.save(ctx, c)
		return err
	})
	return rec, err
}

// NewChange starts a change for module code: old nil means create.
func NewChange(sc Scope, t *catalog.Type, old *Record) *Change {
	c := &Change{Scope: sc, Type: t, New: old == nil, Old: old, Values: map[string]any{},
		Links: map[string]*value.Link{}, Many: map[string][]value.Link{}, Extra: map[string]any{},
		WriteOnly: map[string]json.RawMessage{}, Held: map[string]json.RawMessage{}}
	if old != nil {
		c.ID = old.ID
	}
	return c
}

func (e *Engine) save(ctx context.Context, c *Change) (*Record, error) {
	action := ActEdit
	if c.New {
		action = ActCreate
	}
	if err := e.allow(ctx, c.Scope, action, c.Type, c.Old); err != nil {
		return nil, err
	}
	e.applyDefaults(c)
	for _, h := range e.hooks[c.Type.Name] {
		if h.BeforeSave != nil {
			if err := h.BeforeSave(ctx, c); err != nil {
				return nil, err
			}
		}
	}
	if err := e.checkLinks(ctx, c); err != nil {
		return nil, err
	}
	var err error
	if c.New {
		err = e.insert(ctx, c)
	} else {
		err = e.update(ctx, c)
	}
	if err != nil {
		return nil, err
	}
	if err := e.writeCollections(ctx, c); err != nil {
		return nil, err
	}
	rec := c.result()
	for _, h := range e.hooks[c.Type.Name] {
		if h.AfterSave != nil {
			if err := h.AfterSave(ctx, c, rec); err != nil {
				return nil, err
			}
		}
	}
	evAction := "updated"
	if c.New {
		evAction = "created"
	}
	ev := Event{Account: c.Scope.Account, Type: c.Type.Name, ID: c.ID, Action: evAction, Fields: c.Fields()}
	store.AfterCommit(ctx, func() { e.Bus.Publish(ev) })
	return rec, nil
}

// result is the record as the change leaves it, built without reading it
// back: reading a row of a hundred columns was a third of a create.
func (c *Change) result() *Record {
	rec := &Record{Type: c.Type, ID: c.ID, Values: map[string]any{}, Links: map[string]value.Link{}, Extra: map[string]any{}}
	if c.Old != nil {
		for k, v := range c.Old.Values {
			rec.Values[k] = v
		}
		for k, v := range c.Old.Links {
			rec.Links[k] = v
		}
		for k, v := range c.Old.Extra {
			rec.Extra[k] = v
		}
	}
	for k, v := range c.Values {
		if v == nil {
			delete(rec.Values, k)
		} else {
			rec.Values[k] = v
		}
	}
	for k, l := range c.Links {
		if l == nil {
			delete(rec.Links, k)
		} else {
			rec.Links[k] = *l
		}
	}
	for k, v := range c.Extra {
		if v == nil {
			delete(rec.Extra, k)
		} else {
			rec.Extra[k] = v
		}
	}
	return rec
}

// applyDefaults fills the fields the engine maintains.
func (e *Engine) applyDefaults(c *Change) {
	now := e.nowMillis()
	t := c.Type
	setTime := func(name string) {
		if f := t.Field(name); f != nil && f.Role == catalog.RoleValue && f.RefType == "DateTime" {
			c.Values[name] = now
		}
	}
	setActor := func(name string, onlyIfUnset bool) {
		f := t.Field(name)
		if f == nil || f.Role != catalog.RoleLink || c.Scope.Actor.ID == 0 || !contains(f.Targets, c.Scope.Actor.Type) {
			return
		}
		if _, given := c.Links[name]; onlyIfUnset && given {
			return
		}
		a := c.Scope.Actor
		c.Links[name] = &a
	}
	if c.Upkeep && !c.New {
		return
	}
	setTime("timeUpdated")
	setActor("userUpdated", false)
	if c.New {
		setTime("timeCreated")
		setActor("userCreated", false)
		setActor("owner", true)
	}
}

// checkLinks refuses links to entities that do not exist in the account.
func (e *Engine) checkLinks(ctx context.Context, c *Change) error {
	want := map[string]map[int64]string{} // type -> id -> field
	add := func(field string, l value.Link) {
		if want[l.Type] == nil {
			want[l.Type] = map[int64]string{}
		}
		want[l.Type][l.ID] = field
	}
	for name, l := range c.Links {
		// The actor's own link (owner, userCreated) is always valid.
		if l != nil && *l != c.Scope.Actor {
			add(name, *l)
		}
	}
	for name, ls := range c.Many {
		for _, l := range ls {
			add(name, l)
		}
	}
	bad := &Invalid{}
	for typ, ids := range want {
		t := e.Cat.Type(typ)
		list := make([]int64, 0, len(ids))
		for id := range ids {
			list = append(list, id)
		}
		found, err := e.existing(ctx, c.Scope, t, list)
		if err != nil {
			return err
		}
		for id, field := range ids {
			if !found[id] {
				bad.Add(field, CodeLinkNotFound, typ+" "+strconv.FormatInt(id, 10))
			}
		}
	}
	sort.Slice(bad.Errors, func(i, j int) bool { return bad.Errors[i].Field < bad.Errors[j].Field })
	return bad.orNil()
}

// existing reports which ids exist and are visible to the scope: linking to
// an entity one cannot see is the same as linking to nothing.
func (e *Engine) existing(ctx context.Context, sc Scope, t *catalog.Type, ids []int64) (map[int64]bool, error) {
	w, err := e.restrict(ctx, sc, t, sqlPart{sql: fmt.Sprintf("%s.account_id = ? AND %s.id IN (%s)", t.Table, t.Table, placeholders(len(ids))),
		args: append([]any{sc.Account}, int64Args(ids)...)})
	if err != nil {
		return nil, err
	}
	q := fmt.Sprintf("SELECT id FROM %s WHERE %s", t.Table, w.sql)
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), w.args...)
	if err != nil {
		return nil, fmt.Errorf("entity: check links: %w", err)
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}
