package knowledge

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// children are the ids of the articles directly under parent (or at the
// root of base when parent is 0), in tree order; dropped ones too when
// withDropped.
func (m *Module) children(ctx context.Context, account, base, parent int64, withDropped bool) ([]int64, error) {
	q, args := siblingsWhere("SELECT id FROM e_knowledgearticle", account, base, parent)
	if !withDropped {
		q += " AND COALESCE(c_isdropped, 0) = 0"
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q+" ORDER BY c_orderpos, id"), args...)
	if err != nil {
		return nil, fmt.Errorf("knowledge: children of %d: %w", parent, err)
	}
	return store.Int64s(rows)
}

// subtree is an article and everything under it, parents first; the
// dropped ones only when withDropped.
func (m *Module) subtree(ctx context.Context, account, base, root int64, withDropped bool) ([]int64, error) {
	out := []int64{root}
	for i := 0; i < len(out); i++ {
		kids, err := m.children(ctx, account, base, out[i], withDropped)
		if err != nil {
			return nil, err
		}
		out = append(out, kids...)
	}
	return out, nil
}

func raw(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

func parentInput(base, parent int64) entity.Input {
	in := entity.Input{"base": raw(value.EncodeLink(value.Link{Type: "KnowledgeBase", ID: base})), "parent": json.RawMessage("null")}
	if parent != 0 {
		in["parent"] = raw(value.EncodeLink(value.Link{Type: "KnowledgeArticle", ID: parent}))
	}
	return in
}

// place puts ids, in order, as the children of parent, numbering their
// orderPos from 1; the rules have judged the move already.
func (m *Module) place(ctx context.Context, sc entity.Scope, base, parent int64, ids []int64, moved int64) error {
	for i, id := range ids {
		in := entity.Input{"orderPos": raw(i + 1)}
		if id == moved {
			for k, v := range parentInput(base, parent) {
				in[k] = v
			}
		}
		if _, err := m.e.Update(ctx, system(sc), "KnowledgeArticle", id, in); err != nil {
			return err
		}
	}
	return nil
}

// editable is an article the reader may change, not in the trash.
func (m *Module) editable(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, error) {
	rec, err := m.e.Get(ctx, sc, "KnowledgeArticle", id)
	if err != nil {
		return nil, err
	}
	if err := m.needArticle(ctx, sc, rec, Editor); err != nil {
		return nil, err
	}
	if dropped(rec) {
		return nil, entity.Invalidf("isDropped", CodeDropped, "")
	}
	return rec, nil
}

// Sort puts source before or after target, under target's parent (the
// drag of the tree); it answers the new siblings in order.
func (m *Module) Sort(ctx context.Context, sc entity.Scope, source, target int64, after bool) ([]int64, error) {
	var out []int64
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		src, err := m.editable(ctx, sc, source)
		if err != nil {
			return err
		}
		dst, err := m.editable(ctx, sc, target)
		if err != nil {
			return err
		}
		if source == target {
			return entity.Invalidf("target", CodeCycle, "")
		}
		base, parent := dst.Links["base"].ID, dst.Links["parent"].ID
		if err := m.notInside(ctx, sc, src, base, parent); err != nil {
			return err
		}
		sibs, err := m.children(ctx, sc.Account, base, parent, false)
		if err != nil {
			return err
		}
		out = make([]int64, 0, len(sibs)+1)
		for _, id := range sibs {
			if id == source {
				continue
			}
			if id == target && !after {
				out = append(out, source)
			}
			out = append(out, id)
			if id == target && after {
				out = append(out, source)
			}
		}
		return m.place(ctx, sc, base, parent, out, source)
	})
	return out, err
}

// MoveTo puts an article, with its subtree, last under another article or
// at the root of a base (possibly another one the reader edits).
func (m *Module) MoveTo(ctx context.Context, sc entity.Scope, id int64, to value.Link) ([]int64, error) {
	var out []int64
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		src, err := m.editable(ctx, sc, id)
		if err != nil {
			return err
		}
		var base, parent int64
		if to.Type == "KnowledgeBase" {
			b, err := m.e.Get(ctx, sc, "KnowledgeBase", to.ID)
			if err != nil {
				return err
			}
			if dropped(b) {
				return entity.Invalidf("target", CodeDropped, "")
			}
			base = b.ID
			if err := m.need(ctx, sc, base, Editor); err != nil {
				return err
			}
		} else {
			dst, err := m.editable(ctx, sc, to.ID)
			if err != nil {
				return err
			}
			base, parent = dst.Links["base"].ID, dst.ID
		}
		if err := m.notInside(ctx, sc, src, base, parent); err != nil {
			return err
		}
		sibs, err := m.children(ctx, sc.Account, base, parent, false)
		if err != nil {
			return err
		}
		for _, s := range sibs {
			if s != id {
				out = append(out, s)
			}
		}
		out = append(out, id)
		if err := m.place(ctx, sc, base, parent, out, id); err != nil {
			return err
		}
		return m.rebase(ctx, sc, src, base)
	})
	return out, err
}

// notInside refuses a move of src under itself or its own subtree.
func (m *Module) notInside(ctx context.Context, sc entity.Scope, src *entity.Record, base, parent int64) error {
	if parent == 0 || base != src.Links["base"].ID {
		return nil
	}
	ids, err := m.subtree(ctx, sc.Account, base, src.ID, true)
	if err != nil {
		return err
	}
	for _, x := range ids {
		if x == parent {
			return entity.Invalidf("target", CodeCycle, "")
		}
	}
	return nil
}

// rebase carries a moved article's subtree into its new base.
func (m *Module) rebase(ctx context.Context, sc entity.Scope, src *entity.Record, base int64) error {
	old := src.Links["base"].ID
	if old == base {
		return nil
	}
	ids, err := m.subtree(ctx, sc.Account, old, src.ID, true)
	if err != nil {
		return err
	}
	link := raw(value.EncodeLink(value.Link{Type: "KnowledgeBase", ID: base}))
	for _, x := range ids[1:] {
		if _, err := m.e.Update(ctx, system(sc), "KnowledgeArticle", x, entity.Input{"base": link}); err != nil {
			return err
		}
	}
	return nil
}
