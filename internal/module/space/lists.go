package space

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// Filter narrows a list: q is a part of the title (any case), exclude
// the elements left out, limit the most answered (0: all).
type Filter struct {
	Q       string
	Exclude []int64
	Limit   int
}

func (f Filter) apply(es []*Element) []*Element {
	q := strings.ToLower(strings.TrimSpace(f.Q))
	out := []*Element{}
	for _, e := range es {
		if slices.Contains(f.Exclude, e.ID) || (q != "" && !strings.Contains(strings.ToLower(e.Title), q)) {
			continue
		}
		out = append(out, e)
		if f.Limit > 0 && len(out) == f.Limit {
			break
		}
	}
	return out
}

// List kinds of List.
const (
	ListSection   = "section"   // a section's top: all, private or favorites
	ListChildren  = "children"  // the elements under one
	ListElements  = "elements"  // every element the reader sees
	ListSpaces    = "spaces"    // every space the reader sees
	ListMoveTo    = "moveTo"    // the spaces the reader may move into
	ListRecents   = "recents"   // what the reader opened, the latest first
	ListFavorites = "favorites" // the reader's favourites
)

// List answers one of the lists, each only of elements the reader sees.
func (m *Module) List(ctx context.Context, sc entity.Scope, kind, section string, parent int64, f Filter) (*tree, []*Element, error) {
	t, err := m.load(ctx, sc)
	if err != nil {
		return nil, nil, err
	}
	var es []*Element
	switch {
	case kind == ListChildren:
		p, err := t.need(parent, Read)
		if err != nil {
			return nil, nil, err
		}
		es = t.children(p)
	case kind == ListSection && section == ListFavorites:
		es = slices.DeleteFunc(t.all(), func(e *Element) bool { return !t.favorites[e.ID] })
	case kind == ListSection:
		es = t.roots(section)
	case kind == ListRecents:
		es = slices.DeleteFunc(t.all(), func(e *Element) bool { _, ok := t.visits[e.ID]; return !ok })
		slices.SortStableFunc(es, func(a, b *Element) int { return int(t.visits[b.ID] - t.visits[a.ID]) })
	default:
		es = slices.DeleteFunc(t.all(), func(e *Element) bool {
			return (kind == ListSpaces || kind == ListMoveTo) && e.Type != TypeSpace || kind == ListMoveTo && t.level(e) < Edit
		})
	}
	return t, f.apply(es), nil
}

// Favorite adds an element the reader sees to their favourites, or
// takes it away; each person's own.
func (m *Module) Favorite(ctx context.Context, sc entity.Scope, id int64, on bool) (*tree, *Element, error) {
	if _, _, err := m.judge(ctx, sc, id, Read); err != nil {
		return nil, nil, err
	}
	if !employee(sc) || sc.System {
		return nil, nil, entity.ErrForbidden
	}
	q := `DELETE FROM space_favorites WHERE account_id = ? AND user_id = ? AND element_id = ?`
	args := []any{sc.Account, sc.Actor.ID, id}
	if on {
		q = `INSERT INTO space_favorites (account_id, user_id, element_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`
		args = append(args, m.now().Unix())
	}
	if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(q), args...); err != nil {
		return nil, nil, fmt.Errorf("space: favourite: %w", err)
	}
	return m.reread(ctx, sc, id)
}

// visit notes that the reader opened an element, for /spaces/recents.
func (m *Module) visit(ctx context.Context, sc entity.Scope, t *tree, id int64) error {
	if !employee(sc) || sc.System {
		return nil
	}
	now := m.now().Unix()
	// A read is served by the readers; the visit is the one write, its own.
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		_, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO space_visits (account_id, user_id, element_id, at)
			VALUES (?, ?, ?, ?) ON CONFLICT (account_id, user_id, element_id) DO UPDATE SET at = excluded.at`), sc.Account, sc.Actor.ID, id, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("space: visit: %w", err)
	}
	t.visits[id] = now
	return nil
}

// Open is one element the reader sees, noted as visited.
func (m *Module) Open(ctx context.Context, sc entity.Scope, id int64) (*tree, *Element, error) {
	t, e, err := m.judge(ctx, sc, id, Read)
	if err != nil {
		return nil, nil, err
	}
	return t, e, m.visit(ctx, sc, t, id)
}
