// Package favorite keeps what each user starred, of any content type:
// isFavorite on the entity, GET /favorite, and the favourites filters.
package favorite

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Favorites reads and writes the favourites of users.
type Favorites struct {
	e *entity.Engine
}

// Register fills isFavorite on every type that has it.
func Register(e *entity.Engine) *Favorites {
	f := &Favorites{e: e}
	for _, name := range e.Cat.Names() {
		if e.Cat.Type(name).Has("isFavorite") {
			e.Compute(name, entity.Computer{Fields: []string{"isFavorite"}, Fill: f.fill})
		}
	}
	return f
}

// Set stars (on) or unstars an entity for the reader, who must see it.
func (f *Favorites) Set(ctx context.Context, sc entity.Scope, l value.Link, on bool) (*entity.Record, error) {
	var rec *entity.Record
	err := f.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = f.e.Get(ctx, sc, l.Type, l.ID); err != nil {
			return err
		}
		if !rec.Type.Has("isFavorite") {
			return entity.ErrNotFound
		}
		db := f.e.DB
		q := `DELETE FROM favorites WHERE account_id = ? AND user_type = ? AND user_id = ? AND entity_type = ? AND entity_id = ?`
		args := []any{sc.Account, sc.Actor.Type, sc.Actor.ID, l.Type, l.ID}
		if on {
			q = `INSERT INTO favorites (account_id, user_type, user_id, entity_type, entity_id, created_at)
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
			args = append(args, f.e.Now().UnixMilli())
		}
		_, err = db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(q), args...)
		return err
	})
	return rec, err
}

// List returns the reader's favourites, newest first, at most limit.
func (f *Favorites) List(ctx context.Context, sc entity.Scope, limit int) ([]value.Link, error) {
	db := f.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT entity_type, entity_id FROM favorites
		WHERE account_id = ? AND user_type = ? AND user_id = ? ORDER BY created_at DESC, entity_id DESC LIMIT ?`),
		sc.Account, sc.Actor.Type, sc.Actor.ID, limit)
	if err != nil {
		return nil, err
	}
	return store.Links(rows)
}

// Where is the condition "starred by the reader" over a type's table, for
// filters.
func Where(table, typeName string, sc entity.Scope) entity.Condition {
	return entity.Condition{SQL: fmt.Sprintf(`EXISTS (SELECT 1 FROM favorites fv WHERE fv.account_id = %s.account_id
		AND fv.user_type = ? AND fv.user_id = ? AND fv.entity_type = ? AND fv.entity_id = %s.id)`, table, table),
		Args: []any{sc.Actor.Type, sc.Actor.ID, typeName}}
}

func (f *Favorites) fill(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	ids := make([]any, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	db := f.e.DB
	q := `SELECT entity_id FROM favorites WHERE account_id = ? AND user_type = ? AND user_id = ? AND entity_type = ?
		AND entity_id IN (` + store.Marks(len(ids)) + `)`
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), append([]any{sc.Account, sc.Actor.Type, sc.Actor.ID, recs[0].Type.Name}, ids...)...)
	if err != nil {
		return err
	}
	found, err := store.Int64s(rows)
	if err != nil {
		return err
	}
	starred := map[int64]bool{}
	for _, id := range found {
		starred[id] = true
	}
	for _, r := range recs {
		r.SetComputed("isFavorite", starred[r.ID])
	}
	return nil
}
