// Package knowledge owns the knowledge base: bases and the roles people
// hold on them, the tree of articles, the versions every save of an
// article's text leaves, and the trash. See docs/knowledge.md.
package knowledge

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// Codes of the knowledge rules' refusals (422, on the field named).
const (
	CodeBadRole    = "knowledge_bad_role"
	CodeLastOwner  = "knowledge_last_owner"
	CodeCycle      = "knowledge_move_cycle"
	CodeOtherBase  = "knowledge_other_base"
	CodeUseMove    = "knowledge_use_move"
	CodeDropped    = "knowledge_dropped"
	CodeNotDropped = "knowledge_not_dropped"
	CodeBadSubject = "knowledge_bad_subject"
)

// Wording is the refusals' text, ru and en.
var Wording = map[string][2]string{
	CodeBadRole:    {"Роль — одна из: owner, editor, reader, nobody", "A role is one of owner, editor, reader, nobody"},
	CodeLastOwner:  {"У базы знаний должен остаться владелец", "A knowledge base must keep an owner"},
	CodeCycle:      {"Статью нельзя переместить внутрь неё самой", "An article cannot move inside itself"},
	CodeOtherBase:  {"Статья и её родитель должны быть в одной базе", "An article and its parent must be in one base"},
	CodeUseMove:    {"Место статьи в дереве меняют перемещением", "An article's place in the tree changes by moving it"},
	CodeDropped:    {"Статья или база в корзине", "The article or base is in the trash"},
	CodeNotDropped: {"Статья или база не в корзине", "The article or base is not in the trash"},
	CodeBadSubject: {"Право дают сотруднику, отделу или группе", "A right is given to an employee, a department or a group"},
}

// Module is the knowledge rules over the engine.
type Module struct {
	e *entity.Engine
}

// Register installs the rules: hooks that check roles and keep versions,
// and the reader's accessRole on bases and articles.
func Register(e *entity.Engine) *Module {
	m := &Module{e: e}
	e.Hook("KnowledgeBase", entity.Hooks{BeforeSave: m.beforeBase, AfterSave: m.afterBase})
	e.Hook("KnowledgeArticle", entity.Hooks{BeforeSave: m.beforeArticle, AfterSave: m.afterArticle})
	e.NeedFields("KnowledgeArticle", "base", "parent", "isDropped", "orderPos")
	e.NeedFields("KnowledgeBase", "isDropped")
	m.registerBacklinks(e)
	e.Compute("KnowledgeBase", entity.Computer{Fields: []string{"accessRole"}, InLists: true, Fill: m.fillRole})
	e.Compute("KnowledgeArticle", entity.Computer{Fields: []string{"accessRole"}, InLists: true, Fill: m.fillRole})
	return m
}

// system is the rules' own scope for writes they have already judged
// (tree moves, the trash), in the caller's name.
func system(sc entity.Scope) entity.Scope {
	return entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true, Lang: sc.Lang}
}

// baseOf is the base an article or base record belongs to.
func baseOf(rec *entity.Record) int64 {
	if rec.Type.Name == "KnowledgeBase" {
		return rec.ID
	}
	return rec.Links["base"].ID
}

func dropped(rec *entity.Record) bool {
	v, _ := rec.Values["isDropped"].(int64)
	return v != 0
}

// fillRole answers accessRole: the reader's effective role on the base,
// or on the article (article_rights.go).
func (m *Module) fillRole(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	roles, err := m.rolesOf(ctx, sc, recs)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if r.Computed == nil {
			r.Computed = map[string]any{}
		}
		r.Computed["accessRole"] = roles[r.ID].String()
	}
	return nil
}

// rolesOf is the reader's role on each record (bases or articles, one
// type per call, as the engine hands them), by record id.
func (m *Module) rolesOf(ctx context.Context, sc entity.Scope, recs []*entity.Record) (map[int64]Role, error) {
	if len(recs) > 0 && recs[0].Type.Name == "KnowledgeBase" {
		ids := make([]int64, len(recs))
		for i, r := range recs {
			ids[i] = r.ID
		}
		return m.Roles(ctx, sc, ids)
	}
	arts := make(map[int64]int64, len(recs))
	for _, r := range recs {
		arts[r.ID] = baseOf(r)
	}
	return m.ArticleRoles(ctx, sc, arts)
}
