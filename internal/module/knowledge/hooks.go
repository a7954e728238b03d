package knowledge

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/richtext"
	"github.com/artel/artel/internal/value"
)

// kept are the fields only these rules write: the tree (through moves),
// the trash, and who changed what last. A caller's value for them is
// dropped rather than refused, as clients echo whole entities back.
var kept = []string{"isDropped", "orderPos", "accessRole", "lastUpdated", "lastUpdateBy", "expanded"}

func (m *Module) stamp(c *entity.Change) {
	if c.Scope.System {
		return
	}
	if c.Values == nil {
		c.Values = map[string]any{}
	}
	if c.Links == nil {
		c.Links = map[string]*value.Link{}
	}
	for _, f := range kept {
		delete(c.Values, f)
		delete(c.Links, f)
	}
	if html, ok := c.Values["content"].(string); ok {
		c.Values["content"] = richtext.Clean(html) // no scripts in a stored article
	}
	if c.New || c.Values["name"] != nil || c.Values["content"] != nil {
		c.Values["lastUpdated"] = m.e.Now().UnixMilli()
		if c.Scope.Actor.ID != 0 {
			actor := c.Scope.Actor
			c.Links["lastUpdateBy"] = &actor
		}
	}
}

// nameRequired refuses a base or an article without a name.
func nameRequired(c *entity.Change) error {
	name, set := c.Values["name"]
	if c.New || set {
		if s, _ := name.(string); strings.TrimSpace(s) == "" {
			return entity.Invalidf("name", entity.CodeRequired, "")
		}
	}
	return nil
}

func (m *Module) beforeBase(ctx context.Context, c *entity.Change) error {
	if err := nameRequired(c); err != nil {
		return err
	}
	if !c.New && !c.Scope.System && dropped(c.Old) {
		return entity.Invalidf("isDropped", CodeDropped, "")
	}
	m.stamp(c)
	if c.New {
		n, err := m.nextPos(ctx, c.Scope, "KnowledgeBase", 0, 0)
		if err != nil {
			return err
		}
		c.Values["orderPos"] = n
	}
	return nil
}

// afterBase makes the creator of a base its owner.
func (m *Module) afterBase(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if !c.New || c.Scope.Actor.Type != "Employee" || c.Scope.Actor.ID == 0 {
		return nil
	}
	_, err := Give(ctx, m.e.DB, c.Scope.Account, rec.ID, c.Scope.Actor, Owner)
	return err
}

// beforeArticle judges a save of an article: editors of its base write
// it, a new one names its base (and, under a parent, the parent's), and
// its place in the tree changes only through a move.
func (m *Module) beforeArticle(ctx context.Context, c *entity.Change) error {
	if err := nameRequired(c); err != nil {
		return err
	}
	if c.Scope.System {
		return nil
	}
	if !c.New {
		for _, f := range []string{"base", "parent"} {
			if l, set := c.Links[f]; set && linkID(l) != c.Old.Links[f].ID {
				return entity.Invalidf(f, CodeUseMove, "")
			}
			delete(c.Links, f)
		}
		if dropped(c.Old) {
			return entity.Invalidf("isDropped", CodeDropped, "")
		}
		m.stamp(c)
		return nil
	}
	base := linkID(c.Links["base"])
	parent := linkID(c.Links["parent"])
	var under *entity.Record
	if parent != 0 {
		p, err := m.e.Get(ctx, c.Scope, "KnowledgeArticle", parent)
		if err != nil {
			return err
		}
		under = p
		if dropped(p) {
			return entity.Invalidf("parent", CodeDropped, "")
		}
		if base == 0 {
			base = p.Links["base"].ID
			c.Links["base"] = &value.Link{Type: "KnowledgeBase", ID: base}
		} else if base != p.Links["base"].ID {
			return entity.Invalidf("parent", CodeOtherBase, "")
		}
	}
	if base == 0 {
		return entity.Invalidf("base", entity.CodeRequired, "")
	}
	b, err := m.e.Get(ctx, c.Scope, "KnowledgeBase", base)
	if err != nil {
		return err
	}
	if dropped(b) {
		return entity.Invalidf("base", CodeDropped, "")
	}
	// Under a closed article its roles judge, else the base's.
	if under != nil {
		err = m.needArticle(ctx, c.Scope, under, Editor)
	} else {
		err = m.need(ctx, c.Scope, base, Editor)
	}
	if err != nil {
		return err
	}
	m.stamp(c)
	n, err := m.nextPos(ctx, c.Scope, "KnowledgeArticle", base, parent)
	if err != nil {
		return err
	}
	c.Values["orderPos"] = n
	return nil
}

// afterArticle keeps a version of every save of an article's name or text.
func (m *Module) afterArticle(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if err := m.rescoped(ctx, c, rec); err != nil {
		return err
	}
	_, name := c.Values["name"]
	_, content := c.Values["content"]
	if !c.New && !name && !content {
		return nil
	}
	return m.addVersion(ctx, c.Scope, rec)
}

// rescoped keeps the article roles' reach (article_rights.go) right when
// an article is made or moves: its base, and the base it left.
func (m *Module) rescoped(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	_, parent := c.Links["parent"]
	_, base := c.Links["base"]
	if !c.New && !parent && !base {
		return nil
	}
	if c.New { // no roles of its own yet: it follows its parent's
		return m.inherit(ctx, c.Scope.Account, rec.ID, rec.Links["parent"].ID)
	}
	if err := m.rescope(ctx, c.Scope.Account, baseOf(rec)); err != nil {
		return err
	}
	if c.Old != nil && c.Old.Links["base"].ID != 0 && c.Old.Links["base"].ID != baseOf(rec) {
		return m.rescope(ctx, c.Scope.Account, c.Old.Links["base"].ID)
	}
	return nil
}

func linkID(l *value.Link) int64 {
	if l == nil {
		return 0
	}
	return l.ID
}

// nextPos is one past the last orderPos among an article's siblings (or
// among the bases), so a new entry goes last.
func (m *Module) nextPos(ctx context.Context, sc entity.Scope, typ string, base, parent int64) (int64, error) {
	q := "SELECT COALESCE(MAX(c_orderpos), 0) FROM e_knowledgebase WHERE account_id = ?"
	args := []any{sc.Account}
	if typ == "KnowledgeArticle" {
		q, args = siblingsWhere("SELECT COALESCE(MAX(c_orderpos), 0) FROM e_knowledgearticle", sc.Account, base, parent)
	}
	var n int64
	if err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(q), args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("knowledge: order: %w", err)
	}
	return n + 1, nil
}

// siblingsWhere is a query over the articles directly under parent (or
// at the root of base when parent is 0).
func siblingsWhere(head string, account, base, parent int64) (string, []any) {
	if parent == 0 {
		return head + " WHERE account_id = ? AND c_base_i = ? AND c_parent_i IS NULL", []any{account, base}
	}
	return head + " WHERE account_id = ? AND c_parent_i = ?", []any{account, parent}
}
