package doc

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// fillVersions answers a version's content as the reference types it,
// File|string: a text version's content is its text. editAbility says
// whether the reader may write the document's text in the editor.
func (m *Module) fillVersions(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	ids := make([]int64, 0, len(recs))
	docs := make([]int64, 0, len(recs))
	for _, r := range recs {
		if r.Links["content"].ID == 0 {
			ids = append(ids, r.ID)
		}
		docs = append(docs, r.Links["doc"].ID)
	}
	texts, err := m.Texts(ctx, sc.Account, ids)
	if err != nil {
		return err
	}
	roles, err := m.Roles(ctx, sc, "Doc", docs)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if r.Computed == nil {
			r.Computed = map[string]any{}
		}
		text, isText := texts[r.ID]
		if isText && want["content"] {
			r.Computed["content"] = text
		}
		if !want["editAbility"] {
			continue
		}
		switch {
		case !isText:
			r.Computed["editAbility"] = "forbidden_by_file"
		case roles[r.Links["doc"].ID] < Editor:
			r.Computed["editAbility"] = "forbidden_by_rights"
		default:
			r.Computed["editAbility"] = "allowed"
		}
	}
	return nil
}
