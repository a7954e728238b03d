package knowledge

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

var (
	droppedIn  = entity.Input{"isDropped": raw(true)}
	droppedOut = entity.Input{"isDropped": raw(false)}
)

// DropArticle moves an article with its subtree to the trash (editors):
// one trash item, remembering which rows went with it and where it was.
// An article already in the trash is deleted for good.
func (m *Module) DropArticle(ctx context.Context, sc entity.Scope, id int64) error {
	return m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if rec, err := m.e.Get(ctx, sc, "KnowledgeArticle", id); err == nil && dropped(rec) {
			return m.PurgeArticle(ctx, sc, rec) // from the trash: for good (purge.go)
		}
		rec, err := m.editable(ctx, sc, id)
		if err != nil {
			return err
		}
		base := rec.Links["base"].ID
		ids, err := m.subtree(ctx, sc.Account, base, id, false)
		if err != nil {
			return err
		}
		return m.toTrash(ctx, sc, value.Link{Type: "KnowledgeArticle", ID: id}, base, rec.Links["parent"].ID, ids)
	})
}

// DropBase moves a base to the trash (owners); its articles stay as they
// are and come back with it. A base already in the trash is deleted for
// good with its articles.
func (m *Module) DropBase(ctx context.Context, sc entity.Scope, id int64) error {
	return m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := m.e.Get(ctx, sc, "KnowledgeBase", id)
		if err != nil {
			return err
		}
		if err := m.need(ctx, sc, id, Owner); err != nil {
			return err
		}
		if dropped(rec) {
			return m.PurgeBase(ctx, sc, id) // from the trash: for good (purge.go)
		}
		return m.toTrash(ctx, sc, rec.Link(), id, 0, nil)
	})
}

func (m *Module) toTrash(ctx context.Context, sc entity.Scope, item value.Link, base, parent int64, rows []int64) error {
	q, d := m.e.DB.Q(ctx), m.e.DB.Dialect
	var p any
	if parent != 0 {
		p = parent
	}
	var trash int64
	if err := q.QueryRowContext(ctx, d.Rebind(`INSERT INTO knowledge_trash (account_id, item_type, item_id, base_id, parent_id,
		user_type, user_id, dropped_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), sc.Account, item.Type, item.ID, base, p,
		sc.Actor.Type, sc.Actor.ID, m.e.Now().UnixMilli()).Scan(&trash); err != nil {
		return fmt.Errorf("knowledge: trash %v: %w", item, err)
	}
	if item.Type == "KnowledgeBase" {
		_, err := m.e.Update(ctx, system(sc), item.Type, item.ID, droppedIn)
		return err
	}
	for _, id := range rows {
		if _, err := q.ExecContext(ctx, d.Rebind(`INSERT INTO knowledge_trash_rows (account_id, trash_id, article_id)
			VALUES (?, ?, ?)`), sc.Account, trash, id); err != nil {
			return fmt.Errorf("knowledge: trash %v: %w", item, err)
		}
		if _, err := m.e.Update(ctx, system(sc), "KnowledgeArticle", id, droppedIn); err != nil {
			return err
		}
	}
	return nil
}

// trashRow is an item's row of knowledge_trash.
type trashRow struct {
	id, base, parent int64
}

func (m *Module) trashOf(ctx context.Context, account int64, item value.Link) (trashRow, error) {
	var t trashRow
	var parent sql.NullInt64
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, base_id, parent_id FROM knowledge_trash
		WHERE account_id = ? AND item_type = ? AND item_id = ? ORDER BY id DESC LIMIT 1`), account, item.Type, item.ID).
		Scan(&t.id, &t.base, &parent)
	if errors.Is(err, sql.ErrNoRows) {
		return t, entity.Invalidf("isDropped", CodeNotDropped, "")
	}
	t.parent = parent.Int64
	return t, err
}

// RecoverArticle brings an article and the rows dropped with it back from
// the trash (editors): under target (an article or a base's root) when
// given, else where it was, else, if that place is gone, at its base's
// root. It answers the restored articles.
func (m *Module) RecoverArticle(ctx context.Context, sc entity.Scope, id int64, target *value.Link) ([]int64, error) {
	var ids []int64
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := m.e.Get(ctx, sc, "KnowledgeArticle", id)
		if err != nil {
			return err
		}
		if err := m.needArticle(ctx, sc, rec, Editor); err != nil {
			return err
		}
		t, err := m.trashOf(ctx, sc.Account, rec.Link())
		if err != nil {
			return err
		}
		if !dropped(rec) {
			return entity.Invalidf("isDropped", CodeNotDropped, "")
		}
		rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT article_id FROM knowledge_trash_rows
			WHERE account_id = ? AND trash_id = ? ORDER BY article_id`), sc.Account, t.id)
		if err != nil {
			return fmt.Errorf("knowledge: recover %d: %w", id, err)
		}
		if ids, err = store.Int64s(rows); err != nil {
			return err
		}
		if err := m.forget(ctx, sc.Account, t.id); err != nil {
			return err
		}
		for _, x := range ids {
			if _, err := m.e.Update(ctx, system(sc), "KnowledgeArticle", x, droppedOut); err != nil {
				return err
			}
		}
		to := value.Link{Type: "KnowledgeBase", ID: rec.Links["base"].ID}
		if target != nil {
			to = *target
		} else if t.parent != 0 {
			if p, err := m.e.Get(ctx, sc, "KnowledgeArticle", t.parent); err == nil && !dropped(p) && p.Links["base"].ID == to.ID {
				to = p.Link()
			}
		}
		_, err = m.MoveTo(ctx, sc, id, to)
		return err
	})
	return ids, err
}

// RecoverBase brings a base back from the trash (owners).
func (m *Module) RecoverBase(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, error) {
	var rec *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if _, err := m.e.Get(ctx, sc, "KnowledgeBase", id); err != nil {
			return err
		}
		if err := m.need(ctx, sc, id, Owner); err != nil {
			return err
		}
		t, err := m.trashOf(ctx, sc.Account, value.Link{Type: "KnowledgeBase", ID: id})
		if err != nil {
			return err
		}
		if err := m.forget(ctx, sc.Account, t.id); err != nil {
			return err
		}
		rec, err = m.e.Update(ctx, system(sc), "KnowledgeBase", id, droppedOut)
		return err
	})
	return rec, err
}

func (m *Module) forget(ctx context.Context, account, trash int64) error {
	for _, q := range []string{"DELETE FROM knowledge_trash_rows WHERE account_id = ? AND trash_id = ?",
		"DELETE FROM knowledge_trash WHERE account_id = ? AND id = ?"} {
		if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(q), account, trash); err != nil {
			return fmt.Errorf("knowledge: trash %d: %w", trash, err)
		}
	}
	return nil
}

// TrashItem is one entry of the trash.
type TrashItem struct {
	ID      int64
	Item    value.Link
	Parents []value.Link // the base, then the article it was under
}

// Trash lists what the reader may restore: dropped articles of the bases
// they edit and dropped bases they own, newest first.
func (m *Module) Trash(ctx context.Context, sc entity.Scope) ([]TrashItem, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, item_type, item_id, base_id, COALESCE(parent_id, 0)
		FROM knowledge_trash WHERE account_id = ? ORDER BY id DESC`), sc.Account)
	if err != nil {
		return nil, fmt.Errorf("knowledge: trash: %w", err)
	}
	var all []TrashItem
	var bases []int64
	for rows.Next() {
		var t TrashItem
		var base, parent int64
		if err := rows.Scan(&t.ID, &t.Item.Type, &t.Item.ID, &base, &parent); err != nil {
			rows.Close()
			return nil, fmt.Errorf("knowledge: trash: %w", err)
		}
		if t.Item.Type == "KnowledgeArticle" {
			t.Parents = append(t.Parents, value.Link{Type: "KnowledgeBase", ID: base})
			if parent != 0 {
				t.Parents = append(t.Parents, value.Link{Type: "KnowledgeArticle", ID: parent})
			}
		}
		all, bases = append(all, t), append(bases, base)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	roles, err := m.Roles(ctx, sc, bases)
	if err != nil {
		return nil, err
	}
	arts := map[int64]int64{}
	for i, t := range all {
		if t.Item.Type == "KnowledgeArticle" {
			arts[t.Item.ID] = bases[i]
		}
	}
	artRoles, err := m.ArticleRoles(ctx, sc, arts)
	if err != nil {
		return nil, err
	}
	var out []TrashItem
	for i, t := range all {
		if t.Item.Type == "KnowledgeBase" && roles[bases[i]] >= Owner || t.Item.Type == "KnowledgeArticle" && artRoles[t.Item.ID] >= Editor {
			out = append(out, t)
		}
	}
	return out, nil
}
