package space

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/richtext"
	"github.com/artel/artel/internal/value"
)

// previewLength is how much of a note's text previewText keeps.
const previewLength = 200

// Note is a note page's text (NoteEdition); its id is the element's.
type Note struct {
	ID            int64
	Text, Preview string
}

// JSON is the note as NoteEdition.
func (n *Note) JSON() map[string]any {
	return map[string]any{"contentType": "NoteEdition", "id": sid(n.ID), "text": n.Text, "previewText": n.Preview}
}

// ReadNote is the text of a note page the reader sees, noted as visited.
func (m *Module) ReadNote(ctx context.Context, sc entity.Scope, id int64) (*Note, error) {
	t, e, err := m.judge(ctx, sc, id, Read)
	if err != nil || e.Type != TypeNote {
		return nil, notFound(err)
	}
	n := &Note{ID: id}
	err = m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT note_text, note_preview FROM space_elements
		WHERE account_id = ? AND id = ?`), sc.Account, id).Scan(&n.Text, &n.Preview)
	if err != nil {
		return nil, fmt.Errorf("space: note %d: %w", id, err)
	}
	return n, m.visit(ctx, sc, t, id)
}

// notFound is err, or 404 when there was none (the element is no note).
func notFound(err error) error {
	if err != nil {
		return err
	}
	return entity.ErrNotFound
}

// WriteNote stores a note page's text (Edit), cleaned of anything but
// rich text (internal/richtext), with its plain-text preview.
func (m *Module) WriteNote(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage) (*Note, error) {
	_, e, err := m.judge(ctx, sc, id, Edit)
	if err != nil || e.Type != TypeNote {
		return nil, notFound(err)
	}
	var in struct {
		Text *string `json:"text"`
	}
	if json.Unmarshal(raw, &in) != nil {
		return nil, entity.Invalidf("text", value.CodeType, "string")
	}
	if in.Text == nil {
		return nil, entity.Invalidf("text", entity.CodeRequired, "")
	}
	n := &Note{ID: id, Text: richtext.Clean(*in.Text)}
	n.Preview = richtext.Plain(n.Text, previewLength)
	_, err = m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE space_elements SET note_text = ?, note_preview = ?, updated_at = ?
		WHERE account_id = ? AND id = ?`), n.Text, n.Preview, m.now().Unix(), sc.Account, id)
	if err != nil {
		return nil, fmt.Errorf("space: save note %d: %w", id, err)
	}
	return n, nil
}
