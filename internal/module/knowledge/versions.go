package knowledge

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Version is one saved state of an article's name and text.
type Version struct {
	ID      int64
	Name    string
	Content string
	User    value.Link
	Created int64 // unix milliseconds
}

// Encode is a version in the API's shape (not a catalogue type: versions
// are only read through their article).
func (v Version) Encode(opt value.Options) map[string]any {
	return map[string]any{"contentType": "KnowledgeArticleVersion", "id": strconv.FormatInt(v.ID, 10),
		"name": v.Name, "content": v.Content, "user": value.EncodeLink(v.User),
		"timeCreated": value.DateTime{}.Encode(v.Created, opt)}
}

func (m *Module) addVersion(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	user := sc.Actor
	if user.ID == 0 {
		user = value.Link{Type: "Employee", ID: 0}
	}
	_, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO knowledge_versions
		(account_id, article_id, name, content, user_type, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
		sc.Account, rec.ID, rec.String("name"), rec.String("content"), user.Type, user.ID, m.e.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("knowledge: version of %d: %w", rec.ID, err)
	}
	return nil
}

// Versions lists an article's versions, newest first, to whoever reads it.
func (m *Module) Versions(ctx context.Context, sc entity.Scope, article int64) ([]Version, error) {
	if _, err := m.e.Get(ctx, sc, "KnowledgeArticle", article); err != nil {
		return nil, err
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, COALESCE(name, ''), COALESCE(content, ''),
		user_type, user_id, created_at FROM knowledge_versions WHERE account_id = ? AND article_id = ? ORDER BY id DESC`),
		sc.Account, article)
	if err != nil {
		return nil, fmt.Errorf("knowledge: versions of %d: %w", article, err)
	}
	defer rows.Close()
	var out []Version
	for rows.Next() {
		var v Version
		if err := rows.Scan(&v.ID, &v.Name, &v.Content, &v.User.Type, &v.User.ID, &v.Created); err != nil {
			return nil, fmt.Errorf("knowledge: versions of %d: %w", article, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// RestoreVersion saves a version's name and text as the article's current
// ones (which is itself a new version); editors only.
func (m *Module) RestoreVersion(ctx context.Context, sc entity.Scope, article, version int64) (*entity.Record, error) {
	vs, err := m.Versions(ctx, sc, article)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		if v.ID == version {
			name, _ := json.Marshal(v.Name)
			content, _ := json.Marshal(v.Content)
			return m.e.Update(ctx, sc, "KnowledgeArticle", article, entity.Input{"name": name, "content": content})
		}
	}
	return nil, entity.ErrNotFound
}
