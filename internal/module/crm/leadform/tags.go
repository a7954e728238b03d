package leadform

import (
	"context"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// tagsOf reads a record's tags (the links table's tags collection).
func (m *Module) tagsOf(ctx context.Context, account int64, l value.Link) ([]value.Link, error) {
	db := m.Engine.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT dst_type, dst_id FROM links
		WHERE account_id = ? AND src_type = ? AND src_id = ? AND field = 'tags' ORDER BY pos`), account, l.Type, l.ID)
	if err != nil {
		return nil, fmt.Errorf("leadform: tags of %s %d: %w", l.Type, l.ID, err)
	}
	defer rows.Close()
	var out []value.Link
	for rows.Next() {
		var t value.Link
		if err := rows.Scan(&t.Type, &t.ID); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// tagWith gives what a post made (or found: a client already known keeps
// its own tags) the form's tags, so a lead shows which form brought it.
func (m *Module) tagWith(ctx context.Context, sc entity.Scope, form []value.Link, rec *entity.Record) error {
	if len(form) == 0 || rec == nil {
		return nil
	}
	have, err := m.tagsOf(ctx, sc.Account, rec.Link())
	if err != nil {
		return err
	}
	tags := slices.Clone(have)
	for _, t := range form {
		if !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	if len(tags) == len(have) {
		return nil
	}
	out := make([]any, len(tags))
	for i, t := range tags {
		out[i] = value.EncodeLink(t)
	}
	_, err = m.Engine.Update(ctx, sc, rec.Type.Name, rec.ID, entity.Input{"tags": raw(out)})
	return err
}
