package space

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// Move puts an element, with everything below it, last under another
// element (Edit on both) or at a section's root (body id "all" or
// "private"). Leaving its section, or going to a root, takes Full on
// the element: it changes who sees it. At the private root it is its
// owner's.
func (m *Module) Move(ctx context.Context, sc entity.Scope, id int64, in ElementIn) (*tree, *Element, error) {
	t, e, err := m.judge(ctx, sc, id, Edit)
	if err != nil {
		return nil, nil, err
	}
	tid, section, ok := in.ref()
	if !ok {
		return nil, nil, entity.Invalidf("id", entity.CodeRequired, "")
	}
	if tid != 0 {
		target, err := t.need(tid, Edit)
		if err != nil {
			return nil, nil, err
		}
		if !target.container() {
			return nil, nil, entity.Invalidf("id", CodeNotContainer, "")
		}
		for _, x := range t.subtree(e) {
			if x.ID == tid {
				return nil, nil, entity.Invalidf("id", CodeCycle, "")
			}
		}
		section = target.Section
	}
	if (tid == 0 || section != e.Section) && t.level(e) < Full {
		return nil, nil, entity.ErrForbidden
	}
	q, d := m.e.DB.Q(ctx), m.e.DB.Dialect
	var pos int64
	err = q.QueryRowContext(ctx, d.Rebind(`SELECT COALESCE(MAX(pos), 0) + 1 FROM space_elements
		WHERE account_id = ? AND parent_id = ? AND section = ?`), sc.Account, tid, section).Scan(&pos)
	if err != nil {
		return nil, nil, fmt.Errorf("space: move: %w", err)
	}
	if _, err := q.ExecContext(ctx, d.Rebind(`UPDATE space_elements SET parent_id = ?, pos = ?, updated_at = ? WHERE account_id = ? AND id = ?`),
		tid, pos, m.now().Unix(), sc.Account, id); err != nil {
		return nil, nil, fmt.Errorf("space: move: %w", err)
	}
	if section != e.Section {
		args := []any{section, sc.Account}
		sub := t.subtree(e)
		for _, x := range sub {
			args = append(args, x.ID)
		}
		if _, err := q.ExecContext(ctx, d.Rebind(`UPDATE space_elements SET section = ? WHERE account_id = ? AND id IN (`+
			store.Marks(len(sub))+`)`), args...); err != nil {
			return nil, nil, fmt.Errorf("space: move: %w", err)
		}
	}
	return m.reread(ctx, sc, id)
}

// Copy makes a copy of an element the reader sees beside it (where the
// reader may add one), right after it: alone (copy, the body's title if
// given), or with everything below it (clone). withData copies notes'
// texts too; widgets keep their source either way. The copies are the
// reader's, and share no members.
func (m *Module) Copy(ctx context.Context, sc entity.Scope, id int64, in ElementIn, deep, withData bool) (*tree, *Element, error) {
	t, e, err := m.judge(ctx, sc, id, Read)
	if err != nil {
		return nil, nil, err
	}
	p := Place{Section: e.Section, Parent: e.Parent}
	if err := t.canCreate(&p); err != nil {
		return nil, nil, err
	}
	title := e.Title
	if in.Title != nil {
		if title, err = in.title("title"); err != nil {
			return nil, nil, err
		}
	}
	src := []*Element{e}
	if deep {
		src = t.subtree(e)
	}
	ids := map[int64]int64{e.Parent: e.Parent}
	var top *Element
	for _, x := range src {
		c := *x
		c.Parent = ids[x.Parent]
		if x == e {
			c.Title = title
		}
		if err := m.insert(ctx, sc, &c); err != nil {
			return nil, nil, err
		}
		ids[x.ID] = c.ID
		if top == nil {
			top = &c
		}
		if withData {
			_, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE space_elements SET
				note_text = (SELECT s.note_text FROM space_elements s WHERE s.account_id = ? AND s.id = ?),
				note_preview = (SELECT s.note_preview FROM space_elements s WHERE s.account_id = ? AND s.id = ?)
				WHERE account_id = ? AND id = ?`), sc.Account, x.ID, sc.Account, x.ID, sc.Account, c.ID)
			if err != nil {
				return nil, nil, fmt.Errorf("space: copy note %d: %w", x.ID, err)
			}
		}
	}
	if top.Owner == e.Owner || top.Parent != 0 {
		if err := m.putAfter(ctx, sc, append(t.siblings(e), top), top, e); err != nil {
			return nil, nil, err
		}
	}
	return m.reread(ctx, sc, top.ID)
}
