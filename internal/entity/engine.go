// Package entity is the generic engine behind every content type: get, list,
// create, update, delete, collections, paging, counts, extra fields, module
// hooks and the events published after each commit. It is driven by the
// catalogue; module rules plug in through hooks, not by editing the engine.
package entity

import (
	"context"
	"time"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Scope is who acts and in which account. Nothing in the engine reads or
// writes outside Scope.Account. The rights layer fills the rest per request.
type Scope struct {
	Account int64
	Actor   value.Link      // the signed-in employee or guest; zero for the system
	Admin   bool            // an administrator (the employee_groups right)
	Guest   bool            // a client with guest access
	Perms   map[string]bool // the user's permission actions (crm_enter, ...)
	System  bool            // internal work (first start, demo, jobs): no rights apply
	// Groups are the ids of the Groups (of employees) whose children
	// include the actor: a Group named in a role gives the role to each of
	// them. Read with the permissions, in the same query.
	Groups []int64
	// Lang is the language of the call ("ru" or "en", "" for internal
	// work), for what rules word per reader (a refused transition's
	// reasons).
	Lang string
}

// Can reports whether the scope holds a permission action.
func (s Scope) Can(action string) bool { return s.System || s.Admin || s.Perms[action] }

// Is reports whether a link names the actor: the actor itself, or a Group
// the actor belongs to.
func (s Scope) Is(l value.Link) bool {
	if l == s.Actor {
		return s.Actor.ID != 0
	}
	if l.Type == "Group" {
		for _, id := range s.Groups {
			if id == l.ID {
				return true
			}
		}
	}
	return false
}

// Engine is the catalogue-driven entity engine.
type Engine struct {
	DB  *store.DB
	Cat *catalog.Catalog
	Bus Bus
	Now func() time.Time
	// Policy limits what each scope sees and does; nil allows everything.
	Policy Policy
	// Buckets names, per type, the field whose values internal/access
	// keeps counts by; a list filtered by that field alone counts from
	// them (bucket.go). Set at wiring from rights.Buckets.
	Buckets   map[string]string
	hooks     map[string][]Hooks
	computers map[string][]Computer
	seeders   []Seeder // seed.go
	// needs are the fields rules read from listed records (projection.go).
	needs map[string][]string
	// extraOwners say which link of a type owns its extra fields
	// (extra_owner.go).
	extraOwners map[string]extraOwner
	// sysFilters are built-in filters per filter type (sysfilter.go).
	sysFilters map[string][]SystemFilter
	// filterFields are computed filter terms per type (filterfield.go).
	filterFields map[string]map[string]FilterField
	refs         map[string][]ref // content type -> single-link columns that can point at it
	searchers    map[string]Searcher
}

type ref struct {
	owner string // content type holding the link
	table string
	field *catalog.Field
}

// New makes an engine over an open, migrated database.
func New(db *store.DB, cat *catalog.Catalog, bus Bus) *Engine {
	if bus == nil {
		bus = NewLocalBus()
	}
	e := &Engine{DB: db, Cat: cat, Bus: bus, Now: time.Now, hooks: map[string][]Hooks{}, computers: map[string][]Computer{}, refs: map[string][]ref{}}
	for _, name := range cat.Names() {
		t := cat.Type(name)
		for _, f := range t.Fields {
			if f.Role != catalog.RoleLink {
				continue
			}
			for _, target := range f.Targets {
				e.refs[target] = append(e.refs[target], ref{t.Name, t.Table, f})
			}
		}
	}
	return e
}

// Hooks are module rules for one content type. Any of them may be nil.
// BeforeSave may change the change or refuse it with an error (an *Invalid
// answers 422); AfterSave runs in the same transaction, after the row is
// written; BeforeDelete may refuse a delete. AfterLinks runs in the same
// transaction once the collections a change replaces (c.Many) are
// written, before AfterSave, with what they held before (collection.go).
type Hooks struct {
	BeforeSave   func(ctx context.Context, c *Change) error
	AfterSave    func(ctx context.Context, c *Change, rec *Record) error
	BeforeDelete func(ctx context.Context, sc Scope, rec *Record) error
	AfterLinks   func(ctx context.Context, c *Change, before map[string][]value.Link) error
}

// Hook registers rules for a content type.
func (e *Engine) Hook(typeName string, h Hooks) {
	e.hooks[typeName] = append(e.hooks[typeName], h)
}

// Type returns the content type or ErrNotFound.
func (e *Engine) Type(name string) (*catalog.Type, error) {
	t := e.Cat.Type(name)
	if t == nil {
		return nil, ErrNotFound
	}
	return t, nil
}

func (e *Engine) nowMillis() int64 { return e.Now().UnixMilli() }
