package leadform

import (
	"context"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// tagsOnly selects the tags collection alone, for Expand.
var tagsOnly = entity.Selection{Fields: []string{"tags"}, Only: true}

// tagWith gives what a post made (or found: a client already known keeps
// its own tags) the form's tags, so a lead shows which form brought it.
func (m *Module) tagWith(ctx context.Context, sc entity.Scope, form []value.Link, rec *entity.Record) error {
	if len(form) == 0 || rec == nil {
		return nil
	}
	if err := m.Engine.Expand(ctx, sc, []*entity.Record{rec}, tagsOnly); err != nil {
		return err
	}
	tags := slices.Clone(rec.Many["tags"])
	for _, t := range form {
		if !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	if len(tags) == len(rec.Many["tags"]) {
		return nil
	}
	c := entity.NewChange(sc, rec.Type, rec)
	c.Many["tags"] = tags
	_, err := m.Engine.Save(ctx, c)
	return err
}
