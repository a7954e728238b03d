package space

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
)

// tree is the account's elements as one reader sees them. Workspaces
// are small (dozens to a few thousand elements per company), so a call
// reads the tree's few columns once and judges access in Go, where a
// level inherited down the tree is a walk up the parents; notes' texts
// are read only for the note asked for.
type tree struct {
	sc        entity.Scope
	byID      map[int64]*Element
	kids      map[int64][]*Element // by parent, in order; 0: every section's roots
	grants    map[int64]Level      // the reader's members rows (own, department's, groups')
	favorites map[int64]bool
	visits    map[int64]int64
}

func (m *Module) query(ctx context.Context, q string, args []any, each func(*sql.Rows) error) error {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("space: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return fmt.Errorf("space: %w", err)
		}
	}
	return rows.Err()
}

func (m *Module) load(ctx context.Context, sc entity.Scope) (*tree, error) {
	t := &tree{sc: sc, byID: map[int64]*Element{}, kids: map[int64][]*Element{}, grants: map[int64]Level{},
		favorites: map[int64]bool{}, visits: map[int64]int64{}}
	err := m.query(ctx, `SELECT id, parent_id, owner_id, pos, section, type, title, icon, layout_type, widget, trashed_at
		FROM space_elements WHERE account_id = ? ORDER BY parent_id, pos, id`, []any{sc.Account}, func(r *sql.Rows) error {
		e := &Element{}
		if err := r.Scan(&e.ID, &e.Parent, &e.Owner, &e.Pos, &e.Section, &e.Type, &e.Title, &e.Icon, &e.LayoutType, &e.Widget, &e.Trashed); err != nil {
			return err
		}
		t.byID[e.ID] = e
		t.kids[e.Parent] = append(t.kids[e.Parent], e)
		return nil
	})
	if err != nil || !employee(sc) || sc.System {
		return t, err
	}
	cond, args := rights.Holder(sc, "m")
	err = m.query(ctx, `SELECT m.element_id, m.level FROM space_members m WHERE m.account_id = ? AND `+cond,
		append([]any{sc.Account}, args...), func(r *sql.Rows) error {
			var id int64
			var name string
			if err := r.Scan(&id, &name); err != nil {
				return err
			}
			if l, ok := parseMemberLevel(name); ok && l > t.grants[id] {
				t.grants[id] = l
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	me := []any{sc.Account, sc.Actor.ID}
	err = m.query(ctx, `SELECT element_id FROM space_favorites WHERE account_id = ? AND user_id = ?`, me, func(r *sql.Rows) error {
		var id int64
		err := r.Scan(&id)
		t.favorites[id] = true
		return err
	})
	if err != nil {
		return nil, err
	}
	err = m.query(ctx, `SELECT element_id, at FROM space_visits WHERE account_id = ? AND user_id = ?`, me, func(r *sql.Rows) error {
		var id, at int64
		err := r.Scan(&id, &at)
		t.visits[id] = at
		return err
	})
	return t, err
}

// judge is the reader's tree and an element they hold at least want on
// (404 for one they do not see, 403 for too little).
func (m *Module) judge(ctx context.Context, sc entity.Scope, id int64, want Level) (*tree, *Element, error) {
	t, err := m.load(ctx, sc)
	if err != nil {
		return nil, nil, err
	}
	e, err := t.need(id, want)
	if err != nil {
		return nil, nil, err
	}
	return t, e, nil
}

// level is the reader's access to an element: administrators hold every
// element of the company's section fully (a private one is private from
// them too); otherwise the strongest of what the element and each
// element above it give — its owner (who made it) holds it fully, a
// members row its level — and every employee reads the company's
// section.
func (t *tree) level(e *Element) Level {
	if t.sc.System || (t.sc.Admin && e.Section == SectionAll) {
		return Full
	}
	if !employee(t.sc) {
		return None
	}
	l := None
	if e.Section == SectionAll {
		l = Read
	}
	for a, n := e, 0; a != nil && n <= len(t.byID); a, n = t.byID[a.Parent], n+1 {
		if a.Owner == t.sc.Actor.ID {
			return Full
		}
		l = max(l, t.grants[a.ID])
	}
	return l
}

// live reports whether neither e nor any element above it is in the
// trash.
func (t *tree) live(e *Element) bool {
	for a, n := e, 0; a != nil && n <= len(t.byID); a, n = t.byID[a.Parent], n+1 {
		if a.Trashed != 0 {
			return false
		}
	}
	return true
}

// need is the element if the reader holds at least want on it: 404 for
// one they do not see (or that is not there, or is in the trash), 403
// for too little.
func (t *tree) need(id int64, want Level) (*Element, error) {
	e := t.byID[id]
	if e == nil || !t.live(e) {
		return nil, entity.ErrNotFound
	}
	l := t.level(e)
	if l == None {
		return nil, entity.ErrNotFound
	}
	if l < want {
		return nil, entity.ErrForbidden
	}
	return e, nil
}

// path is the elements above e, the root first.
func (t *tree) path(e *Element) []*Element {
	var out []*Element
	for a, n := t.byID[e.Parent], 0; a != nil && n <= len(t.byID); a, n = t.byID[a.Parent], n+1 {
		out = append(out, a)
	}
	slices.Reverse(out)
	return out
}

// subtree is e and every element below it.
func (t *tree) subtree(e *Element) []*Element {
	out := []*Element{e}
	for i := 0; i < len(out); i++ {
		out = append(out, t.kids[out[i].ID]...)
	}
	return out
}

// children are the elements right under e the reader sees, in order.
func (t *tree) children(e *Element) []*Element {
	var out []*Element
	for _, c := range t.kids[e.ID] {
		if c.Trashed == 0 && t.level(c) > None {
			out = append(out, c)
		}
	}
	return out
}

// siblings are the elements ordered together with e: those under the
// same parent out of the trash; at a private section's root, its
// owner's roots.
func (t *tree) siblings(e *Element) []*Element {
	var out []*Element
	for _, s := range t.kids[e.Parent] {
		if s.Trashed == 0 && s.Section == e.Section && (e.Parent != 0 || e.Section == SectionAll || s.Owner == e.Owner) {
			out = append(out, s)
		}
	}
	return out
}

// roots are the elements the reader finds at the top of a section: the
// company's roots; in the private section their own roots, and any
// private element shared with them whose parent they do not see.
func (t *tree) roots(section string) []*Element {
	var out []*Element
	add := func(e *Element) {
		if e.Section == section && t.live(e) && t.level(e) > None {
			out = append(out, e)
		}
	}
	for _, e := range t.kids[0] {
		if section == SectionAll || e.Owner == t.sc.Actor.ID {
			add(e)
		}
	}
	if section == SectionPrivate {
		for _, e := range t.all() {
			p := t.byID[e.Parent]
			if (p == nil && e.Owner != t.sc.Actor.ID) || (p != nil && t.level(p) == None) {
				add(e)
			}
		}
	}
	return out
}

// all is every element the reader sees out of the trash, roots first,
// each parent's children in order.
func (t *tree) all() []*Element {
	var out []*Element
	queue := slices.Clone(t.kids[0])
	for i := 0; i < len(queue); i++ {
		e := queue[i]
		if e.Trashed != 0 {
			continue
		}
		if t.level(e) > None {
			out = append(out, e)
		}
		queue = append(queue, t.kids[e.ID]...)
	}
	return out
}
