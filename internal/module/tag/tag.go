// Package tag holds the rules of tags (labels): one list per account,
// names unique regardless of case, and any employee may put a tag on any
// entity they can see (the reference's rule), not only on what they edit.
package tag

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// CodeExists is the 422 of a second tag with the same name ('Такая метка
// уже существует', spec 001 §5).
const CodeExists = "tag_exists"

// Tags carries what the rules need.
type Tags struct {
	e *entity.Engine
}

// Register installs the tag rules.
func Register(e *entity.Engine) *Tags {
	t := &Tags{e: e}
	e.Hook("Tag", entity.Hooks{BeforeSave: t.beforeSave})
	e.NeedFields("Tag", "user")
	e.Compute("Tag", entity.Computer{Fields: []string{"canEdit"}, InLists: true, Fill: t.fillCanEdit})
	return t
}

// beforeSave: the author is whoever creates the tag; names are trimmed
// and unique in the account regardless of case.
func (t *Tags) beforeSave(ctx context.Context, c *entity.Change) error {
	if c.New && !c.Scope.System && c.Scope.Actor.Type == "Employee" {
		a := c.Scope.Actor
		c.Links["user"] = &a
	} else if !c.New {
		delete(c.Links, "user")
	}
	raw, given := c.Values["name"]
	if !given {
		return nil
	}
	name, _ := raw.(string)
	name = strings.TrimSpace(name)
	if name == "" {
		return entity.Invalidf("name", entity.CodeRequired, "")
	}
	c.Values["name"] = name
	id, err := t.byName(ctx, c.Scope.Account, name)
	if err != nil {
		return err
	}
	if id != 0 && id != c.ID {
		return entity.Invalidf("name", CodeExists, "")
	}
	return nil
}

// byName finds a tag of the account by name, ignoring case.
func (t *Tags) byName(ctx context.Context, account int64, name string) (int64, error) {
	tt := t.e.Cat.Type("Tag")
	d := t.e.DB.Dialect
	q := fmt.Sprintf(`SELECT id FROM %s WHERE account_id = ? AND %s = %s ORDER BY id LIMIT 1`, tt.Table, d.Lower(tt.Field("name").Column), d.Lower("?"))
	var id int64
	err := t.e.DB.Q(ctx).QueryRowContext(ctx, t.e.DB.Dialect.Rebind(q), account, name).Scan(&id)
	if err != nil && !isNoRows(err) {
		return 0, err
	}
	return id, nil
}

func (t *Tags) fillCanEdit(_ context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	for _, r := range recs {
		r.SetComputed("canEdit", sc.Admin || r.Links["user"] == sc.Actor)
	}
	return nil
}

// Attach puts a tag on an entity the reader can see. The body is a Tag: a
// link to an existing one, or {"name"} — an existing tag of that name, or
// a new one. It answers the entity.
func (t *Tags) Attach(ctx context.Context, sc entity.Scope, subject value.Link, body json.RawMessage) (*entity.Record, error) {
	var rec *entity.Record
	err := t.e.DB.WithTx(ctx, func(ctx context.Context) error {
		old, err := t.e.Get(ctx, sc, subject.Type, subject.ID)
		if err != nil {
			return err
		}
		if !old.Type.Has("tags") {
			return entity.ErrNotFound
		}
		tagID, err := t.resolve(ctx, sc, body)
		if err != nil {
			return err
		}
		return t.setTags(ctx, sc, old, func(tags []value.Link) []value.Link {
			for _, l := range tags {
				if l.ID == tagID {
					return tags
				}
			}
			return append(tags, value.Link{Type: "Tag", ID: tagID})
		})
	})
	if err != nil {
		return nil, err
	}
	rec, err = t.e.Get(ctx, sc, subject.Type, subject.ID)
	return rec, err
}

// Detach takes a tag off an entity the reader can see; it answers the
// entity's remaining tags.
func (t *Tags) Detach(ctx context.Context, sc entity.Scope, subject value.Link, tagID int64) ([]value.Link, error) {
	var left []value.Link
	err := t.e.DB.WithTx(ctx, func(ctx context.Context) error {
		old, err := t.e.Get(ctx, sc, subject.Type, subject.ID)
		if err != nil {
			return err
		}
		return t.setTags(ctx, sc, old, func(tags []value.Link) []value.Link {
			for _, l := range tags {
				if l.ID != tagID {
					left = append(left, l)
				}
			}
			return left
		})
	})
	return left, err
}

// setTags rewrites the entity's tags with the system's rights: seeing the
// entity is enough to label it.
func (t *Tags) setTags(ctx context.Context, sc entity.Scope, old *entity.Record, change func([]value.Link) []value.Link) error {
	sys := entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true}
	if err := t.e.Expand(ctx, sys, []*entity.Record{old}, entity.Selection{Fields: []string{"tags"}, Only: true}); err != nil {
		return err
	}
	c := entity.NewChange(sys, old.Type, old)
	c.Many["tags"] = change(old.Many["tags"])
	_, err := t.e.Save(ctx, c)
	return err
}

// resolve finds or makes the tag a body names.
func (t *Tags) resolve(ctx context.Context, sc entity.Scope, body json.RawMessage) (int64, error) {
	var in struct {
		ID   json.RawMessage `json:"id"`
		Name *string         `json:"name"`
	}
	if json.Unmarshal(body, &in) != nil {
		return 0, entity.Invalidf("name", entity.CodeRequired, "")
	}
	if len(in.ID) > 0 && string(in.ID) != "null" {
		l, err := value.DecodeLink(body, []string{"Tag"})
		if err != nil {
			return 0, entity.Invalidf("id", entity.CodeLinkNotFound, "Tag")
		}
		if _, err := t.e.Get(ctx, sc, "Tag", l.ID); err != nil {
			return 0, entity.Invalidf("id", entity.CodeLinkNotFound, "Tag")
		}
		return l.ID, nil
	}
	if in.Name == nil || strings.TrimSpace(*in.Name) == "" {
		return 0, entity.Invalidf("name", entity.CodeRequired, "")
	}
	id, err := t.byName(ctx, sc.Account, strings.TrimSpace(*in.Name))
	if err != nil || id != 0 {
		return id, err
	}
	name, _ := json.Marshal(strings.TrimSpace(*in.Name))
	rec, err := t.e.Create(ctx, sc, "Tag", entity.Input{"name": name})
	if err != nil {
		return 0, err
	}
	return rec.ID, nil
}
