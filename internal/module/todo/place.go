package todo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A to-do's place is a Place entity; calendar apps know a place only by
// its name (LOCATION), so a name becomes the account's place of that
// name, made when there is none.

// placeByName finds or makes the place of a name.
func placeByName(ctx context.Context, e *entity.Engine, sc entity.Scope, name string) (value.Link, error) {
	t, err := e.Type("Place")
	if err != nil {
		return value.Link{}, err
	}
	var id int64
	err = e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(fmt.Sprintf(
		`SELECT id FROM %s WHERE account_id = ? AND %s = ? ORDER BY id LIMIT 1`, t.Table, t.Field("name").Column)), sc.Account, name).Scan(&id)
	if err == nil {
		return value.Link{Type: "Place", ID: id}, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return value.Link{}, err
	}
	rec, err := e.Create(ctx, sc, "Place", entity.Input{"name": raw(name)})
	if err != nil {
		return value.Link{}, err
	}
	return rec.Link(), nil
}

// placeNames are the names of the to-dos' places, by to-do.
func placeNames(ctx context.Context, e *entity.Engine, sc entity.Scope, recs []*entity.Record) (map[int64]string, error) {
	var ids []int64
	for _, r := range recs {
		if l, ok := r.Links["place"]; ok {
			ids = append(ids, l.ID)
		}
	}
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	places, err := e.GetMany(ctx, sc, "Place", ids)
	if err != nil {
		return nil, err
	}
	name := map[int64]string{}
	for _, p := range places {
		name[p.ID] = str(p.Values["name"])
	}
	for _, r := range recs {
		if l, ok := r.Links["place"]; ok {
			out[r.ID] = name[l.ID]
		}
	}
	return out, nil
}
