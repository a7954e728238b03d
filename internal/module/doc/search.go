package doc

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/fulltext"
)

// reindex adds the words of a text document's actual text to its search
// text (x_search), after the engine has written the words of its name
// and description, so `q` and GET /search find a document by its text.
// The text lives in doc_texts, which the engine's Searcher cannot read
// (it sees only the row's own values), hence a write of its own in the
// same transaction.
func (m *Module) reindex(ctx context.Context, account int64, rec *entity.Record) error {
	v := rec.Links["actualVersion"].ID
	if v == 0 {
		return nil
	}
	texts, err := m.Texts(ctx, account, []int64{v})
	if err != nil {
		return err
	}
	text, ok := texts[v]
	if !ok {
		return nil
	}
	t := rec.Type
	doc, _ := m.e.RowSearchText(t, func(f string) any { return rec.Values[f] }).(string)
	// FieldText of a plain string field drops the HTML of the editor's
	// text, as it does for a description.
	words := fulltext.Index(fulltext.FieldText(t.Field("description"), text))
	if words == "" {
		return nil
	}
	if doc != "" {
		words = doc + " " + words
	}
	if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE e_doc SET x_search = ? WHERE account_id = ? AND id = ?`),
		words, account, rec.ID); err != nil {
		return fmt.Errorf("doc: search text of %d: %w", rec.ID, err)
	}
	return nil
}
