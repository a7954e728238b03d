package doc

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/file"
	"github.com/artel/artel/internal/value"
)

// HTTP is the documents area's routes, named as the reference names them
// where it does. See docs/doc.md.
type HTTP struct {
	Engine *entity.Engine
	Docs   *Module
	Files  *file.Files
}

// Routes registers the area's routes and error wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /docFolder", a.folders)
	rt.Handle("POST /docFolder", a.createFolder)
	rt.Handle("GET /docFolder/{id}", a.getFolder)
	rt.Handle("POST /docFolder/{id}", a.updateFolder)
	rt.Handle("DELETE /docFolder/{id}", a.dropFolder)
	rt.Handle("GET /docFolder/{id}/rights", a.folderRights)
	rt.Handle("GET /docFolder/{id}/inheritedRights", a.folderEffective)
	rt.Handle("GET /doc", a.docs)
	rt.Handle("POST /doc", a.createDoc)
	rt.Handle("GET /doc/{id}", a.getDoc)
	rt.Handle("POST /doc/{id}", a.updateDoc)
	rt.Handle("DELETE /doc/{id}", a.dropDoc)
	rt.Handle("GET /doc/{id}/path", a.path)
	rt.Handle("GET /doc/{id}/rights", a.docRights)
	rt.Handle("GET /doc/{id}/inheritedRights", a.docEffective)
	rt.Handle("POST /doc/{id}/newVersion", a.newVersion)
	rt.Handle("POST /doc/{id}/setActualVersion", a.setActual)
	rt.Handle("GET /doc/{id}/versions", a.versions)
	rt.Handle("GET /doc/{id}/actualVersion", a.actualVersion)
	rt.Handle("GET /doc/{id}/versionByRevision/{id}", a.byRevision)
	rt.Handle("POST /docRights", a.grant)
	rt.Handle("GET /docRights/{id}", a.getRight)
	rt.Handle("POST /docRights/{id}", a.changeRight)
	rt.Handle("DELETE /docRights/{id}", a.revoke)
	rt.Describe("GET /docFolder/{id}/rights", [2]string{"Права, выданные на папку", "The rights given on a folder"})
	rt.Describe("GET /docFolder/{id}/inheritedRights", [2]string{"Все права на папку, с унаследованными",
		"Every right held on a folder, inherited ones too"})
	rt.Describe("GET /doc/{id}/rights", [2]string{"Права, выданные на документ", "The rights given on a document"})
	rt.Describe("POST /docRights", [2]string{"Выдача права на папку или документ", "Give a right on a folder or document"})
	a.shareRoutes(rt)
	rt.Messages(Wording)
}

func orEmpty(data []any) []any {
	if data == nil {
		return []any{}
	}
	return data
}

// parentFilter narrows a list to one folder's content when parentFolder
// is given (null: the root); without it the list is everything the
// reader sees, so a tree is drawn from one call.
func parentFilter(r *api.Request, col string) (*entity.Condition, *api.Response) {
	rawParent, ok := r.TakeQuery("parentFolder")
	if !ok {
		return nil, nil
	}
	// Both halves of the link are named, so the (folder, name) index
	// answers a folder's page in order (catalog's composite indexes).
	if string(rawParent) == "null" {
		return &entity.Condition{SQL: col + "_i IS NULL AND " + col + "_t IS NULL"}, nil
	}
	l, err := value.DecodeLink(rawParent, []string{"DocFolder"})
	if err != nil || l.ID == 0 {
		res := r.FieldFail("parentFolder", entity.CodeBadParam)
		return nil, &res
	}
	return &entity.Condition{SQL: col + "_i = ? AND " + col + "_t = 'DocFolder'", Args: []any{l.ID}}, nil
}

func (a *HTTP) list(ctx context.Context, r *api.Request, typ, col string) api.Response {
	cond, res := parentFilter(r, a.Engine.Cat.Type(typ).Table+"."+col)
	if res != nil {
		return *res
	}
	lq, err := r.ListQuery(typ)
	if err != nil {
		return r.Fail(err)
	}
	if len(lq.Sort) == 0 {
		lq.Sort = []entity.SortField{{Field: "name"}}
	}
	if lq.Limit == 0 && typ == "DocFolder" {
		lq.Limit = entity.MaxLimit // the tree is drawn whole
	}
	if cond != nil {
		lq.Where = append(lq.Where, *cond)
	}
	return r.Page(ctx, typ, lq)
}

func (a *HTTP) folders(ctx context.Context, r *api.Request) api.Response {
	return a.list(ctx, r, "DocFolder", "c_parent")
}

func (a *HTTP) docs(ctx context.Context, r *api.Request) api.Response {
	return a.list(ctx, r, "Doc", "c_folder")
}

func (a *HTTP) createFolder(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	rec, err := a.Engine.Create(ctx, r.Scope(), "DocFolder", in)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

func (a *HTTP) getFolder(ctx context.Context, r *api.Request) api.Response {
	return r.Get(ctx, "DocFolder", r.IDs[0])
}

func (a *HTTP) updateFolder(ctx context.Context, r *api.Request) api.Response {
	return r.Update(ctx, "DocFolder", r.IDs[0])
}

func (a *HTTP) dropFolder(ctx context.Context, r *api.Request) api.Response {
	if err := a.Engine.Delete(ctx, r.Scope(), "DocFolder", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{})
}

// createDoc makes a document with its first version: the body is a Doc
// with, beside its fields, content: a File link or a text.
func (a *HTTP) createDoc(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	var c Content
	if body, ok := in["content"]; ok {
		delete(in, "content")
		var err error
		if c, err = ParseContent(json.RawMessage(`{"content":` + string(body) + `}`)); err != nil {
			return r.Fail(err)
		}
	}
	rec, err := a.Docs.Create(ctx, r.Scope(), in, c)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

func (a *HTTP) getDoc(ctx context.Context, r *api.Request) api.Response {
	return r.Get(ctx, "Doc", r.IDs[0])
}

func (a *HTTP) updateDoc(ctx context.Context, r *api.Request) api.Response {
	return r.Update(ctx, "Doc", r.IDs[0])
}

func (a *HTTP) dropDoc(ctx context.Context, r *api.Request) api.Response {
	if err := a.Engine.Delete(ctx, r.Scope(), "Doc", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{})
}

// path is the folders from the root down to a document's folder, as far
// up as the reader sees them.
func (a *HTTP) path(ctx context.Context, r *api.Request) api.Response {
	doc, err := a.Engine.Get(ctx, r.Scope(), "Doc", r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	var recs []*entity.Record
	for at, hops := doc.Links["folder"].ID, 0; at != 0 && hops < 1000; hops++ {
		f, err := a.Engine.Get(ctx, r.Scope(), "DocFolder", at)
		if err != nil {
			break
		}
		recs = append([]*entity.Record{f}, recs...)
		at = f.Links["parent"].ID
	}
	data, err := r.Encode(ctx, recs, entity.Selection{})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(orEmpty(data))
}
