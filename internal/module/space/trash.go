package space

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// Delete puts an element in the trash (Full); what is below it goes
// with it, out of every list and route, until it is restored.
func (m *Module) Delete(ctx context.Context, sc entity.Scope, id int64) error {
	if _, _, err := m.judge(ctx, sc, id, Full); err != nil {
		return err
	}
	_, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE space_elements SET trashed_at = ? WHERE account_id = ? AND id = ?`),
		max(m.now().Unix(), 1), sc.Account, id)
	if err != nil {
		return fmt.Errorf("space: trash %d: %w", id, err)
	}
	return nil
}

// inTrash is an element put in the trash itself (not only below one
// that was) that the reader holds fully: 404 otherwise, or 403 for one
// they only see.
func (t *tree) inTrash(id int64) (*Element, error) {
	e := t.byID[id]
	if e == nil || e.Trashed == 0 || !t.live(t.byID[e.Parent]) {
		return nil, entity.ErrNotFound
	}
	switch t.level(e) {
	case None:
		return nil, entity.ErrNotFound
	case Full:
		return e, nil
	}
	return nil, entity.ErrForbidden
}

// Trash is what the reader may restore: the elements put in the trash
// that they hold fully, the latest first.
func (m *Module) Trash(ctx context.Context, sc entity.Scope, f Filter) (*tree, []*Element, error) {
	t, err := m.load(ctx, sc)
	if err != nil {
		return nil, nil, err
	}
	var out []*Element
	for _, e := range t.byID {
		if _, err := t.inTrash(e.ID); err == nil {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b *Element) int {
		if a.Trashed != b.Trashed {
			return int(b.Trashed - a.Trashed)
		}
		return int(b.ID - a.ID)
	})
	return t, f.apply(out), nil
}

// Restore takes an element out of the trash with what is below it.
func (m *Module) Restore(ctx context.Context, sc entity.Scope, id int64) (*tree, *Element, error) {
	t, err := m.load(ctx, sc)
	if err != nil {
		return nil, nil, err
	}
	if _, err := t.inTrash(id); err != nil {
		return nil, nil, err
	}
	_, err = m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE space_elements SET trashed_at = 0 WHERE account_id = ? AND id = ?`),
		sc.Account, id)
	if err != nil {
		return nil, nil, fmt.Errorf("space: restore %d: %w", id, err)
	}
	return m.reread(ctx, sc, id)
}

// Remove deletes an element in the trash for good, with everything below
// it, their members, favourites and visits; it answers what was removed.
func (m *Module) Remove(ctx context.Context, sc entity.Scope, id int64) (*tree, []*Element, error) {
	t, err := m.load(ctx, sc)
	if err != nil {
		return nil, nil, err
	}
	e, err := t.inTrash(id)
	if err != nil {
		return nil, nil, err
	}
	gone := t.subtree(e)
	ids := []any{sc.Account}
	for _, x := range gone {
		ids = append(ids, x.ID)
	}
	in := store.Marks(len(gone))
	for _, q := range []string{`DELETE FROM space_elements WHERE account_id = ? AND id IN (` + in + `)`,
		`DELETE FROM space_members WHERE account_id = ? AND element_id IN (` + in + `)`,
		`DELETE FROM space_favorites WHERE account_id = ? AND element_id IN (` + in + `)`,
		`DELETE FROM space_visits WHERE account_id = ? AND element_id IN (` + in + `)`} {
		if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(q), ids...); err != nil {
			return nil, nil, fmt.Errorf("space: remove %d: %w", id, err)
		}
	}
	return t, gone, nil
}
