package knowledge

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Deleting what is already in the trash deletes it for good (the usual
// two steps of a trash): an article with the rows dropped with it (its
// editors), a base with every article it has (its owners). The articles'
// versions, roles and back-references go too; nothing comes back.

// PurgeArticle deletes a dropped article and what was dropped with it.
func (m *Module) PurgeArticle(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	if err := m.needArticle(ctx, sc, rec, Editor); err != nil {
		return err
	}
	t, err := m.trashOf(ctx, sc.Account, rec.Link())
	if err != nil {
		return err
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT article_id FROM knowledge_trash_rows
		WHERE account_id = ? AND trash_id = ?`), sc.Account, t.id)
	if err != nil {
		return fmt.Errorf("knowledge: purge %d: %w", rec.ID, err)
	}
	ids, err := store.Int64s(rows)
	if err != nil {
		return err
	}
	if err := m.forget(ctx, sc.Account, t.id); err != nil {
		return err
	}
	return m.purge(ctx, sc, ids)
}

// PurgeBase deletes a dropped base and all its articles.
func (m *Module) PurgeBase(ctx context.Context, sc entity.Scope, id int64) error {
	if err := m.need(ctx, sc, id, Owner); err != nil {
		return err
	}
	t, err := m.trashOf(ctx, sc.Account, value.Link{Type: "KnowledgeBase", ID: id})
	if err != nil {
		return err
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id FROM e_knowledgearticle
		WHERE account_id = ? AND c_base_i = ?`), sc.Account, id)
	if err != nil {
		return fmt.Errorf("knowledge: purge base %d: %w", id, err)
	}
	ids, err := store.Int64s(rows)
	if err != nil {
		return err
	}
	// The base's articles dropped on their own go with it, trash and all.
	if err := m.e.DB.Exec(ctx, `DELETE FROM knowledge_trash_rows WHERE account_id = ? AND trash_id IN
		(SELECT id FROM knowledge_trash WHERE account_id = ? AND base_id = ?)`, sc.Account, sc.Account, id); err != nil {
		return fmt.Errorf("knowledge: purge base %d: %w", id, err)
	}
	if err := m.e.DB.Exec(ctx, `DELETE FROM knowledge_trash WHERE account_id = ? AND (base_id = ? OR id = ?)`, sc.Account, id, t.id); err != nil {
		return fmt.Errorf("knowledge: purge base %d: %w", id, err)
	}
	if err := m.purge(ctx, sc, ids); err != nil {
		return err
	}
	if err := m.e.DB.Exec(ctx, `DELETE FROM knowledge_rights WHERE account_id = ? AND base_id = ?`, sc.Account, id); err != nil {
		return fmt.Errorf("knowledge: purge base %d: %w", id, err)
	}
	return m.e.Delete(ctx, system(sc), "KnowledgeBase", id)
}

// purge deletes articles and what hangs on them.
func (m *Module) purge(ctx context.Context, sc entity.Scope, ids []int64) error {
	for _, id := range ids {
		for _, q := range []string{
			"DELETE FROM knowledge_versions WHERE account_id = ? AND article_id = ?",
			"DELETE FROM knowledge_article_rights WHERE account_id = ? AND article_id = ?",
			"DELETE FROM knowledge_article_scope WHERE account_id = ? AND article_id = ?",
			"DELETE FROM knowledge_backlinks WHERE account_id = ? AND article_id = ?",
		} {
			if err := m.e.DB.Exec(ctx, q, sc.Account, id); err != nil {
				return fmt.Errorf("knowledge: purge %d: %w", id, err)
			}
		}
		if err := m.e.Delete(ctx, system(sc), "KnowledgeArticle", id); err != nil {
			return err
		}
	}
	return nil
}
