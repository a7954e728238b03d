package space

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
)

// Place is where a new element goes: a section's root or under a parent.
type Place struct {
	Section string
	Parent  int64
}

// canCreate checks the reader may add an element at p, and completes p
// with the parent's section. Any employee adds to the company's root
// and to their own private root; under an element it takes Edit there,
// and a widget holds nothing.
func (t *tree) canCreate(p *Place) error {
	if !employee(t.sc) {
		return entity.ErrForbidden
	}
	if p.Parent == 0 {
		return nil
	}
	parent, err := t.need(p.Parent, Edit)
	if err != nil {
		return err
	}
	if !parent.container() {
		return entity.Invalidf("parent", CodeNotContainer, "")
	}
	p.Section = parent.Section
	return nil
}

// insert stores a new element last among its siblings.
func (m *Module) insert(ctx context.Context, sc entity.Scope, e *Element) error {
	now := m.now().Unix()
	e.Owner = sc.Actor.ID
	q, d := m.e.DB.Q(ctx), m.e.DB.Dialect
	err := q.QueryRowContext(ctx, d.Rebind(`SELECT COALESCE(MAX(pos), 0) + 1 FROM space_elements
		WHERE account_id = ? AND parent_id = ? AND section = ?`), sc.Account, e.Parent, e.Section).Scan(&e.Pos)
	if err != nil {
		return fmt.Errorf("space: position: %w", err)
	}
	err = q.QueryRowContext(ctx, d.Rebind(`INSERT INTO space_elements (account_id, section, parent_id, type, title, icon,
		owner_id, pos, layout_type, widget, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		sc.Account, e.Section, e.Parent, e.Type, e.Title, e.Icon, e.Owner, e.Pos, e.LayoutType, e.Widget, now, now).Scan(&e.ID)
	if err != nil {
		return fmt.Errorf("space: add element: %w", err)
	}
	return nil
}

// Create adds a space or a note page at p.
func (m *Module) Create(ctx context.Context, sc entity.Scope, p Place, in ElementIn) (*tree, *Element, error) {
	t, err := m.load(ctx, sc)
	if err != nil {
		return nil, nil, err
	}
	if err := t.canCreate(&p); err != nil {
		return nil, nil, err
	}
	e := &Element{Section: p.Section, Parent: p.Parent, Type: TypeSpace}
	if in.Type != nil {
		e.Type = *in.Type
	}
	if e.Type != TypeSpace && e.Type != TypeNote {
		return nil, nil, entity.Invalidf("type", CodeBadType, e.Type)
	}
	if e.Title, err = in.title("title"); err != nil {
		return nil, nil, err
	}
	if e.Icon, err = in.icon(); err != nil {
		return nil, nil, err
	}
	if err := m.insert(ctx, sc, e); err != nil {
		return nil, nil, err
	}
	return m.reread(ctx, sc, e.ID)
}

// reread is the tree after a write and the element written.
func (m *Module) reread(ctx context.Context, sc entity.Scope, id int64) (*tree, *Element, error) {
	return m.judge(ctx, sc, id, Read)
}

// Update renames an element or changes its icon (Edit).
func (m *Module) Update(ctx context.Context, sc entity.Scope, id int64, in ElementIn) (*tree, *Element, error) {
	_, e, err := m.judge(ctx, sc, id, Edit)
	if err != nil {
		return nil, nil, err
	}
	if in.Title != nil {
		if e.Title, err = in.title("title"); err != nil {
			return nil, nil, err
		}
	}
	if in.Icon != nil {
		if e.Icon, err = in.icon(); err != nil {
			return nil, nil, err
		}
	}
	_, err = m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE space_elements SET title = ?, icon = ?, updated_at = ?
		WHERE account_id = ? AND id = ?`), e.Title, e.Icon, m.now().Unix(), sc.Account, e.ID)
	if err != nil {
		return nil, nil, fmt.Errorf("space: save element: %w", err)
	}
	return m.reread(ctx, sc, id)
}

// order writes the positions of a sibling list as it now stands.
func (m *Module) order(ctx context.Context, sc entity.Scope, list []*Element) error {
	for i, s := range list {
		if s.Pos == int64(i+1) {
			continue
		}
		s.Pos = int64(i + 1)
		_, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE space_elements SET pos = ? WHERE account_id = ? AND id = ?`),
			s.Pos, sc.Account, s.ID)
		if err != nil {
			return fmt.Errorf("space: order: %w", err)
		}
	}
	return nil
}

// putAfter moves e right after another sibling (first when after is nil)
// among sibs, and stores the order.
func (m *Module) putAfter(ctx context.Context, sc entity.Scope, sibs []*Element, e, after *Element) error {
	list := slices.DeleteFunc(slices.Clone(sibs), func(s *Element) bool { return s.ID == e.ID })
	at := 0
	if after != nil {
		at = slices.IndexFunc(list, func(s *Element) bool { return s.ID == after.ID }) + 1
	}
	return m.order(ctx, sc, slices.Insert(list, at, e))
}

// PlaceAfter puts an element right after a sibling, or first when the
// body names none (Edit on the element).
func (m *Module) PlaceAfter(ctx context.Context, sc entity.Scope, id int64, in ElementIn) (*tree, *Element, error) {
	t, e, err := m.judge(ctx, sc, id, Edit)
	if err != nil {
		return nil, nil, err
	}
	sibs := t.siblings(e)
	var after *Element
	if aid, _, ok := in.ref(); ok {
		i := slices.IndexFunc(sibs, func(s *Element) bool { return s.ID == aid })
		if i < 0 || aid == e.ID || t.level(sibs[i]) == None {
			return nil, nil, entity.Invalidf("id", CodeNotSibling, "")
		}
		after = sibs[i]
	}
	if err := m.putAfter(ctx, sc, sibs, e, after); err != nil {
		return nil, nil, err
	}
	return m.reread(ctx, sc, id)
}
