package knowledge

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the knowledge area's routes, named as the reference names them.
// See docs/knowledge.md.
type HTTP struct {
	Engine    *entity.Engine
	Knowledge *Module
}

// Routes registers the area's routes and error wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /knowledgeBase", a.bases)
	rt.Handle("POST /knowledgeBase", a.createBase)
	rt.Handle("GET /knowledgeBase/all", a.all)
	rt.Handle("GET /knowledgeBase/trash", a.trash)
	rt.Handle("GET /knowledgeBase/{id}", a.getBase)
	rt.Handle("POST /knowledgeBase/{id}", a.updateBase)
	rt.Handle("DELETE /knowledgeBase/{id}", a.dropBase)
	rt.Handle("POST /knowledgeBase/{id}/recover", a.recoverBase)
	rt.Handle("POST /knowledgeBase/{id}/article", a.createArticle)
	rt.Handle("GET /knowledgeBase/{id}/articles", a.articles)
	rt.Handle("GET /knowledgeBase/{id}/rights", a.rights(a.onBase))
	rt.Handle("POST /knowledgeBase/{id}/rights", a.grant(a.onBase))
	rt.Handle("POST /knowledgeBase/{id}/multiRights", a.multiRights(a.onBase))
	rt.Handle("DELETE /knowledgeBase/{id}/rights/{id}", a.revoke(a.onBase))
	rt.Handle("GET /knowledgeArticle/{id}/rights", a.rights(a.onArticle))
	rt.Handle("POST /knowledgeArticle/{id}/rights", a.grant(a.onArticle))
	rt.Handle("POST /knowledgeArticle/{id}/multiRights", a.multiRights(a.onArticle))
	rt.Handle("DELETE /knowledgeArticle/{id}/rights/{id}", a.revoke(a.onArticle))
	rt.Handle("POST /knowledgeArticle/sort", a.sort)
	rt.Handle("GET /knowledgeArticle/{id}", a.getArticle)
	rt.Handle("POST /knowledgeArticle/{id}", a.updateArticle)
	rt.Handle("DELETE /knowledgeArticle/{id}", a.dropArticle)
	rt.Handle("POST /knowledgeArticle/{id}/article", a.createChild)
	rt.Handle("POST /knowledgeArticle/{id}/moveTo", a.moveTo)
	rt.Handle("GET /knowledgeArticle/{id}/availableMoveTargets", a.moveTargets)
	rt.Handle("POST /knowledgeArticle/{id}/copy", a.copy)
	rt.Handle("POST /knowledgeArticle/{id}/recover", a.recoverArticle)
	rt.Handle("GET /knowledgeArticle/{id}/versions", a.versions)
	rt.Handle("GET /knowledgeArticle/{id}/backlinks", a.backlinks)
	rt.Handle("POST /knowledgeArticle/{id}/versions/{id}/restore", a.restoreVersion)
	rt.Describe("GET /knowledgeArticle/{id}/versions", [2]string{"Версии статьи базы знаний", "The versions of a knowledge article"})
	rt.Describe("POST /knowledgeArticle/{id}/versions/{id}/restore",
		[2]string{"Восстановление версии статьи", "Restore a version of a knowledge article"})
	rt.Messages(Wording)
}

// notDropped keeps the trash out of the base and article lists.
func notDropped(table string) entity.Condition {
	return entity.Condition{SQL: "COALESCE(" + table + ".c_isdropped, 0) = 0"}
}

// byTree orders a list by orderPos unless the caller sorts it.
func byTree(lq *entity.ListQuery) {
	if len(lq.Sort) == 0 {
		lq.Sort = []entity.SortField{{Field: "orderPos"}}
	}
}

func (a *HTTP) bases(ctx context.Context, r *api.Request) api.Response {
	lq, err := r.ListQuery("KnowledgeBase")
	if err != nil {
		return r.Fail(err)
	}
	byTree(&lq)
	lq.Where = append(lq.Where, notDropped("e_knowledgebase"))
	return r.Page(ctx, "KnowledgeBase", lq)
}

func (a *HTTP) articles(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), "KnowledgeBase", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery("KnowledgeArticle")
	if err != nil {
		return r.Fail(err)
	}
	byTree(&lq)
	if lq.Limit == 0 {
		lq.Limit = entity.MaxLimit // the tree is drawn whole
	}
	lq.Where = append(lq.Where, notDropped("e_knowledgearticle"),
		entity.Condition{SQL: "e_knowledgearticle.c_base_i = ?", Args: []any{r.IDs[0]}})
	return r.Page(ctx, "KnowledgeArticle", lq)
}

// all is every base the reader sees, then their articles.
func (a *HTTP) all(ctx context.Context, r *api.Request) api.Response {
	var data []any
	for _, typ := range []string{"KnowledgeBase", "KnowledgeArticle"} {
		lq := entity.ListQuery{Limit: entity.MaxLimit, Sort: []entity.SortField{{Field: "orderPos"}},
			Where: []entity.Condition{notDropped(a.Engine.Cat.Type(typ).Table)}}
		page, err := a.Engine.List(ctx, r.Scope(), typ, lq, r.Options())
		if err != nil {
			return r.Fail(err)
		}
		enc, err := r.Encode(ctx, page.Records, entity.Selection{})
		if err != nil {
			return r.Fail(err)
		}
		data = append(data, enc...)
	}
	return api.OK(orEmpty(data))
}

func orEmpty(data []any) []any {
	if data == nil {
		return []any{}
	}
	return data
}

func (a *HTTP) createBase(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	rec, err := a.Engine.Create(ctx, r.Scope(), "KnowledgeBase", in)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

func (a *HTTP) getBase(ctx context.Context, r *api.Request) api.Response {
	return r.Get(ctx, "KnowledgeBase", r.IDs[0])
}

func (a *HTTP) updateBase(ctx context.Context, r *api.Request) api.Response {
	return r.Update(ctx, "KnowledgeBase", r.IDs[0])
}

func (a *HTTP) getArticle(ctx context.Context, r *api.Request) api.Response {
	return r.Get(ctx, "KnowledgeArticle", r.IDs[0])
}

func (a *HTTP) updateArticle(ctx context.Context, r *api.Request) api.Response {
	return r.Update(ctx, "KnowledgeArticle", r.IDs[0])
}

func (a *HTTP) dropBase(ctx context.Context, r *api.Request) api.Response {
	if err := a.Knowledge.DropBase(ctx, r.Scope(), r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{})
}

func (a *HTTP) dropArticle(ctx context.Context, r *api.Request) api.Response {
	if err := a.Knowledge.DropArticle(ctx, r.Scope(), r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{})
}

func (a *HTTP) recoverBase(ctx context.Context, r *api.Request) api.Response {
	rec, err := a.Knowledge.RecoverBase(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// create makes an article under a base or a parent article from the body.
func (a *HTTP) create(ctx context.Context, r *api.Request, under string) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	delete(in, "base")
	delete(in, "parent")
	typ := "KnowledgeBase"
	if under == "parent" {
		typ = "KnowledgeArticle"
	}
	in[under] = raw(value.EncodeLink(value.Link{Type: typ, ID: r.IDs[0]}))
	rec, err := a.Engine.Create(ctx, r.Scope(), "KnowledgeArticle", in)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

func (a *HTTP) createArticle(ctx context.Context, r *api.Request) api.Response {
	return a.create(ctx, r, "base")
}

func (a *HTTP) createChild(ctx context.Context, r *api.Request) api.Response {
	return a.create(ctx, r, "parent")
}

// list answers articles by id, in the order given.
func (a *HTTP) list(ctx context.Context, r *api.Request, ids []int64) api.Response {
	recs, err := a.Engine.GetMany(ctx, r.Scope(), "KnowledgeArticle", ids)
	if err != nil {
		return r.Fail(err)
	}
	at := make(map[int64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	slices.SortFunc(recs, func(x, y *entity.Record) int { return at[x.ID] - at[y.ID] })
	data, err := r.Encode(ctx, recs, entity.Selection{})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(orEmpty(data))
}

// body decodes the request body into v, or answers 422 on field.
func body(r *api.Request, v any, field string) *api.Response {
	if err := json.Unmarshal(r.Body(), v); err != nil {
		res := r.FieldFail(field, entity.CodeBadParam)
		return &res
	}
	return nil
}

var articleOnly = []string{"KnowledgeArticle"}

func (a *HTTP) sort(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		Source, Target json.RawMessage
		Position       string
	}
	if res := body(r, &in, "source"); res != nil {
		return *res
	}
	src, err := value.DecodeLink(in.Source, articleOnly)
	if err != nil || src.ID == 0 {
		return r.FieldFail("source", entity.CodeBadParam)
	}
	dst, err := value.DecodeLink(in.Target, articleOnly)
	if err != nil || dst.ID == 0 {
		return r.FieldFail("target", entity.CodeBadParam)
	}
	if in.Position != "before" && in.Position != "after" {
		return r.FieldFail("position", entity.CodeBadParam)
	}
	ids, err := a.Knowledge.Sort(ctx, r.Scope(), src.ID, dst.ID, in.Position == "after")
	if err != nil {
		return r.Fail(err)
	}
	return a.list(ctx, r, ids)
}

func (a *HTTP) moveTo(ctx context.Context, r *api.Request) api.Response {
	to, err := value.DecodeLink(r.Body(), []string{"KnowledgeArticle", "KnowledgeBase"})
	if err != nil || to.ID == 0 {
		return r.FieldFail("target", entity.CodeBadParam)
	}
	ids, err := a.Knowledge.MoveTo(ctx, r.Scope(), r.IDs[0], to)
	if err != nil {
		return r.Fail(err)
	}
	return a.list(ctx, r, ids)
}

func (a *HTTP) recoverArticle(ctx context.Context, r *api.Request) api.Response {
	var in struct{ Target json.RawMessage }
	if len(r.Body()) > 0 {
		if res := body(r, &in, "target"); res != nil {
			return *res
		}
	}
	var target *value.Link
	if len(in.Target) > 0 && string(in.Target) != "null" {
		to, err := value.DecodeLink(in.Target, []string{"KnowledgeArticle", "KnowledgeBase"})
		if err != nil || to.ID == 0 {
			return r.FieldFail("target", entity.CodeBadParam)
		}
		target = &to
	}
	ids, err := a.Knowledge.RecoverArticle(ctx, r.Scope(), r.IDs[0], target)
	if err != nil {
		return r.Fail(err)
	}
	return a.list(ctx, r, ids)
}
