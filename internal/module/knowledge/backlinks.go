package knowledge

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Back-references: a comment or a task whose text links to an article
// (its web address /knowledge/article/{id} or /knowledge/{base}/{id},
// with or without the host) is listed on the article. The links are
// kept in knowledge_backlinks, rewritten on every save of the text, so
// reading them is one indexed query; each source is then read through
// the reader's rights.

// linkSources are the types whose text is searched, and that text's fields.
var linkSources = map[string][]string{"Comment": {"content"}, "Task": {"statement", "name"}}

var articleAddress = regexp.MustCompile(`/knowledge/(?:article|\d+)/(\d+)`)

// maxBacklinks bounds what one text records and what a reader gets.
const maxBacklinks = 200

// articleIDs are the articles a text links to, each once.
func articleIDs(text string) []int64 {
	var out []int64
	for _, m := range articleAddress.FindAllStringSubmatch(text, maxBacklinks) {
		if id, err := strconv.ParseInt(m[1], 10, 64); err == nil && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func (m *Module) registerBacklinks(e *entity.Engine) {
	for typ, fields := range linkSources {
		typ, fields := typ, fields
		e.Hook(typ, entity.Hooks{AfterSave: func(ctx context.Context, c *entity.Change, rec *entity.Record) error {
			changed := c.New
			for _, f := range fields {
				if _, ok := c.Values[f]; ok {
					changed = true
				}
			}
			if !changed {
				return nil
			}
			var ids []int64
			for _, f := range fields {
				for _, id := range articleIDs(rec.String(f)) {
					if !slices.Contains(ids, id) {
						ids = append(ids, id)
					}
				}
			}
			return m.writeBacklinks(ctx, c.Scope.Account, typ, rec.ID, ids)
		}})
	}
}

func (m *Module) writeBacklinks(ctx context.Context, account int64, typ string, id int64, articles []int64) error {
	db := m.e.DB
	if err := db.Exec(ctx, `DELETE FROM knowledge_backlinks WHERE account_id = ? AND src_type = ? AND src_id = ?`,
		account, typ, id); err != nil {
		return fmt.Errorf("knowledge: backlinks of %s %d: %w", typ, id, err)
	}
	for _, a := range articles {
		if err := db.Exec(ctx, `INSERT INTO knowledge_backlinks (account_id, article_id, src_type, src_id) VALUES (?, ?, ?, ?)`,
			account, a, typ, id); err != nil {
			return fmt.Errorf("knowledge: backlink %s %d: %w", typ, id, err)
		}
	}
	return nil
}

// Backlinks answers the comments and tasks linking to an article that
// the reader may read (the article itself must be readable: 404 else),
// newest first.
func (m *Module) Backlinks(ctx context.Context, sc entity.Scope, article int64) ([]*entity.Record, error) {
	if _, err := m.e.Get(ctx, sc, "KnowledgeArticle", article); err != nil {
		return nil, err
	}
	db := m.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT src_type, src_id FROM knowledge_backlinks
		WHERE account_id = ? AND article_id = ? ORDER BY src_id DESC LIMIT ?`), sc.Account, article, maxBacklinks)
	if err != nil {
		return nil, fmt.Errorf("knowledge: backlinks: %w", err)
	}
	byType := map[string][]int64{}
	var order []string
	for rows.Next() {
		var typ string
		var id int64
		if err := rows.Scan(&typ, &id); err != nil {
			rows.Close()
			return nil, err
		}
		byType[typ] = append(byType[typ], id)
		order = append(order, typ+":"+strconv.FormatInt(id, 10))
	}
	rows.Close()
	seen := map[string]*entity.Record{}
	for typ, ids := range byType {
		// GetMany reads through the reader's rights: what they may not
		// see, or what is gone, is simply not there.
		recs, err := m.e.GetMany(ctx, sc, typ, ids)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			seen[typ+":"+strconv.FormatInt(r.ID, 10)] = r
		}
	}
	out := make([]*entity.Record, 0, len(seen))
	for _, k := range order {
		if r, ok := seen[k]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// backlinks answers GET /knowledgeArticle/{id}/backlinks (Artel's): the
// comments and tasks the reader may read that link to the article, as
// {contentType, id, name} for a task and {contentType, id, content,
// subject, timeCreated} for a comment (subject: what it is a comment of).
func (a *HTTP) backlinks(ctx context.Context, r *api.Request) api.Response {
	recs, err := a.Knowledge.Backlinks(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, 0, len(recs))
	for _, rec := range recs {
		v := map[string]any{"contentType": rec.Type.Name, "id": strconv.FormatInt(rec.ID, 10)}
		switch rec.Type.Name {
		case "Task":
			v["name"] = rec.String("name")
		case "Comment":
			v["content"] = rec.String("content")
			if s, ok := rec.Links["subject"]; ok {
				v["subject"] = value.EncodeLink(s)
			}
		}
		out = append(out, v)
	}
	return api.OK(out)
}
