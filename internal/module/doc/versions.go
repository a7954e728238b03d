package doc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

func raw(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// addVersion saves content as a document's next version and makes it the
// actual one; the rules have judged the call. A file must be one the
// author sees, so nobody attaches another's file by guessing its id.
func (m *Module) addVersion(ctx context.Context, sc entity.Scope, doc *entity.Record, c Content) (*entity.Record, error) {
	in := entity.Input{"doc": raw(value.EncodeLink(doc.Link())), "comment": raw(c.Comment)}
	name := doc.String("name")
	if c.File != nil {
		f, err := m.e.Get(ctx, sc, "File", c.File.ID)
		if errors.Is(err, entity.ErrNotFound) {
			return nil, entity.Invalidf("content", entity.CodeLinkNotFound, "File:"+strconv.FormatInt(c.File.ID, 10))
		}
		if err != nil {
			return nil, err
		}
		name = f.String("name")
		in["content"] = raw(value.EncodeLink(*c.File))
		in["mimeType"] = raw(f.String("mimeType"))
		if th := m.thumbnail(ctx, sc, f); th != nil {
			in["thumbnail"] = raw(value.EncodeLink(*th))
		}
	} else {
		in["mimeType"] = raw(TextType)
	}
	var last int64
	if err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COALESCE(MAX(c_revision), 0) FROM e_docversion
		WHERE account_id = ? AND c_doc_i = ?`), sc.Account, doc.ID).Scan(&last); err != nil {
		return nil, fmt.Errorf("doc: revision of %d: %w", doc.ID, err)
	}
	in["name"] = raw(name)
	in["revision"] = raw(last + 1)
	in["number"] = raw(strconv.FormatInt(last+1, 10))
	v, err := m.e.Create(ctx, system(sc), "DocVersion", in)
	if err != nil {
		return nil, err
	}
	if c.Text != nil {
		if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO doc_texts (account_id, version_id, content)
			VALUES (?, ?, ?)`), sc.Account, v.ID, *c.Text); err != nil {
			return nil, fmt.Errorf("doc: text of %d: %w", v.ID, err)
		}
	}
	if _, err := m.e.Update(ctx, system(sc), "Doc", doc.ID, entity.Input{"actualVersion": raw(value.EncodeLink(v.Link()))}); err != nil {
		return nil, err
	}
	return v, nil
}

// Create makes a document and its first version in one transaction; a
// document made without content is a text document with no version until
// its text is first saved.
func (m *Module) Create(ctx context.Context, sc entity.Scope, in entity.Input, c Content) (*entity.Record, error) {
	var doc *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if doc, err = m.e.Create(ctx, sc, "Doc", in); err != nil || c.File == nil && c.Text == nil {
			return err
		}
		_, err = m.addVersion(ctx, sc, doc, c)
		return err
	})
	if err != nil {
		return nil, err
	}
	return m.e.Get(ctx, sc, "Doc", doc.ID)
}

// NewVersion saves a new file or text of a document; its editors only.
// A text goes only to a text document: a file's bytes are not edited.
func (m *Module) NewVersion(ctx context.Context, sc entity.Scope, id int64, c Content) (*entity.Record, error) {
	var doc *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if doc, err = m.e.Get(ctx, sc, "Doc", id); err != nil {
			return err
		}
		if err := m.need(ctx, sc, nodeOf(doc), Editor); err != nil {
			return err
		}
		if err := m.notStale(ctx, sc, doc, c.Base); err != nil {
			return err
		}
		if c.Text != nil {
			if text, err := m.isText(ctx, sc, doc); err != nil || !text {
				if err != nil {
					return err
				}
				return entity.Invalidf("content", CodeNotTextual, "")
			}
		}
		_, err = m.addVersion(ctx, sc, doc, c)
		return err
	})
	if err != nil {
		return nil, err
	}
	return m.e.Get(ctx, sc, "Doc", doc.ID)
}

// notStale refuses a save based on an older revision than the actual one
// (0: the document had none); the refusal names the actual revision, so
// the editor can show the newer text beside the author's own.
func (m *Module) notStale(ctx context.Context, sc entity.Scope, doc *entity.Record, base *int64) error {
	if base == nil {
		return nil
	}
	var actual int64
	if v := doc.Links["actualVersion"].ID; v != 0 {
		rec, err := m.e.Get(ctx, system(sc), "DocVersion", v)
		if err != nil {
			return err
		}
		actual = intValue(rec.Values["revision"])
	}
	if actual != *base {
		return entity.Invalidf("revision", CodeConflict, strconv.FormatInt(actual, 10))
	}
	return nil
}

func (m *Module) isText(ctx context.Context, sc entity.Scope, doc *entity.Record) (bool, error) {
	v := doc.Links["actualVersion"].ID
	if v == 0 {
		return true, nil
	}
	rec, err := m.e.Get(ctx, system(sc), "DocVersion", v)
	if err != nil {
		return false, err
	}
	return rec.Links["content"].ID == 0, nil
}

// Restore saves an old version's content as the document's next version
// (history is never rewritten); its editors only.
func (m *Module) Restore(ctx context.Context, sc entity.Scope, id, version int64) (*entity.Record, error) {
	var doc *entity.Record
	err := m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if doc, err = m.e.Get(ctx, sc, "Doc", id); err != nil {
			return err
		}
		if err := m.need(ctx, sc, nodeOf(doc), Editor); err != nil {
			return err
		}
		old, err := m.e.Get(ctx, sc, "DocVersion", version)
		if errors.Is(err, entity.ErrNotFound) || err == nil && old.Links["doc"].ID != id {
			return entity.Invalidf("id", CodeVersionGone, strconv.FormatInt(version, 10))
		}
		if err != nil {
			return err
		}
		c := Content{Comment: "revision " + strconv.FormatInt(intValue(old.Values["revision"]), 10)}
		if f := old.Links["content"]; f.ID != 0 {
			c.File = &f
		} else {
			texts, err := m.Texts(ctx, sc.Account, []int64{old.ID})
			if err != nil {
				return err
			}
			t := texts[old.ID]
			c.Text = &t
		}
		_, err = m.addVersion(ctx, system(sc), doc, c)
		return err
	})
	if err != nil {
		return nil, err
	}
	return m.e.Get(ctx, sc, "Doc", doc.ID)
}

func intValue(v any) int64 {
	n, _ := v.(int64)
	return n
}

// versionIDs are a document's versions, newest first.
func (m *Module) versionIDs(ctx context.Context, account, doc int64) ([]int64, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id FROM e_docversion
		WHERE account_id = ? AND c_doc_i = ? ORDER BY c_revision DESC, id DESC`), account, doc)
	if err != nil {
		return nil, fmt.Errorf("doc: versions of %d: %w", doc, err)
	}
	return store.Int64s(rows)
}

// Texts are the texts of the text versions among ids.
func (m *Module) Texts(ctx context.Context, account int64, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{account}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT version_id, content FROM doc_texts
		WHERE account_id = ? AND version_id IN (`+store.Marks(len(ids))+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("doc: texts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var s string
		if err := rows.Scan(&id, &s); err != nil {
			return nil, fmt.Errorf("doc: texts: %w", err)
		}
		out[id] = s
	}
	return out, rows.Err()
}

// WriteText saves a text as a document's next version in the system's
// name (the actor is kept as its author): for the demo company, which
// writes through the engine rather than the API.
func WriteText(ctx context.Context, e *entity.Engine, sc entity.Scope, doc int64, text string) error {
	m := &Module{e: e}
	_, err := m.NewVersion(ctx, system(sc), doc, Content{Text: &text})
	return err
}
